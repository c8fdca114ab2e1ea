import PushBridge
import PushBridgeGetui
import PushBridgeTesting
import Testing

/// Through Getui, every system-level scenario yields exactly the events of plain APNs.
@Suite struct GetuiSimulationTests {
    @Test(arguments: [IOSVersion(9, 3, 2), IOSVersion(10), IOSVersion(14)])
    func theScenarioSpaceYieldsIdenticalEvents(version: IOSVersion) throws {
        let space = ScenarioSpace(versions: [version], presentations: [[], [.alert]])
        for scenario in space {
            let apns = try ScenarioSimulator.run(scenario)
            let getui = try ScenarioSimulator.run(scenario, provider: GetuiSimulator())
            #expect(getui.events == apns.events, "\(scenario)")
        }
    }

    static let passthrough: JSONObject = ["payload": "hello", "taskId": "t1", "msgId": "m1"]
    static let copy: JSONObject = ["aps": ["alert": "hello"], "_gmid_": "t1:m1"]

    @Test(arguments: [
        (ArrivalState.foreground, UserAction.none, false, [PushEvent.Kind.message], false as Bool?),
        (.background, .openAppIcon, false, [.message], true),
        (.background, .none, false, [], nil),
        (.background, .tap, true, [.opened], nil),
        (.notRunning, .tap, true, [.opened], nil),
        (.background, .openAppIcon, true, [.message], true),
    ])
    func passthroughScenarios(state: ArrivalState, user: UserAction, withCopy: Bool, kinds: [PushEvent.Kind], offline: Bool?) throws {
        let scenario = DispatchScenario(
            ios: IOSVersion(13), state: state, implements: [.didReceiveRemoteNotificationFetch, .willPresent, .didReceiveResponse],
            notification: ScenarioNotification(source: .getuiPassthrough, payload: Self.passthrough, apnsCopy: withCopy ? Self.copy : nil),
            user: user)
        let result = try ScenarioSimulator.run(scenario, provider: GetuiSimulator())
        #expect(result.events.map(\.kind) == kinds)
        if case .message(let message) = result.events.first { #expect(message.offline == offline) }
        #expect(result.events.allSatisfy { $0.id == "t1:m1" })
    }

    @Test func methodsAreRenamedByVersion() throws {
        for (version, method) in [(IOSVersion(9, 3), GetuiCallbackName.didReceiveNotification), (IOSVersion(12), GetuiCallbackName.didReceiveSlience)] {
            let scenario = DispatchScenario(
                ios: version, state: .background, implements: [.didReceiveRemoteNotificationFetch],
                notification: .remote(["aps": ["content-available": 1]], id: "s"))
            let result = try ScenarioSimulator.run(scenario, provider: GetuiSimulator())
            #expect(result.calls.map(\.method) == [method])
            #expect(result.events.map(\.kind) == [.received])
        }
    }
}
