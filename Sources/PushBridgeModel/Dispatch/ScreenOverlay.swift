import PushBridge

/// System UI pulled down over an app that is on screen: the app stays in the foreground but is
/// no longer active (`applicationState == .inactive`).
///
/// The stackoverflow answer "Detect if the app was launched/opened from a push notification"
/// (the `willResignActiveCalled` answer) and OneSignal/OneSignal-iOS-SDK#719 (2020: "the
/// notification center or control center is pulled up over the App") describe the state;
/// urbanairship/urbanairship-cordova#73 (iOS 7), square/SuperDelegate#11 (iPhone 5S, iOS 9.3.2)
/// and rdar 34332569 (iOS 10.3.3 and 11) what a tap in it calls. The rules are in
/// `DispatchModel+Overlay.swift`.
public enum ScreenOverlay: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Nothing covers the app: a foreground app is active (the default).
    case none
    /// Notification Center, or the Lock Screen's notification list, pulled down over the app.
    case notificationCenter
    /// Control Center pulled down over the app.
    case controlCenter

    /// The scenario value.
    public var description: String { rawValue }
}

/// What iOS and APNs did to a push before any of the app's methods could run, when that was not
/// plain delivery: the trace's `delivery`.
public enum DeliveryVerdict: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// iOS 13+: the `apns-push-type` does not describe the payload (an `alert` push carrying only
    /// `content-available`, a `background` push carrying an alert, badge or sound), and APNs
    /// dropped it (the default reading of Apple's "may delay … or drop it altogether").
    case droppedPushTypeMismatch
    /// The same mismatch, delivered late under the knob `disputed.pushTypeMismatch: "delayed"`:
    /// the calls are those of the payload, made when it finally arrives.
    case delayedPushTypeMismatch
    /// A background push sent with `apns-priority: 10`: refused (Apple: "using priority 10 is an
    /// error"; threema-ch/push-relay#32, iOS 13: "rejected by the system").
    case refusedPriority
    /// A background push beyond the hourly budget: iOS defers it and holds the newest for the
    /// app's next launch (Apple, "Pushing background updates to your App"; firebase/firebase-ios-sdk#7072).
    case deferredBudget

    /// The trace value.
    public var description: String { rawValue }
}

/// What APNs does with a push whose `apns-push-type` does not describe its payload.
public enum PushTypeMismatchOutcome: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Dropped: nothing reaches the device (the default; malliina/mobile-push#19,
    /// andrei-m-code/net-core-push-notifications#9).
    case dropped
    /// Delivered late, as its payload says.
    case delayed

    /// The scenario value.
    public var description: String { rawValue }
}

/// What iOS 13+ does with a `background` push whose `content-available` payload also badges or
/// plays a sound (no alert): the sources disagree (``DisputedBehaviours/backgroundBadgeOrSound``).
public enum BackgroundBadgeOrSoundOutcome: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Delivered as a background push: the app is woken as for any (the default; Apple Developer
    /// Forums thread 745345, a real-device report).
    case delivered
    /// A push-type mismatch, which ``DisputedBehaviours/pushTypeMismatch`` governs (the older
    /// inference from Apple's "must accurately reflect the contents of your notification's payload").
    case dropped

    /// The scenario value.
    public var description: String { rawValue }
}
