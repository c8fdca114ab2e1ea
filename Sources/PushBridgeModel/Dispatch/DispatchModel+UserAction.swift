import PushBridge

/// Phase 2: what happens when the user acts on the notification (or opens the app instead).
extension DispatchModel {
    /// Appends the calls for `user`'s action to `calls`; returns whether the action reached the
    /// app (`nil` when the user did nothing).
    static func respond(
        to user: UserAction, facts: DeliveryFacts, after arrival: ArrivalOutcome, calls: inout CallRecorder
    ) -> Bool? {
        switch user {
        case .none:
            return nil
        case .openAppIcon:
            // A launch without the notification; a running app gets only lifecycle callbacks.
            if arrival.app == .terminated { calls.append(SystemCall(phase: .action, callback: .didFinishLaunching, state: .inactive)) }
            // A background push iOS held is handed to 3 now (``heldPushDelivery``).
            if arrival.held { calls.append(heldPushDelivery) }
            return false
        case .clearGroup:
            // Clearing a whole group delivers no response, even the custom dismiss action
            // (invertase/notifee#577).
            return false
        case .tap, .dismiss, .action, .textInput:
            // The user can act only on what the system displayed.
            guard arrival.display.isActionable else { return false }
            // A locked device may keep the action from the app (`DeviceLock.swift`).
            if facts.deviceLock != .unlocked, lockStops(user, facts) { return false }
            // A content extension may take the action itself (`ContentExtensionResponse.swift`).
            if facts.contentExtension != .none, let run = contentExtensionRun(user, facts) {
                calls.contentExtension = run
                if run == .handledAction { return false }
            }
            let first = calls.count
            // The user opened the app and pulled system UI down over it, or pulled it down over
            // the running app: the app is on screen but inactive (`DispatchModel+Overlay.swift`).
            let app = facts.coveredAtAction && arrival.app != .terminated ? RunningApp.foregroundCovered : arrival.app
            switch user {
            case .tap: tap(facts, app: app, calls: &calls)
            case .dismiss: dismiss(facts, app: app.onScreen, calls: &calls)
            case .action(let id, let foreground): action(id, foreground: foreground, text: nil, facts, app: app.onScreen, calls: &calls)
            case .textInput(let id, let foreground, let text): action(id, foreground: foreground, text: text, facts, app: app.onScreen, calls: &calls)
            case .none, .openAppIcon, .clearGroup: break
            }
            return calls.anyCarriesNotification(from: first)
        }
    }

