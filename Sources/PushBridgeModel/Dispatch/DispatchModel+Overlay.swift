import PushBridge

/// The user acts on a notification from Notification Center (or the Lock Screen's list, or with
/// Control Center) pulled down over the running app: the app is on screen but inactive
/// (``ScreenOverlay``).
extension DispatchModel {
    /// The state the tap's callback runs in when the app is covered: `inactive` up to iOS 10,
    /// `active` from iOS 11.
    ///
    /// - iOS 7–10, `inactive`, as a tap from the background: urbanairship/urbanairship-cordova#73
    ///   (2014, iOS 7: a tap in Notification Center over the app in the foreground "behaves like a
    ///   'resume'"); square/SuperDelegate#11 (iPhone 5S, iOS 9.3.2: `applicationIsInForeground &&
    ///   applicationState == .Inactive` when a notification is tapped in Notification Center);
    ///   rdar 34332569 (lionheart/openradar-mirror#18350: "true on iOS 10.3.3").
    /// - iOS 11, `active`: rdar 34332569 (2017, filed as a bug: the app "reports its state as
    ///   Active if it handles a push notification in response to a user tapping a notification").
    /// - iOS 12 and later, `active` *(inference: the radar is still open in the mirror and no
    ///   later report with a version says the state changed back)*.
    ///
    /// Method 5 runs in the same state as 2 and 3 would *(inference: the radar names
    /// `application(_:didReceiveRemoteNotification:)`; it is the application's state, which 5
    /// reads too)*.
    static func coveredTapState(_ facts: DeliveryFacts) -> ApplicationState {
        facts.version.major >= 11 ? .active : .inactive
    }

    /// A tap on the notification while the app is covered: iOS 10+ with method 5, 5; otherwise
    /// the remote handler (or L for a local notification before iOS 10), in the covered state.
    ///
    /// On iOS 10 and 11 an app with no `UNUserNotificationCenter` delegate still gets the tap in
    /// its remote handler (method 2 or 3): rdar 34332569's sample app handled it in
    /// `application(_:didReceiveRemoteNotification:)` on iOS 10.3.3 and 11. From iOS 12 the same
    /// *(inference: no source shows the tap lost there)*. Unlike a tap on a foreground banner of
    /// an app with no delegate (a `noCenterDelegate` loss), the system does not treat the covered
    /// app as the one presenting: it hands the tap over as for an app it brings forward.
    static func tapCovered(_ facts: DeliveryFacts, calls: inout CallRecorder) {
        let state = coveredTapState(facts)
        if facts.didReceiveResponse(coldStart: false) {
            calls.append(respond(.didReceiveResponse, state, .default))
        } else if facts.isLocal {
            if facts.version.major < 10, facts.implements(.didReceiveLocalNotification) {
                calls.append(call(.didReceiveLocalNotification, state))
            }
        } else if let handler = facts.remoteHandler {
            calls.append(call(handler, state))
        }
    }
}

extension RunningApp {
    /// The app for an action or a dismissal, which treat a covered app as one on screen.
    var onScreen: RunningApp { self == .foregroundCovered ? .foreground : self }
}
