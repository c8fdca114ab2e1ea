import PushBridge

/// Phase 1: what happens when a notification arrives.
extension DispatchModel {
    /// What phase 1 leaves for phase 2: what the system shows and where the app is.
    struct ArrivalOutcome: Sendable {
        var display: NotificationDisplay
        var app: RunningApp
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
            return ArrivalOutcome(display: .none, app: .foreground)

        case .background:
            // Only a content-available push with 3 and the background mode runs the app; 2 never.
            if facts.wakesAppInBackground { calls.append(arrival(.didReceiveRemoteNotificationFetch, .background)) }
            return ArrivalOutcome(display: facts.displayOutsideForeground, app: .background)

        case .notRunning:
            // The same push launches a not-running app into the background: 1, then 3 (a scene
            // app's launch options carry nothing: Apple points to 3, "after scene connection").
            guard facts.wakesAppInBackground else {
                return ArrivalOutcome(display: facts.displayOutsideForeground, app: .terminated)
            }
            calls.append(arrival(.didFinishLaunching, .background, launchOptionsKey: facts.scenes ? nil : .remoteNotification))
            calls.append(arrival(.didReceiveRemoteNotificationFetch, .background))
            return ArrivalOutcome(display: facts.displayOutsideForeground, app: .background)

        case .forceQuit:
            // iOS does not launch an app the user swiped away, content-available or not.
            return ArrivalOutcome(display: facts.displayOutsideForeground, app: .terminated)
        }
    }

    /// A local notification fires.
    private static func arriveLocal(_ facts: DeliveryFacts, calls: inout CallRecorder) -> ArrivalOutcome {
        guard facts.state == .foreground else {
            // Nothing is called; local notifications are always visible.
            return ArrivalOutcome(display: .banner, app: facts.state.isTerminated ? .terminated : .background)
        }
        if facts.willPresent {
            calls.append(arrival(.willPresent, .active))
            return ArrivalOutcome(display: presentedDisplay(facts), app: .foreground)
        }
        // Before iOS 10: L if implemented (on 10+ L no longer exists).
        if facts.implements(.didReceiveLocalNotification) { calls.append(arrival(.didReceiveLocalNotification, .active)) }
        return ArrivalOutcome(display: .none, app: .foreground)
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
