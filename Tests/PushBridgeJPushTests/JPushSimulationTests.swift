import PushBridge
import PushBridgeJPush
import PushBridgeTesting
import Testing

/// Through JPush, every system-level scenario yields exactly the events of plain APNs.
@Suite struct JPushSimulationTests {
    @Test(arguments: [IOSVersion(9, 3, 2), IOSVersion(10), IOSVersion(14)])
    func theScenarioSpaceYieldsIdenticalEvents(version: IOSVersion) throws {
        let space = ScenarioSpace(versions: [version], presentations: [[], [.alert]])
        var checked = 0
        for scenario in space {
            let apns = try ScenarioSimulator.run(scenario)
            let jpush = try ScenarioSimulator.run(scenario, provider: JPushSimulator())
            #expect(jpush.events == apns.events, "\(scenario)")
            #expect(jpush.trace == apns.trace)
            checked += 1
        }
        #expect(checked == space.count)
    }

    @Test func delegateMethodsAreRenamed() throws {
        let scenario = DispatchScenario(
            ios: IOSVersion(12), state: .foreground, implements: [.willPresent, .didReceiveResponse],
            notification: .remote(["aps": ["alert": "x"]], id: "n"), presentation: [.alert], user: .tap)
        let result = try ScenarioSimulator.run(scenario, provider: JPushSimulator())
        #expect(result.calls.map(\.method) == [JPushCallbackName.willPresent, JPushCallbackName.didReceiveResponse])
    }

    @Test(arguments: [
        (ArrivalState.foreground, UserAction.none, true),
        (.background, .openAppIcon, true),
        (.notRunning, .openAppIcon, true),
        (.background, .none, false),
        (.background, .tap, false),
    ])
    func customMessagesOnlyInTheForeground(state: ArrivalState, user: UserAction, delivered: Bool) throws {
        let scenario = DispatchScenario(
            ios: IOSVersion(12), state: state,
            notification: ScenarioNotification(source: .jpushCustomMessage, payload: ["content": "hi", "_j_msgid": 9]), user: user)
        let result = try ScenarioSimulator.run(scenario, provider: JPushSimulator())
        let messages = result.events.filter { $0.kind == .message }
        #expect(messages.count == (delivered ? 1 : 0))
        #expect(result.calls.contains { $0.method == JPushNetworkNotification.didReceiveMessage.rawValue } == delivered)
        if case .message(let message) = messages.first { #expect(message.offline == false) }
    }
}
