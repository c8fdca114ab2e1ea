import AdapterTestSupport
import PushBridge
import PushBridgeModel
import PushBridgeTesting
import Testing

/// The events of the iOS 13–26 scenarios, end to end, through every provider's simulation: an action
/// that launches the app is one `opened` (`coldStart`), typed text reaches the event, a lost
/// response is no event and one `launchedBeforeCenterDelegate` diagnostic, and a held background
/// push is one `received` (`foreground`) once the user opens the app.
@Suite struct ModernEventsTests {
    static let modern: Set<SystemCallback> = [.didReceiveRemoteNotificationFetch, .willPresent, .didReceiveResponse]
    static let comment: JSONObject = ["aps": ["alert": "New comment", "sound": "default"], "commentId": "c-9"]
    static let silent: JSONObject = ["aps": ["content-available": 1], "sync": "inbox"]

    static func scenario(
        _ state: ArrivalState, user: UserAction, centerDelegate: CenterDelegateTiming = .beforeLaunchEnds, payload: JSONObject = comment,
        settings: DeviceSettings = .typical, lifecycle: AppLifecycle = .appDelegate, ios: IOSVersion = IOSVersion(17, 5)
    ) -> DispatchScenario {
        DispatchScenario(
            ios: ios, state: state, implements: modern, centerDelegate: centerDelegate, notification: .remote(payload, id: "n-1"),
            presentation: [.banner, .sound], user: user, lifecycle: lifecycle, settings: settings)
    }

    static func launchDiagnostics(_ result: SimulationResult) -> [PushDiagnostic] {
        result.diagnostics.filter { $0.code == .launchedBeforeCenterDelegate }
    }

    // MARK: An action button launching the app

    @Test(arguments: allSimulators, [UserAction.action(id: "reply", foreground: true), .action(id: "archive", foreground: false)])
    func anActionColdStartIsExactlyOneOpenedColdStart(provider: NamedSimulator, action: UserAction) throws {
        for state in [ArrivalState.notRunning, .forceQuit] {
            let result = try ScenarioSimulator.run(Self.scenario(state, user: action), provider: provider)
            let id = try #require(action.customAction?.id)
            // The launch carries no notification: the event comes from the response alone.
            #expect(result.trace.calls.first?.callback == .didFinishLaunching)
            #expect(result.trace.calls.first?.launchOptionsKey == nil)
            try result.namedEvents.check([.opened(.coldStart, action: .custom(id), id: "n-1")])
            #expect(result.trace.lostResponse == nil)
            #expect(Self.launchDiagnostics(result).isEmpty, "\(provider.id.rawValue) \(state): the delegate was set in time")
        }
    }

    @Test(arguments: allSimulators)
    func aSceneAppsActionColdStartIsOneOpenedWhateverTheDelegate(provider: NamedSimulator) throws {
        for centerDelegate in CenterDelegateTiming.allCases {
            let result = try ScenarioSimulator.run(
                Self.scenario(.notRunning, user: .action(id: "reply", foreground: true), centerDelegate: centerDelegate, lifecycle: .scenes),
                provider: provider)
            try result.namedEvents.check([.opened(.coldStart, action: .custom("reply"), id: "n-1")])
            #expect(result.trace.lostResponse == nil, "\(centerDelegate): the scene's connection took it")
        }
    }

    // MARK: Text input

    @Test(arguments: allSimulators, [ArrivalState.foreground, .background, .notRunning, .forceQuit])
    func theTypedTextReachesTheOpenedEvent(provider: NamedSimulator, state: ArrivalState) throws {
        let text = "On my way — 5 min 🚲"
        for foreground in [false, true] {
            let user = UserAction.textInput(id: "reply", foreground: foreground, text: text)
            let result = try ScenarioSimulator.run(Self.scenario(state, user: user), provider: provider)
            let opened = result.events.compactMap { event -> PushEvent.Opened? in
                if case .opened(let open) = event { open } else { nil }
            }
            #expect(opened.count == 1, "\(provider.id.rawValue) \(state) foreground=\(foreground): \(result.events)")
            #expect(opened.first?.textInput == text)
            #expect(opened.first?.action == .custom("reply"))
            #expect(opened.first?.origin == (state.isTerminated ? .coldStart : state == .foreground ? .foreground : .background))
            // The trace's JSON shows it.
            let events = result.jsonValue["events"]?.arrayValue ?? []
            #expect(events.filter { $0["textInput"] == .string(text) }.count == 1)
        }
    }

    @Test(arguments: allSimulators)
    func aPlainActionHasNoText(provider: NamedSimulator) throws {
        let result = try ScenarioSimulator.run(
            Self.scenario(.background, user: .action(id: "reply", foreground: false)), provider: provider)
        guard case .opened(let open)? = result.events.first else {
            Issue.record("no opened event: \(result.events)")
            return
        }
        #expect(result.events.count == 1)
        #expect(open.textInput == nil)
        #expect(result.jsonValue["events"]?.arrayValue?.first?["textInput"] == nil)
    }

    // MARK: A lost response

