import PushBridge

/// Phase 1: what happens when a notification arrives.
extension DispatchModel {
    /// What phase 1 leaves for phase 2: what the system shows and where the app is.
    struct ArrivalOutcome: Sendable {
        var display: NotificationDisplay
        var app: RunningApp
        /// A background push iOS held (Background App Refresh off, Low Power Mode) to hand to 3
        /// when the user next launches the app.
        var held = false
    }

    /// Appends the arrival's calls to `calls`; returns the display and the app's state after it.
    static func arrive(_ facts: DeliveryFacts, calls: inout CallRecorder) -> ArrivalOutcome {
        facts.isLocal ? arriveLocal(facts, calls: &calls) : arriveRemote(facts, calls: &calls)
    }

    /// A remote notification arrives.
    private static func arriveRemote(_ facts: DeliveryFacts, calls: inout CallRecorder) -> ArrivalOutcome {
        switch facts.state {
        case .foreground:
            // iOS 10+ with willPresent: 3 first if the push is also a background fetch, then 4.
            // Silent pushes never go to willPresent.
            if facts.willPresent && !facts.silent {
                if facts.contentAvailable && facts.fetchHandler {
                    calls.append(arrival(.didReceiveRemoteNotificationFetch, .active))
                }
                calls.append(arrival(.willPresent, .active))
                return ArrivalOutcome(display: presentedDisplay(facts), app: .foreground)
            }
            // Otherwise the remote handler, and nothing is shown (before iOS 10 the system never
            // shows a foreground notification; on 10+ without willPresent the seeds saw none).
            if let handler = facts.remoteHandler { calls.append(arrival(handler, .active)) }
            return ArrivalOutcome(display: foregroundDisplayWithoutWillPresent(facts), app: .foreground)

        case .background:
            // Only a content-available push with 3 and the background mode runs the app; 2 never
            // (unless the disputed reading says so).
            if facts.wakesAppInBackground {
                calls.append(arrival(.didReceiveRemoteNotificationFetch, .background))
            } else if facts.method2InBackground, facts.contentAvailable, facts.backgroundMode, facts.backgroundWakeAllowed,
                facts.remoteHandler == .didReceiveRemoteNotification
            {
                calls.append(arrival(.didReceiveRemoteNotification, .background))
            }
            return ArrivalOutcome(display: facts.displayOutsideForeground, app: .background, held: facts.heldForNextLaunch)

        case .notRunning:
            return launchIntoBackground(facts, calls: &calls)

        case .forceQuit:
            // iOS does not launch an app the user swiped away, content-available or not (Apple:
            // "the system does not automatically launch your app if the user has force-quit it",
            // the fetch method's page) — unless the disputed reading says it does on iOS 13+.
            if facts.forceQuitWakes { return launchIntoBackground(facts, calls: &calls) }
            return ArrivalOutcome(display: facts.displayOutsideForeground, app: .terminated)
        }
    }

    /// A push for an app with no process: a content-available push with 3 and the background
    /// mode launches it into the background: 1, then 3 (a scene app's launch options carry
    /// nothing: Apple points to 3, "after scene connection"). Otherwise it stays terminated.
    private static func launchIntoBackground(_ facts: DeliveryFacts, calls: inout CallRecorder) -> ArrivalOutcome {
        guard facts.wakesAppInBackground else {
            return ArrivalOutcome(display: facts.displayOutsideForeground, app: .terminated, held: facts.heldForNextLaunch)
        }
        calls.append(arrival(.didFinishLaunching, .background, launchOptionsKey: facts.scenes ? nil : .remoteNotification))
        calls.append(arrival(.didReceiveRemoteNotificationFetch, .background))
        return ArrivalOutcome(display: facts.displayOutsideForeground, app: .backgroundWithoutScene)
    }

    /// What a foreground notification shows when 4 is not called: nothing, or — with no center
    /// delegate at all on iOS 10+ and the disputed reading `asSent` — what it shows outside the
    /// foreground.
    private static func foregroundDisplayWithoutWillPresent(_ facts: DeliveryFacts) -> NotificationDisplay {
        guard facts.foregroundDisplayWithoutDelegate, facts.version.major >= 10, facts.centerDelegate == .none else { return .none }
        return facts.displayOutsideForeground
    }

    /// A local notification fires.
    private static func arriveLocal(_ facts: DeliveryFacts, calls: inout CallRecorder) -> ArrivalOutcome {
        guard facts.state == .foreground else {
            // Nothing is called; a local notification shows as any visible one.
            return ArrivalOutcome(display: facts.displayOutsideForeground, app: facts.state.isTerminated ? .terminated : .background)
        }
        if facts.willPresent {
            calls.append(arrival(.willPresent, .active))
            return ArrivalOutcome(display: presentedDisplay(facts), app: .foreground)
        }
        // Before iOS 10: L if implemented (on 10+ L no longer exists).
        if facts.implements(.didReceiveLocalNotification) { calls.append(arrival(.didReceiveLocalNotification, .active)) }
        return ArrivalOutcome(display: foregroundDisplayWithoutWillPresent(facts), app: .foreground)
    }

    /// What a foreground notification shows once willPresent has answered: what it answered
    /// (the spec's rule, whatever the payload shows).
    private static func presentedDisplay(_ facts: DeliveryFacts) -> NotificationDisplay {
        facts.shown(facts.presentation.display(on: facts.version))
    }

    private static func arrival(
        _ callback: SystemCallback, _ state: ApplicationState, launchOptionsKey: LaunchOptionsKey? = nil
    ) -> SystemCall {
        SystemCall(phase: .arrival, callback: callback, state: state, launchOptionsKey: launchOptionsKey)
    }
}
