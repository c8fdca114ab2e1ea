import PushBridge
import PushBridgeModel
import Testing

/// Local notifications (`source: "local"`): arrival, tap and cold start on iOS 8.4, 9.3, 10.0 and 12.0.
@Suite struct LocalNotificationRulesTests {
    /// A local notification's payload: no `aps` needed, always visible.
    static let payload: JSONObject = ["reminder": "standup"]

    static func local(
        _ name: String, ios: IOSVersion, _ state: ArrivalState, implements: String, presentation: PresentationOptions = [],
        payload: JSONObject = LocalNotificationRulesTests.payload, user: UserAction = .none,
        display: NotificationDisplay, arrival: [String] = [], action: [String] = [], delivered: Bool? = nil
    ) -> RuleCase {
        RuleCase(
            name, ios: ios, state, implements: implements, payload: payload, local: true, presentation: presentation, user: user,
            display: display, arrival: arrival, action: action, delivered: delivered)
    }

    static let cases: [RuleCase] = [
        // Arrival in the foreground: before 10, L if implemented; from 10, 4 if WP.
        local("8.4 foreground with L: L active", ios: IOSVersion(8, 4), .foreground, implements: "L", display: .none, arrival: ["L active"]),
        local("9.3 foreground with L: L active", ios: IOSVersion(9, 3), .foreground, implements: "L 3", display: .none, arrival: ["L active"]),
        local(
            "9.3 foreground without L: nothing (3 is for remote notifications)", ios: IOSVersion(9, 3), .foreground, implements: "2 3",
            display: .none, arrival: []),
        local(
            "10.0 foreground with WP answering alert: 4, banner", ios: IOSVersion(10), .foreground, implements: "4 5 L", presentation: [.alert],
            display: .banner, arrival: ["4 active"]),
        local(
            "12.0 foreground with WP answering nothing: 4, none", ios: IOSVersion(12), .foreground, implements: "4 5", display: .none,
            arrival: ["4 active"]),
        local("10.0 foreground with only L: nothing (L is gone)", ios: IOSVersion(10), .foreground, implements: "L", display: .none, arrival: []),
        local(
            "12.0 foreground, 4 answering list before 14: none", ios: IOSVersion(12), .foreground, implements: "4 5", presentation: [.list],
            display: .none, arrival: ["4 active"]),
        // Background and cold arrival: nothing called, always shown.
        local("8.4 background: nothing, banner", ios: IOSVersion(8, 4), .background, implements: "L", display: .banner),
        local("9.3 notRunning: nothing, banner", ios: IOSVersion(9, 3), .notRunning, implements: "L", display: .banner),
        local("10.0 forceQuit: nothing, banner", ios: IOSVersion(10), .forceQuit, implements: "4 5", display: .banner),
        local("12.0 background: nothing, banner", ios: IOSVersion(12), .background, implements: "3 4 5", display: .banner),
        local(
            "12.0 notRunning with content-available in the payload: never wakes the app", ios: IOSVersion(12), .notRunning,
            implements: "3 4 5", payload: ["aps": ["content-available": 1]], display: .banner),
        // Tap from the background: before 10, L inactive; from 10, DR → 5 inactive.
        local(
            "8.4 background tap: L inactive", ios: IOSVersion(8, 4), .background, implements: "L", user: .tap,
            display: .banner, action: ["L inactive"], delivered: true),
        local(
            "9.3 background tap: L inactive", ios: IOSVersion(9, 3), .background, implements: "L 3", user: .tap,
            display: .banner, action: ["L inactive"], delivered: true),
        local(
            "9.3 background tap without L: nothing", ios: IOSVersion(9, 3), .background, implements: "2 3", user: .tap,
            display: .banner, action: [], delivered: false),
        local(
            "10.0 background tap: 5 inactive", ios: IOSVersion(10), .background, implements: "4 5", user: .tap,
            display: .banner, action: ["5 inactive default"], delivered: true),
        local(
            "12.0 background tap: 5 inactive", ios: IOSVersion(12), .background, implements: "3 4 5", user: .tap,
            display: .banner, action: ["5 inactive default"], delivered: true),
        local(
            "12.0 background tap without 5: nothing", ios: IOSVersion(12), .background, implements: "3 4 L", user: .tap,
            display: .banner, action: [], delivered: false),
        // Tap on a cold start: 1 (inactive, localNotification), then L before 10, 5 from 10.
        local(
            "8.4 cold start: 1 local then L", ios: IOSVersion(8, 4), .notRunning, implements: "L", user: .tap,
            display: .banner, action: ["1 inactive localNotification", "L inactive"], delivered: true),
        local(
            "9.3 cold start: 1 local then L", ios: IOSVersion(9, 3), .forceQuit, implements: "L 3", user: .tap,
            display: .banner, action: ["1 inactive localNotification", "L inactive"], delivered: true),
        local(
            "9.3 cold start without L: 1 local alone", ios: IOSVersion(9, 3), .forceQuit, implements: "3", user: .tap,
            display: .banner, action: ["1 inactive localNotification"], delivered: true),
        local(
            "10.0 cold start: 1 local then 5", ios: IOSVersion(10), .notRunning, implements: "4 5", user: .tap,
            display: .banner, action: ["1 inactive localNotification", "5 inactive default"], delivered: true),
        local(
            "12.0 cold start: 1 local then 5", ios: IOSVersion(12), .forceQuit, implements: "3 4 5", user: .tap,
            display: .banner, action: ["1 inactive localNotification", "5 inactive default"], delivered: true),
        local(
            "12.0 cold start without 5: 1 local alone", ios: IOSVersion(12), .forceQuit, implements: "3 4", user: .tap,
            display: .banner, action: ["1 inactive localNotification"], delivered: true),
        // Custom actions: AL on 8–9, 5 from 10.
        local(
            "9.3 background action with AL: AL background", ios: IOSVersion(9, 3), .background, implements: "L AL",
            user: .action(id: "snooze", foreground: false), display: .banner, action: ["AL background snooze"], delivered: true),
        local(
            "8.4 cold action with AL: 1 local then AL", ios: IOSVersion(8, 4), .notRunning, implements: "AL",
            user: .action(id: "open", foreground: true), display: .banner,
            action: ["1 inactive localNotification", "AL inactive open"], delivered: true),
        local(
            "9.3 action with only A (the remote one): nothing", ios: IOSVersion(9, 3), .background, implements: "L A",
            user: .action(id: "snooze", foreground: false), display: .banner, action: [], delivered: false),
        local(
            "12.0 background action: 5 background", ios: IOSVersion(12), .background, implements: "4 5",
            user: .action(id: "snooze", foreground: false), display: .banner, action: ["5 background snooze"], delivered: true),
        // A foreground tap on 10+.
        local(
            "12.0 foreground tap on a shown notification: 5 active", ios: IOSVersion(12), .foreground, implements: "4 5", presentation: [.alert],
            user: .tap, display: .banner, arrival: ["4 active"], action: ["5 active default"], delivered: true),
    ]

    @Test(arguments: cases)
    func localNotificationRule(rule: RuleCase) {
        rule.check()
    }

    @Test(arguments: [
        (IOSVersion(8, 4), "L"), (IOSVersion(9, 3), "L"), (IOSVersion(10), "4 5"), (IOSVersion(12), "3 4 5"),
    ])
    func aLocalColdStartIsOneOpenedEvent(ios: IOSVersion, implements: String) throws {
        let scenario = DispatchScenario(
            ios: ios, state: .notRunning, implements: RuleCase.callbacks(implements),
            notification: .local(Self.payload, id: "local-1"), user: .tap)
        let events = try ScenarioSimulator.run(scenario).namedEvents
        #expect(
            events == [
                .opened(
                    .init(
                        notification: try PushNotification(payload: Self.payload, identifier: "local-1", source: .local),
                        origin: .coldStart, action: .default))
            ])
    }
}
