import AdapterTestSupport
import PushBridge
import PushBridgeGetui
import PushBridgeGetuiTesting
import PushBridgeModel
import PushBridgeTesting
import Testing

/// `pushbridge simulate --provider getui`: iOS's calls as Getui hands them to the app, with exactly
/// the events of plain APNs; Getui's passthrough channel on top.
@Suite struct GetuiSimulationTests {
    /// The name Getui gives iOS's call `system` on `ios`.
    static func getuiMethod(for system: TraceCall, ios: IOSVersion) -> String {
        switch system.method {
        case SystemCallback.willPresent.rawValue: GetuiCallbackName.willPresent
        case SystemCallback.didReceiveResponse.rawValue: GetuiCallbackName.didReceiveNotification
        case SystemCallback.didReceiveRemoteNotificationFetch.rawValue:
            ios < IOSVersion(10) ? GetuiCallbackName.didReceiveNotification : GetuiCallbackName.didReceiveSlience
        default: system.method
        }
    }

    /// Both simulations of `scenario` agree: the same events, and the same calls under Getui's names.
    static func checkAgainstPlainAPNs(_ scenario: DispatchScenario) throws {
        #expect(try differencesFromPlainAPNs(scenario, provider: GetuiSimulator(), renamed: { getuiMethod(for: $0, ios: scenario.ios) }) == [])
    }

    @Test(arguments: [IOSVersion(9, 3, 2), IOSVersion(10), IOSVersion(14)])
    func theScenarioSpaceYieldsIdenticalEvents(version: IOSVersion) throws {
        for scenario in ScenarioSpace(versions: [version], presentations: [[], [.alert]]) {
            try Self.checkAgainstPlainAPNs(scenario)
        }
    }

    @Test(arguments: [CenterDelegateTiming.afterLaunch, .none])
    func aLateOrMissingCenterDelegateToo(timing: CenterDelegateTiming) throws {
        for scenario in ScenarioSpace.lateOrMissingCenterDelegate(timing) { try Self.checkAgainstPlainAPNs(scenario) }
    }

    static let passthrough: JSONObject = ["payload": "hello", "taskId": "t1", "msgId": "m1"]
    static let copy: JSONObject = ["aps": ["alert": "hello"], "_gmid_": "t1:m1"]

    /// One `getui.passthrough` scenario and what must come of it.
    struct PassthroughCase: Sendable, CustomTestStringConvertible {
        var state: ArrivalState
        var user: UserAction
        var withCopy: Bool
        var kinds: [PushEvent.Kind]
        var offline: Bool?
        var testDescription: String { "\(state), \(user)\(withCopy ? ", with an APNs copy" : "")" }
    }

    static let passthroughCases: [PassthroughCase] = [
        PassthroughCase(state: .foreground, user: .none, withCopy: false, kinds: [.message], offline: false),
        PassthroughCase(state: .background, user: .openAppIcon, withCopy: false, kinds: [.message], offline: true),
        PassthroughCase(state: .notRunning, user: .openAppIcon, withCopy: false, kinds: [.message], offline: true),
        PassthroughCase(state: .background, user: .none, withCopy: false, kinds: [], offline: nil),
        PassthroughCase(state: .background, user: .tap, withCopy: true, kinds: [.opened], offline: nil),
        PassthroughCase(state: .notRunning, user: .tap, withCopy: true, kinds: [.opened], offline: nil),
        PassthroughCase(state: .forceQuit, user: .tap, withCopy: true, kinds: [.opened], offline: nil),
        PassthroughCase(state: .background, user: .openAppIcon, withCopy: true, kinds: [.message], offline: true),
    ]

    @Test(arguments: passthroughCases, [IOSVersion(9, 3, 2), IOSVersion(13)])
    func passthroughScenarios(_ row: PassthroughCase, version: IOSVersion) throws {
        let scenario = DispatchScenario(
            ios: version, state: row.state, implements: [.didReceiveRemoteNotificationFetch, .willPresent, .didReceiveResponse],
            notification: ScenarioNotification(source: .getuiPassthrough, payload: Self.passthrough, apnsCopy: row.withCopy ? Self.copy : nil),
            user: row.user)
        let result = try ScenarioSimulator.run(scenario, provider: GetuiSimulator())
        #expect(result.events.map(\.kind) == row.kinds)
        #expect(result.events.allSatisfy { $0.id == "t1:m1" })
        guard case .message(let message)? = result.events.first else { return }
        #expect(message.offline == row.offline)
        #expect(message.transport == .getui)
        #expect(message.content == "hello")
        let delivery = try #require(result.calls.last)
        #expect(delivery.method == GetuiCallbackName.didReceiveSlience)
        #expect(delivery.state == .active)
    }

    @Test func plainAPNsCannotCarryAPassthrough() {
        let scenario = DispatchScenario(
            ios: IOSVersion(13), state: .foreground, notification: ScenarioNotification(source: .getuiPassthrough, payload: Self.passthrough))
        #expect(throws: PushError.self) { _ = try ScenarioSimulator.run(scenario, provider: SystemSimulator()) }
    }

    @Test func method3IsRenamedByVersion() throws {
        for (version, method) in [
            (IOSVersion(9, 3), GetuiCallbackName.didReceiveNotification), (IOSVersion(12), GetuiCallbackName.didReceiveSlience),
        ] {
            let scenario = DispatchScenario(
                ios: version, state: .background, implements: [.didReceiveRemoteNotificationFetch],
                notification: .remote(["aps": ["content-available": 1]], id: "s"))
            let result = try ScenarioSimulator.run(scenario, provider: GetuiSimulator())
            #expect(result.calls.map(\.method) == [method])
            #expect(result.events.map(\.kind) == [.received])
            #expect(result.namedEvents.map(\.id) == ["s"], "the trace names it by the scenario's id, as plain APNs does")
        }
    }
}
