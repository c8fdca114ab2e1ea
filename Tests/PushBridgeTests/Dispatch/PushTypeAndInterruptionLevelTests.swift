import PushBridge
import PushBridgeModel
import Testing

/// The model's push types and interruption levels: a push type for a framework or an extension
/// makes no call; a passive notification goes to the list, never a banner, from iOS 15.
@Suite struct PushTypeAndInterruptionLevelTests {
    private func scenario(
        ios: Int = 17, state: ArrivalState, payload: JSONObject, pushType: PayloadValidator.PushType? = nil, user: UserAction = .none
    ) -> DispatchScenario {
        DispatchScenario(
            ios: IOSVersion(ios), state: state, implements: [.didReceiveRemoteNotificationFetch, .willPresent, .didReceiveResponse],
            notification: .remote(payload), presentation: [.banner, .list, .sound], user: user, pushType: pushType)
    }

    static let alert: JSONObject = ["aps": ["alert": "Hi", "content-available": 1]]

    @Test(arguments: PayloadValidator.PushType.allCases.filter { !$0.reachesNotificationDelegates })
    func aPushForAFrameworkReachesNoDelegate(type: PayloadValidator.PushType) {
        for state in ArrivalState.allCases {
            let trace = DispatchModel.trace(for: scenario(state: state, payload: Self.alert, pushType: type, user: .tap))
            #expect(trace.steps.isEmpty, "\(type) in \(state)")
            #expect(trace.display == .none)
            #expect(trace.actionDelivered == false, "there is no notification to tap")
        }
    }

    @Test(arguments: [PayloadValidator.PushType.alert, .background])
    func alertAndBackgroundPushesAreTheModelsAsBefore(type: PayloadValidator.PushType) {
        for state in ArrivalState.allCases {
            let named = DispatchModel.trace(for: scenario(state: state, payload: Self.alert, pushType: type, user: .tap))
            let unnamed = DispatchModel.trace(for: scenario(state: state, payload: Self.alert, user: .tap))
            #expect(named == unnamed)
        }
    }

    @Test(arguments: [(17, DispatchModelDisplay.list), (15, .list), (14, .banner)])
    func aPassiveNotificationGoesToTheList(ios: Int, expected: DispatchModelDisplay) {
        var payload = Self.alert
        payload["aps"] = ["alert": "Hi", "interruption-level": "passive"]
        #expect(DispatchModel.trace(for: scenario(ios: ios, state: .background, payload: payload)).display == expected.display)
        #expect(DispatchModel.trace(for: scenario(ios: ios, state: .foreground, payload: payload)).display == expected.display, "even when willPresent answers banner")
        let tapped = DispatchModel.trace(for: scenario(ios: ios, state: .background, payload: payload, user: .tap))
        #expect(tapped.actionDelivered == true, "the list entry can be tapped")
    }

    @Test func simulateSaysWhoHandlesThePush() throws {
        let result = try ScenarioSimulator.run(scenario(state: .foreground, payload: ["aps": ["event": "update", "timestamp": 1, "content-state": [:]]], pushType: .liveactivity))
        #expect(result.jsonValue["pushType"] == "liveactivity")
        #expect(result.jsonValue["handledBy"]?.stringValue?.hasPrefix("ActivityKit") == true)
        #expect(result.calls.isEmpty && result.events.isEmpty)
        let plain = try ScenarioSimulator.run(scenario(state: .foreground, payload: Self.alert))
        #expect(plain.jsonValue["pushType"] == nil, "a scenario without a push type keeps its trace unchanged")
    }
}

/// A display, for test arguments.
enum DispatchModelDisplay: Sendable {
    case list, banner
    var display: NotificationDisplay { self == .list ? .list : .banner }
}