    /// The user taps the notification.
    private static func tap(_ facts: DeliveryFacts, app: RunningApp, calls: inout CallRecorder) {
        let tapped = ResponseAction.default
        switch app {
        case .foregroundCovered:
            tapCovered(facts, calls: &calls)

        case .foreground:
            // Only iOS 10+ shows a foreground notification to tap. 5, else the remote handler
            // (inference), else nothing. With no center delegate at all (a banner only under the
            // disputed reading `asSent`) the tap reaches no delegate *(inference: no source
            // describes it; a second 3 `active` would be indistinguishable from a new arrival)*.
            // A tap that no connected scene takes connects one with the response, the app staying
            // active (`SceneActivation`) *(inference: the state and the order, as on a cold start)*.
            if facts.sceneConnectsForAction { calls.append(respond(.sceneWillConnect, .active, tapped)) }
            if facts.didReceiveResponse(coldStart: false) {
                calls.append(respond(.didReceiveResponse, .active, tapped))
            } else if facts.centerDelegate == .none {
                calls.lostResponse = .noCenterDelegate
            } else if !facts.isLocal, let handler = facts.remoteHandler {
                calls.append(call(handler, .active))
            }

        case .background, .backgroundWithoutScene:
            // iOS 10+: 5. Otherwise the remote handler (2 or 3), or L for a local notification
            // before iOS 10. A scene app iOS launched into the background has no scene yet: the
            // tap connects one, with the response in its options, before 5 (Apple,
            // `UIScene.ConnectionOptions.notificationResponse`; WordPress-iOS#25643: no window
            // after a background launch) *(inference: the order, as on a cold start)*.
            // So does a tap that no connected scene takes (`SceneActivation`).
            if (app == .backgroundWithoutScene && facts.scenes) || facts.sceneConnectsForAction {
                calls.append(respond(.sceneWillConnect, .inactive, tapped))
            }
            if facts.didReceiveResponse(coldStart: false) {
                calls.append(respond(.didReceiveResponse, .inactive, tapped))
            } else if let handler = handlerBefore10(facts) {
                calls.append(call(handler, .inactive))
            }

        case .terminated:
            // A cold start: 1 with the notification in the launch options, then iOS 10+: 5;
            // iOS 7–9 (or 10+ without 5): 3; before iOS 7: nothing more. 2 is never called
            // after a launch. A delegate set after launch misses the response: the model falls
            // back as if 5 were not implemented (inference).
            calls.append(call(.didFinishLaunching, .inactive, launchOptionsKey: facts.launchOptionsKey))
            // A scene app: the scene connects with the response (`notificationResponse`).
            if facts.scenes { calls.append(respond(.sceneWillConnect, .inactive, tapped)) }
            if facts.didReceiveResponse(coldStart: true) {
                calls.append(respond(.didReceiveResponse, .inactive, tapped))
            } else if facts.isLocal {
                if facts.implements(.didReceiveLocalNotification) { calls.append(call(.didReceiveLocalNotification, .inactive)) }
            } else if facts.fetchHandler {
                calls.append(call(.didReceiveRemoteNotificationFetch, .inactive))
            }
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
    private static func dismiss(_ facts: DeliveryFacts, app: RunningApp, calls: inout CallRecorder) {
        guard facts.customDismissAction, facts.didReceiveResponse(coldStart: app == .terminated) else { return }
        switch app {
        case .foreground, .foregroundCovered:
            calls.append(respond(.didReceiveResponse, .active, .dismiss))
        case .background, .backgroundWithoutScene:
            calls.append(respond(.didReceiveResponse, .background, .dismiss))
        case .terminated:
            // Launched into the background first (inference).
            calls.append(call(.didFinishLaunching, .background, launchOptionsKey: facts.launchOptionsKey))
            calls.append(respond(.didReceiveResponse, .background, .dismiss))
        }
    }

    /// The user presses a custom action button. iOS 10+: 5 with the action; iOS 8–9: the
    /// `handleActionWithIdentifier:` method if implemented. A foreground action brings the app in
    /// `inactive`; a background action runs it in `background`; an app already on screen stays
    /// `active` (inference).
    ///
    /// An app that was not running is launched first, and on iOS 10+ its launch options carry
    /// **no** notification: urbanairship/ios-library#260 (iOS 13.6.1) saw `didFinishLaunching`
    /// without it, and the Swrve maintainer in Swrve/swrve-ios-sdk#244 (2018) says the same;
    /// the project's specification also cites Apple forums thread 727537 and
    /// react-native-push-notification/ios#380, which no search here could open. With no
    /// delegate to take the response (set after launch, or never) iOS still launches the app —
    /// a foreground action brings it on screen — and the response is lost: the trace names why
    /// (``DispatchTrace/lostResponse``). A scene app's scene still connects with the response
    /// (Apple, `UIScene.ConnectionOptions.notificationResponse`) *(inference: no source shows it
    /// without a center delegate)*.
    private static func action(
        _ id: String, foreground: Bool, text: String?, _ facts: DeliveryFacts, app: RunningApp, calls: inout CallRecorder
    ) {
        let state: ApplicationState = app == .foreground ? .active : (foreground ? .inactive : .background)
        let coldStart = app == .terminated
        let response = ResponseAction.custom(id)
        if facts.version.major >= 10 {
            if coldStart {
                calls.append(call(.didFinishLaunching, state))
                if facts.scenes, foreground { calls.append(respond(.sceneWillConnect, state, response, text: text)) }
            } else if foreground, (app == .backgroundWithoutScene && facts.scenes) || facts.sceneConnectsForAction {
                // A foreground action brings up a scene app launched in the background, or one no
                // connected scene takes (`SceneActivation`): a scene connects with the response,
                // as for a tap.
                calls.append(respond(.sceneWillConnect, state, response, text: text))
            }
            let connectedScene = ((coldStart || app == .backgroundWithoutScene) && facts.scenes || facts.sceneConnectsForAction) && foreground
            if facts.didReceiveResponse(coldStart: coldStart) {
                calls.append(respond(.didReceiveResponse, state, response, text: text))
            } else if !connectedScene, facts.centerDelegate == .none {
                calls.lostResponse = .noCenterDelegate
            } else if !connectedScene, coldStart, facts.centerDelegate == .afterLaunch, facts.implements(.didReceiveResponse) {
                calls.lostResponse = .centerDelegateSetAfterLaunch
            }
            // (A delegate without method 5 takes the response and ignores it: the app's choice.)
            return
        }
        let legacy: SystemCallback = facts.isLocal ? .handleActionForLocal : .handleActionForRemote
        guard facts.implements(legacy) else { return }
        if coldStart { calls.append(call(.didFinishLaunching, state, launchOptionsKey: facts.launchOptionsKey)) }
        calls.append(respond(legacy, state, response, text: text))
    }

    static func call(
        _ callback: SystemCallback, _ state: ApplicationState, launchOptionsKey: LaunchOptionsKey? = nil
    ) -> SystemCall {
        SystemCall(phase: .action, callback: callback, state: state, launchOptionsKey: launchOptionsKey)
    }

    static func respond(_ callback: SystemCallback, _ state: ApplicationState, _ action: ResponseAction, text: String? = nil) -> SystemCall {
        SystemCall(phase: .action, callback: callback, state: state, action: action, textInput: text)
    }
}
