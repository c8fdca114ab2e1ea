import AdapterTestSupport
import PushBridge
import PushBridgeJPush
import PushBridgeJPushTesting
import PushBridgeModel
import PushBridgeTesting
import Testing

/// `pushbridge simulate --provider jpush`: iOS's calls as JPush hands them to the app, with exactly
/// the events of plain APNs; JPush's custom-message channel on top.
@Suite struct JPushSimulationTests {
    /// The name JPush gives iOS's call `system`: 4 and 5 are JPush's delegate methods; the rest
    /// stay the app's own.
    static func jpushMethod(for system: TraceCall) -> String {
        switch system.method {
        case SystemCallback.willPresent.rawValue: JPushCallbackName.willPresent
        case SystemCallback.didReceiveResponse.rawValue: JPushCallbackName.didReceiveResponse
        default: system.method
        }
    }

    /// Both simulations of `scenario` agree: the same events and trace, and the same calls under
    /// JPush's names.
    static func checkAgainstPlainAPNs(_ scenario: DispatchScenario) throws {
        #expect(try differencesFromPlainAPNs(scenario, provider: JPushSimulator(), renamed: jpushMethod(for:)) == [])
    }

    @Test(arguments: [IOSVersion(9, 3, 2), IOSVersion(10), IOSVersion(14)])
    func theScenarioSpaceYieldsIdenticalEvents(version: IOSVersion) throws {
        let space = ScenarioSpace(versions: [version], presentations: [[], [.alert]])
        var checked = 0
        for scenario in space {
            try Self.checkAgainstPlainAPNs(scenario)
            checked += 1
        }
        #expect(checked == space.count)
    }

    @Test(arguments: [CenterDelegateTiming.afterLaunch, .none])
    func aLateOrMissingCenterDelegateToo(timing: CenterDelegateTiming) throws {
        for scenario in ScenarioSpace.lateOrMissingCenterDelegate(timing) { try Self.checkAgainstPlainAPNs(scenario) }
    }

    @Test func methods4And5AreJPushsAndEveryPushIsReported() throws {
        let scenario = DispatchScenario(
            ios: IOSVersion(12), state: .foreground, implements: [.didReceiveRemoteNotificationFetch, .willPresent, .didReceiveResponse],
            notification: .remote(["aps": ["alert": "x"], "_j_msgid": 8], id: "n"), presentation: [.alert], user: .tap)
        let result = try ScenarioSimulator.run(scenario, provider: JPushSimulator())
        #expect(result.calls.map(\.method) == [JPushCallbackName.willPresent, JPushCallbackName.didReceiveResponse])
        #expect(result.events.map(\.kind) == [.received, .opened])
    }

    // MARK: Custom messages

    static let customMessage: JSONObject = ["content": "hi", "title": "t", "extras": ["k": "v"], "_j_msgid": 9]

    /// One `jpush.customMessage` scenario and what must come of it.
    struct CustomMessageCase: Sendable, CustomTestStringConvertible {
        var state: ArrivalState
        var user: UserAction
        var delivered: SystemCall.Phase?
        var testDescription: String { "\(state), \(user) → \(delivered.map { "delivered on \($0)" } ?? "held")" }
    }

    static let customMessageCases: [CustomMessageCase] = [
        CustomMessageCase(state: .foreground, user: .none, delivered: .arrival),
        CustomMessageCase(state: .foreground, user: .openAppIcon, delivered: .arrival),
        CustomMessageCase(state: .background, user: .openAppIcon, delivered: .action),
        CustomMessageCase(state: .notRunning, user: .openAppIcon, delivered: .action),
        CustomMessageCase(state: .forceQuit, user: .openAppIcon, delivered: .action),
        CustomMessageCase(state: .background, user: .none, delivered: nil),
        CustomMessageCase(state: .notRunning, user: .none, delivered: nil),
        CustomMessageCase(state: .background, user: .tap, delivered: nil),
        CustomMessageCase(state: .background, user: .dismiss, delivered: nil),
    ]

    @Test(arguments: customMessageCases, [IOSVersion(9, 3, 2), IOSVersion(13)])
    func customMessageScenarios(_ row: CustomMessageCase, version: IOSVersion) throws {
        let scenario = DispatchScenario(
            ios: version, state: row.state, implements: [.didReceiveRemoteNotificationFetch, .willPresent, .didReceiveResponse],
            notification: ScenarioNotification(source: .jpushCustomMessage, payload: Self.customMessage), user: row.user)
        let result = try ScenarioSimulator.run(scenario, provider: JPushSimulator())
        let deliveries = result.calls.filter { $0.method == JPushNetworkNotification.didReceiveMessage.rawValue }
        guard let phase = row.delivered else {
            #expect(result.events.isEmpty, "held: no event")
            #expect(deliveries.isEmpty)
            return
        }
        #expect(result.events.map(\.kind) == [.message])
        guard case .message(let message)? = result.events.first else { return }
        #expect(message.offline == false, "JPush does not say it held the message")
        #expect(message.id == "9")
        #expect(message.transport == .jpush)
        #expect(message.content == "hi")
        #expect(deliveries.map(\.phase) == [phase])
        #expect(deliveries.map(\.state) == [.active])
        if phase == .arrival { #expect(result.calls.first == deliveries.first, "at once, before anything else") }
        if phase == .action { #expect(result.calls.last == deliveries.first, "once the app is back") }
    }

    @Test func plainAPNsAndGetuiCannotCarryACustomMessage() throws {
        let scenario = DispatchScenario(
            ios: IOSVersion(13), state: .foreground, notification: ScenarioNotification(source: .jpushCustomMessage, payload: Self.customMessage))
        #expect(throws: PushError.self) { _ = try ScenarioSimulator.run(scenario, provider: SystemSimulator()) }
        let session = try JPushSimulator().makeSession(scenario: scenario)
        #expect(throws: PushError.self) {
            _ = try session.replay(ChannelDelivery(phase: .arrival, transport: "getui", offline: false), message: ["payload": "x"])
        }
    }

    @Test func aSimulatedDeviceHoldsCustomMessagesUntilTheAppIsBack() throws {
        let device = SimulatedDevice(ios: IOSVersion(13), app: SimulatedApp(), provider: JPushSimulator())
        device.openFromIcon()
        try device.deliver(ScenarioNotification(source: .jpushCustomMessage, payload: Self.customMessage))
        #expect(device.calls.last?.method == JPushNetworkNotification.didReceiveMessage.rawValue)
        device.sendToBackground()
        try device.deliver(ScenarioNotification(source: .jpushCustomMessage, payload: ["content": "later", "_j_msgid": 10]))
        #expect(device.calls.filter { $0.method == JPushNetworkNotification.didReceiveMessage.rawValue }.count == 1)
        device.openFromIcon()
        #expect(device.calls.filter { $0.method == JPushNetworkNotification.didReceiveMessage.rawValue }.count == 2)
    }
}