    @Test(arguments: allSimulators, [CenterDelegateTiming.afterLaunch, .none])
    func aLostResponseIsNoEventAndOneDiagnostic(provider: NamedSimulator, centerDelegate: CenterDelegateTiming) throws {
        for state in [ArrivalState.notRunning, .forceQuit] {
            for (action, launchState) in [
                (UserAction.action(id: "reply", foreground: true), "inactive"), (.action(id: "archive", foreground: false), "background"),
            ] {
                let result = try ScenarioSimulator.run(
                    Self.scenario(state, user: action, centerDelegate: centerDelegate), provider: provider)
                let context = "\(provider.id.rawValue) \(state) \(action) \(centerDelegate)"
                #expect(result.events.isEmpty, "\(context): \(result.events)")
                #expect(result.trace.actionDelivered == false, "\(context)")
                #expect(result.trace.lostResponse == (centerDelegate == .none ? .noCenterDelegate : .centerDelegateSetAfterLaunch), "\(context)")
                let diagnostics = Self.launchDiagnostics(result)
                #expect(diagnostics.count == 1, "\(context): \(result.diagnostics)")
                #expect(diagnostics.first?.message.contains("launched (\(launchState))") == true, "\(context)")
                // The trace says it too.
                #expect(result.jsonValue["lostResponse"] == .string(result.trace.lostResponse?.rawValue ?? "?"))
                #expect(result.jsonValue["diagnostics"]?.arrayValue?.filter { $0["code"] == "launchedBeforeCenterDelegate" }.count == 1)
            }
        }
    }

    @Test(arguments: allSimulators)
    func aDelegateSetBeforeLaunchEndsGivesNoSuchDiagnostic(provider: NamedSimulator) throws {
        let users: [UserAction] = [
            .tap, .action(id: "reply", foreground: true), .action(id: "archive", foreground: false), .openAppIcon,
            .textInput(id: "reply", foreground: true, text: "x"),
        ]
        for state in ArrivalState.allCases {
            for user in users {
                for payload in [Self.comment, Self.silent] {
                    let result = try ScenarioSimulator.run(Self.scenario(state, user: user, payload: payload), provider: provider)
                    #expect(Self.launchDiagnostics(result).isEmpty, "\(provider.id.rawValue) \(state) \(user)")
                    #expect(result.trace.lostResponse == nil)
                }
            }
        }
    }

    @Test(arguments: allSimulators)
    func aColdStartTapWithALateDelegateIsStillOneOpenedAndNoDiagnostic(provider: NamedSimulator) throws {
        // The launch options carry the notification: nothing was lost.
        let result = try ScenarioSimulator.run(Self.scenario(.notRunning, user: .tap, centerDelegate: .afterLaunch), provider: provider)
        try result.namedEvents.check([.opened(.coldStart, action: .default, id: "n-1")])
        #expect(Self.launchDiagnostics(result).isEmpty)
    }

    // MARK: A background push held for the next launch

    @Test(arguments: allSimulators, [DeviceSettings(backgroundAppRefresh: false), DeviceSettings(lowPowerMode: true)])
    func aHeldPushIsOneReceivedForegroundWhenTheUserOpensTheApp(provider: NamedSimulator, settings: DeviceSettings) throws {
        for state in [ArrivalState.background, .notRunning] {
            let opened = try ScenarioSimulator.run(
                Self.scenario(state, user: .openAppIcon, payload: Self.silent, settings: settings), provider: provider)
            let context = "\(provider.id.rawValue) \(state)"
            #expect(opened.trace.arrivalCalls.isEmpty, "\(context): no wake on arrival")
            try opened.namedEvents.check([.received(.foreground, id: "n-1")])
            // Not before the user opens it.
            let waiting = try ScenarioSimulator.run(
                Self.scenario(state, user: .none, payload: Self.silent, settings: settings), provider: provider)
            #expect(waiting.events.isEmpty, "\(context): \(waiting.events)")
            #expect(waiting.trace.calls.isEmpty)
        }
    }

    @Test(arguments: allSimulators)
    func aForceQuitAppHoldsNothing(provider: NamedSimulator) throws {
        let result = try ScenarioSimulator.run(
            Self.scenario(.forceQuit, user: .openAppIcon, payload: Self.silent, settings: DeviceSettings(backgroundAppRefresh: false)),
            provider: provider)
        #expect(result.events.isEmpty, "\(result.events)")
    }

    @Test(arguments: allSimulators)
    func aTapOnAVisibleHeldPushIsOneOpenedAndNoReceived(provider: NamedSimulator) throws {
        let payload: JSONObject = ["aps": ["alert": "Synced", "content-available": 1]]
        let result = try ScenarioSimulator.run(
            Self.scenario(.background, user: .tap, payload: payload, settings: DeviceSettings(lowPowerMode: true)), provider: provider)
        try result.namedEvents.check([.opened(.background, action: .default, id: "n-1")])
    }

    // MARK: The expected events agree

    @Test(arguments: allSimulators)
    func theEventsAreTheOnesEventsMdExpects(provider: NamedSimulator) throws {
        let users: [UserAction] = [
            .none, .tap, .dismiss, .openAppIcon, .clearGroup, .action(id: "reply", foreground: true), .action(id: "archive", foreground: false),
            .textInput(id: "reply", foreground: false, text: "ok"),
        ]
        let settings: [DeviceSettings] = [
            .typical, DeviceSettings(authorization: .provisional), DeviceSettings(authorization: .denied),
            DeviceSettings(backgroundAppRefresh: false), DeviceSettings(focus: true),
        ]
        for state in ArrivalState.allCases {
            for user in users {
                for setting in settings {
                    for payload in [Self.comment, Self.silent] {
                        for centerDelegate in CenterDelegateTiming.allCases {
                            var scenario = Self.scenario(state, user: user, centerDelegate: centerDelegate, payload: payload, settings: setting)
                            scenario.customDismissAction = true
                            let result = try ScenarioSimulator.run(scenario, provider: provider)
                            #expect(
                                result.events.map(ExpectedPushEvent.init) == ExpectedPushEvent.expected(for: scenario, trace: result.trace),
                                "\(provider.id.rawValue) \(state) \(user) \(setting) \(centerDelegate) \(payload)")
                        }
                    }
                }
            }
        }
    }
}
