/// Phase 2: what happens when the user acts on the notification (or opens the app instead).
extension DispatchModel {
    struct ResponseOutcome: Sendable {
        var calls: [SystemCall]
        var delivered: Bool?
    }

    static func respond(to user: UserAction, facts: DeliveryFacts, after arrival: ArrivalOutcome) -> ResponseOutcome {
        let calls: [SystemCall]
        switch user {
        case .none:
            return ResponseOutcome(calls: [], delivered: nil)
        case .openAppIcon:
            // A launch without the notification; a running app gets only lifecycle callbacks.
            let launch = SystemCall(phase: .action, callback: .didFinishLaunching, state: .inactive)
            return ResponseOutcome(calls: arrival.app == .terminated ? [launch] : [], delivered: false)
        case .tap, .dismiss, .action:
            // The user can act only on what the system displayed.
            guard arrival.display.isActionable else { return ResponseOutcome(calls: [], delivered: false) }
            switch user {
            case .tap: calls = tap(facts, app: arrival.app)
            case .dismiss: calls = dismiss(facts, app: arrival.app)
            case .action(let id, let foreground): calls = action(id, foreground: foreground, facts, app: arrival.app)
            case .none, .openAppIcon: calls = []
            }
        }
        return ResponseOutcome(calls: calls, delivered: calls.contains(where: \.carriesNotification))
    }

    /// The user taps the notification.
    private static func tap(_ facts: DeliveryFacts, app: RunningApp) -> [SystemCall] {
        let tapped = ResponseAction.default
        switch app {
        case .foreground:
            // Only iOS 10+ shows a foreground notification to tap. 5, else the remote handler
            // (inference), else nothing.
            if facts.didReceiveResponse(coldStart: false) { return [respond(.didReceiveResponse, .active, tapped)] }
            if !facts.isLocal, let handler = facts.remoteHandler { return [call(handler, .active)] }
            return []

        case .background:
            // iOS 10+: 5. Otherwise the remote handler (2 or 3), or L for a local notification
            // before iOS 10.
            if facts.didReceiveResponse(coldStart: false) { return [respond(.didReceiveResponse, .inactive, tapped)] }
            return handlerBefore10(facts).map { [call($0, .inactive)] } ?? []

        case .terminated:
            // A cold start: 1 with the notification in the launch options, then iOS 10+: 5;
            // iOS 7–9 (or 10+ without 5): 3; before iOS 7: nothing more. 2 is never called
            // after a launch. A delegate set after launch misses the response: the model falls
            // back as if 5 were not implemented (inference).
            let launch = call(.didFinishLaunching, .inactive, launchOptionsKey: facts.launchOptionsKey)
            if facts.didReceiveResponse(coldStart: true) {
                return [launch, respond(.didReceiveResponse, .inactive, tapped)]
            }
            if facts.isLocal {
                return [launch] + (facts.implements(.didReceiveLocalNotification) ? [call(.didReceiveLocalNotification, .inactive)] : [])
            }
            return [launch] + (facts.fetchHandler ? [call(.didReceiveRemoteNotificationFetch, .inactive)] : [])
        }
    }

    /// The handler that takes a tap on a running app when 5 does not.
    private static func handlerBefore10(_ facts: DeliveryFacts) -> SystemCallback? {
        if facts.isLocal {
            return facts.implements(.didReceiveLocalNotification) ? .didReceiveLocalNotification : nil
        }
        return facts.remoteHandler
    }

    /// The user explicitly dismisses the notification: delivered only on iOS 10+, with 5, when the
    /// category has `customDismissAction`. Flicking a banner away is not a dismiss.
    private static func dismiss(_ facts: DeliveryFacts, app: RunningApp) -> [SystemCall] {
        guard facts.scenario.customDismissAction, facts.didReceiveResponse(coldStart: app == .terminated) else { return [] }
        switch app {
        case .foreground:
            return [respond(.didReceiveResponse, .active, .dismiss)]
        case .background:
            return [respond(.didReceiveResponse, .background, .dismiss)]
        case .terminated:
            // Launched into the background first (inference).
            return [
                call(.didFinishLaunching, .background, launchOptionsKey: facts.launchOptionsKey),
                respond(.didReceiveResponse, .background, .dismiss),
            ]
        }
    }

    /// The user presses a custom action button. iOS 10+: 5 with the action; iOS 8–9: the
    /// `handleActionWithIdentifier:` method if implemented. A foreground action brings the app in
    /// `inactive`; a background action runs it in `background`; an app already on screen stays
    /// `active` (inference). An app that was not running is launched first (inference).
    private static func action(_ id: String, foreground: Bool, _ facts: DeliveryFacts, app: RunningApp) -> [SystemCall] {
        let state: ApplicationState = app == .foreground ? .active : (foreground ? .inactive : .background)
        let handler: SystemCallback
        if facts.didReceiveResponse(coldStart: app == .terminated) {
            handler = .didReceiveResponse
        } else {
            let legacy: SystemCallback = facts.isLocal ? .handleActionForLocal : .handleActionForRemote
            guard facts.implements(legacy) else { return [] }
            handler = legacy
        }
        let launch = app == .terminated ? [call(.didFinishLaunching, state, launchOptionsKey: facts.launchOptionsKey)] : []
        return launch + [respond(handler, state, .custom(id))]
    }

    private static func call(
        _ callback: SystemCallback, _ state: ApplicationState, launchOptionsKey: LaunchOptionsKey? = nil
    ) -> SystemCall {
        SystemCall(phase: .action, callback: callback, state: state, launchOptionsKey: launchOptionsKey)
    }

    private static func respond(_ callback: SystemCallback, _ state: ApplicationState, _ action: ResponseAction) -> SystemCall {
        SystemCall(phase: .action, callback: callback, state: state, action: action)
    }
}
