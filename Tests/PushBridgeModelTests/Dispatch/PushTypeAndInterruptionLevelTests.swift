import PushBridge
import PushBridgeModel
import PushBridgeValidation
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
            // No notification method; a VoIP or Push to Talk push launches an app with no process
            // into the background, with nothing in its launch options (HeadersLaunchesOverlaysRuleTests).
            let launches = (type == .voip || type == .pushtotalk) && state.isTerminated
            #expect(
                trace.calls == (launches ? [SystemCall(phase: .arrival, callback: .didFinishLaunching, state: .background)] : []),
                "\(type) in \(state)")
            // Only a Live Activity update with an alert shows anything (below).
            #expect(trace.display == (type == .liveactivity ? .expandedActivity : .none))
            #expect(trace.actionDelivered == false, "there is no notification to tap")
        }
    }

    @Test(arguments: [(DeviceKind.dynamicIsland, NotificationDisplay.expandedActivity), (.noDynamicIsland, .banner)])
    func aLiveActivityUpdateWithAnAlertShowsByTheDeviceKind(device: DeviceKind, expected: NotificationDisplay) {
        // Apple, HIG "Live Activities": an alert shows the expanded presentation with the Dynamic
        // Island, a banner without; forums thread 799195. No notification delegate is called.
        let update: JSONObject = [
            "aps": [
                "timestamp": 1_700_000_000, "event": "update", "content-state": ["status": "out"],
                "alert": ["title": "Delivery", "body": "Out for delivery"],
            ]
        ]
        let quiet: JSONObject = ["aps": ["timestamp": 1_700_000_000, "event": "update", "content-state": ["status": "out"]]]
        for state in ArrivalState.allCases {
            var shown = scenario(state: state, payload: update, pushType: .liveactivity, user: .tap)
            shown.settings.device = device
            let trace = DispatchModel.trace(for: shown)
            #expect(trace.display == expected && trace.steps.isEmpty && trace.actionDelivered == false, "\(state)")
            var silent = shown
            silent.notification = .remote(quiet)
            #expect(DispatchModel.trace(for: silent).display == .none, "an update without an alert shows nothing")
        }
    }

    @Test(arguments: [true, false])
    func aCriticalSoundBreaksThroughAFocusOnlyWithTheEntitlement(entitled: Bool) {
        // Apple's payload reference: `"sound": {"critical": 1, …}` asks for a critical alert, as
        // `interruption-level: critical` does; without the entitlement it is a normal notification
        // (home-assistant/iOS#737), which a Focus holds back to the list.
        for payload: JSONObject in [
            ["aps": ["alert": "Door open", "sound": ["critical": 1, "name": "alarm.caf", "volume": 1.0]]],
            ["aps": ["alert": "Door open", "interruption-level": "critical"]],
        ] {
            var critical = scenario(state: .background, payload: payload)
            critical.settings = DeviceSettings(focus: true, criticalAlertsAllowed: entitled)
            #expect(DispatchModel.trace(for: critical).display == (entitled ? .banner : .list), "\(payload)")
        }
        var notCritical = scenario(state: .background, payload: ["aps": ["alert": "Door open", "sound": ["critical": 0, "name": "alarm.caf"]]])
        notCritical.settings = DeviceSettings(focus: true, criticalAlertsAllowed: entitled)
        #expect(DispatchModel.trace(for: notCritical).display == .list, "critical 0 is a normal sound")
    }

    @Test(arguments: [PayloadValidator.PushType.alert, .background])
    func alertAndBackgroundPushesAreTheModelsAsBefore(type: PayloadValidator.PushType) {
        // A push type that describes its payload changes nothing (one that does not is dropped
        // from iOS 13: HeadersLaunchesOverlaysRuleTests).
        let payload: JSONObject = type == .alert ? Self.alert : ["aps": ["content-available": 1]]
        for state in ArrivalState.allCases {
            let named = DispatchModel.trace(for: scenario(state: state, payload: payload, pushType: type, user: .tap))
            let unnamed = DispatchModel.trace(for: scenario(state: state, payload: payload, user: .tap))
            #expect(named == unnamed)
        }
    }

    @Test(arguments: [(17, DispatchModelDisplay.list), (15, .list), (14, .banner)])
    func aPassiveNotificationGoesToTheList(ios: Int, expected: DispatchModelDisplay) {
        var payload = Self.alert
        payload["aps"] = ["alert": "Hi", "interruption-level": "passive"]
        #expect(DispatchModel.trace(for: scenario(ios: ios, state: .background, payload: payload)).display == expected.display)
        #expect(
            DispatchModel.trace(for: scenario(ios: ios, state: .foreground, payload: payload)).display == expected.display,
            "even when willPresent answers banner")
        let tapped = DispatchModel.trace(for: scenario(ios: ios, state: .background, payload: payload, user: .tap))
        #expect(tapped.actionDelivered == true, "the list entry can be tapped")
    }

    @Test func simulateSaysWhoHandlesThePush() throws {
        let result = try ScenarioSimulator.run(
            scenario(state: .foreground, payload: ["aps": ["event": "update", "timestamp": 1, "content-state": [:]]], pushType: .liveactivity))
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
