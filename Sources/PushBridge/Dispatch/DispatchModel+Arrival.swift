/// Phase 1: what happens when a notification arrives.
extension DispatchModel {
    struct ArrivalOutcome: Sendable {
        var calls: [SystemCall]
        var display: NotificationDisplay
        var app: RunningApp
    }

    static func arrive(_ facts: DeliveryFacts) -> ArrivalOutcome {
        facts.isLocal ? arriveLocal(facts) : arriveRemote(facts)
    }

    /// A remote notification arrives.
    private static func arriveRemote(_ facts: DeliveryFacts) -> ArrivalOutcome {
        switch facts.scenario.state {
        case .foreground:
            // iOS 10+ with willPresent: 3 first if the push is also a background fetch, then 4.
            // Silent pushes never go to willPresent.
            if facts.willPresent && !facts.silent {
                var calls: [SystemCall] = []
                if facts.contentAvailable && facts.fetchHandler {
                    calls.append(arrival(.didReceiveRemoteNotificationFetch, .active))
                }
                calls.append(arrival(.willPresent, .active))
                return ArrivalOutcome(calls: calls, display: presentedDisplay(facts), app: .foreground)
            }
            // Otherwise the remote handler, and nothing is shown (before iOS 10 the system never
            // shows a foreground notification; on 10+ without willPresent the seeds saw none).
            let calls = facts.remoteHandler.map { [arrival($0, .active)] } ?? []
            return ArrivalOutcome(calls: calls, display: .none, app: .foreground)

        case .background:
            // Only a content-available push with 3 and the background mode runs the app; 2 never.
            let calls = facts.wakesAppInBackground ? [arrival(.didReceiveRemoteNotificationFetch, .background)] : []
            return ArrivalOutcome(calls: calls, display: facts.displayOutsideForeground, app: .background)

        case .notRunning:
            // The same push launches a not-running app into the background: 1, then 3.
            guard facts.wakesAppInBackground else {
                return ArrivalOutcome(calls: [], display: facts.displayOutsideForeground, app: .terminated)
            }
            let calls = [
                arrival(.didFinishLaunching, .background, launchOptionsKey: .remoteNotification),
                arrival(.didReceiveRemoteNotificationFetch, .background),
            ]
            return ArrivalOutcome(calls: calls, display: facts.displayOutsideForeground, app: .background)

        case .forceQuit:
            // iOS does not launch an app the user swiped away, content-available or not.
            return ArrivalOutcome(calls: [], display: facts.displayOutsideForeground, app: .terminated)
        }
    }

    /// A local notification fires.
    private static func arriveLocal(_ facts: DeliveryFacts) -> ArrivalOutcome {
        guard facts.scenario.state == .foreground else {
            // Nothing is called; local notifications are always visible.
            let app: RunningApp = facts.scenario.state.isTerminated ? .terminated : .background
            return ArrivalOutcome(calls: [], display: .banner, app: app)
        }
        if facts.willPresent {
            return ArrivalOutcome(
                calls: [arrival(.willPresent, .active)], display: presentedDisplay(facts), app: .foreground)
        }
        // Before iOS 10: L if implemented (on 10+ L no longer exists).
        let calls = facts.implements(.didReceiveLocalNotification) ? [arrival(.didReceiveLocalNotification, .active)] : []
        return ArrivalOutcome(calls: calls, display: .none, app: .foreground)
    }

    /// What a foreground notification shows once willPresent has answered: what it answered
    /// (the spec's rule, whatever the payload shows).
    private static func presentedDisplay(_ facts: DeliveryFacts) -> NotificationDisplay {
        facts.scenario.presentation.display(on: facts.version)
    }

    private static func arrival(
        _ callback: SystemCallback, _ state: ApplicationState, launchOptionsKey: LaunchOptionsKey? = nil
    ) -> SystemCall {
        SystemCall(phase: .arrival, callback: callback, state: state, launchOptionsKey: launchOptionsKey)
    }
}
