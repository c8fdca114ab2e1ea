import PushBridge
import PushBridgeModel
import Testing

/// Phase 2 of `docs/spec/dispatch-model.md`: taps, cold starts, opening from the icon, dismissals and custom actions.
@Suite struct UserActionRulesTests {
    // MARK: Tap in every state, across versions

    /// An app implementing every remote method (2, 3, 4, 5), `willPresent` answering `alert`, the user tapping.
    static func tap(_ ios: IOSVersion, _ state: ArrivalState, display: NotificationDisplay, arrival: [String] = [], action: [String], delivered: Bool)
        -> RuleCase
    {
        RuleCase(
            "tap, iOS \(ios), \(state)", ios: ios, state, implements: "2 3 4 5", presentation: [.alert], user: .tap,
            display: display, arrival: arrival, action: action, delivered: delivered)
    }

    static let tapsAcrossVersions: [RuleCase] = [
        // iOS 6.1: 2 is RH; a cold start is 1 alone (2 is never called after a launch).
        tap(IOSVersion(6, 1), .foreground, display: .none, arrival: ["2 active"], action: [], delivered: false),
        tap(IOSVersion(6, 1), .background, display: .banner, action: ["2 inactive"], delivered: true),
        tap(IOSVersion(6, 1), .notRunning, display: .banner, action: ["1 inactive remoteNotification"], delivered: true),
        tap(IOSVersion(6, 1), .forceQuit, display: .banner, action: ["1 inactive remoteNotification"], delivered: true),
        // iOS 7.0–9.x: 3 is RH; a cold start is 1 then 3.
        tap(IOSVersion(7), .foreground, display: .none, arrival: ["3 active"], action: [], delivered: false),
        tap(IOSVersion(7), .background, display: .banner, action: ["3 inactive"], delivered: true),
        tap(IOSVersion(7), .notRunning, display: .banner, action: ["1 inactive remoteNotification", "3 inactive"], delivered: true),
        tap(IOSVersion(7), .forceQuit, display: .banner, action: ["1 inactive remoteNotification", "3 inactive"], delivered: true),
        tap(IOSVersion(8, 4), .foreground, display: .none, arrival: ["3 active"], action: [], delivered: false),
        tap(IOSVersion(8, 4), .background, display: .banner, action: ["3 inactive"], delivered: true),
        tap(IOSVersion(8, 4), .notRunning, display: .banner, action: ["1 inactive remoteNotification", "3 inactive"], delivered: true),
        tap(IOSVersion(8, 4), .forceQuit, display: .banner, action: ["1 inactive remoteNotification", "3 inactive"], delivered: true),
        tap(IOSVersion(9, 3, 2), .foreground, display: .none, arrival: ["3 active"], action: [], delivered: false),
        tap(IOSVersion(9, 3, 2), .background, display: .banner, action: ["3 inactive"], delivered: true),
        tap(IOSVersion(9, 3, 2), .notRunning, display: .banner, action: ["1 inactive remoteNotification", "3 inactive"], delivered: true),
        tap(IOSVersion(9, 3, 2), .forceQuit, display: .banner, action: ["1 inactive remoteNotification", "3 inactive"], delivered: true),
        // iOS 10+: 4 in the foreground (alert → banner), 5 for every tap.
        tap(IOSVersion(10), .foreground, display: .banner, arrival: ["4 active"], action: ["5 active default"], delivered: true),
        tap(IOSVersion(10), .background, display: .banner, action: ["5 inactive default"], delivered: true),
        tap(IOSVersion(10), .notRunning, display: .banner, action: ["1 inactive remoteNotification", "5 inactive default"], delivered: true),
        tap(IOSVersion(10), .forceQuit, display: .banner, action: ["1 inactive remoteNotification", "5 inactive default"], delivered: true),
        tap(IOSVersion(12, 3, 1), .foreground, display: .banner, arrival: ["4 active"], action: ["5 active default"], delivered: true),
        tap(IOSVersion(12, 3, 1), .background, display: .banner, action: ["5 inactive default"], delivered: true),
        tap(IOSVersion(12, 3, 1), .notRunning, display: .banner, action: ["1 inactive remoteNotification", "5 inactive default"], delivered: true),
        tap(IOSVersion(12, 3, 1), .forceQuit, display: .banner, action: ["1 inactive remoteNotification", "5 inactive default"], delivered: true),
        tap(IOSVersion(17), .foreground, display: .banner, arrival: ["4 active"], action: ["5 active default"], delivered: true),
        tap(IOSVersion(17), .background, display: .banner, action: ["5 inactive default"], delivered: true),
        tap(IOSVersion(17), .notRunning, display: .banner, action: ["1 inactive remoteNotification", "5 inactive default"], delivered: true),
        tap(IOSVersion(17), .forceQuit, display: .banner, action: ["1 inactive remoteNotification", "5 inactive default"], delivered: true),
    ]

    @Test(arguments: tapsAcrossVersions)
    func tapInEveryStateOnEveryVersion(rule: RuleCase) {
        rule.check()
    }

    // MARK: Cold starts, foreground taps, fallbacks

    static let tapFallbacks: [RuleCase] = [
        RuleCase(
            "foreground tap on 12.0 without 5: RH active", ios: IOSVersion(12), .foreground, implements: "3 4", presentation: [.alert], user: .tap,
            display: .banner, arrival: ["4 active"], action: ["3 active"], delivered: true),
        RuleCase(
            "foreground tap on 12.0 with only 2 and 4: 2 active", ios: IOSVersion(12), .foreground, implements: "2 4", presentation: [.alert],
            user: .tap, display: .banner, arrival: ["4 active"], action: ["2 active"], delivered: true),
        RuleCase(
            "foreground tap on 12.0 with only 4: nothing", ios: IOSVersion(12), .foreground, implements: "4", presentation: [.alert], user: .tap,
            display: .banner, arrival: ["4 active"], action: [], delivered: false),
        RuleCase(
            "foreground tap on a list-only notification (14.0): 5 active", ios: IOSVersion(14), .foreground, presentation: [.list], user: .tap,
            display: .list, arrival: ["4 active"], action: ["5 active default"], delivered: true),
        RuleCase(
            "background tap on 12.0 without 5: RH inactive", ios: IOSVersion(12), .background, implements: "3 4", user: .tap,
            display: .banner, action: ["3 inactive"], delivered: true),
        RuleCase(
            "background tap on 12.0 with only 2: 2 inactive", ios: IOSVersion(12), .background, implements: "2", user: .tap,
            display: .banner, action: ["2 inactive"], delivered: true),
        RuleCase(
            "background tap on 12.0, nothing implemented: nothing", ios: IOSVersion(12), .background, implements: "", user: .tap,
            display: .banner, action: [], delivered: false),
        RuleCase(
            "cold start on 12.0 without 5: 1 then 3", ios: IOSVersion(12), .forceQuit, implements: "3 4", user: .tap,
            display: .banner, action: ["1 inactive remoteNotification", "3 inactive"], delivered: true),
        RuleCase(
            "cold start on 12.0 with only 2: 1 alone, never 2", ios: IOSVersion(12), .notRunning, implements: "2", user: .tap,
            display: .banner, action: ["1 inactive remoteNotification"], delivered: true),
        RuleCase(
            "cold start on 12.0, nothing implemented: 1 alone still carries the notification", ios: IOSVersion(12), .notRunning, implements: "",
            user: .tap, display: .banner, action: ["1 inactive remoteNotification"], delivered: true),
        RuleCase(
            "cold start on 9.3.2 with 4 and 5 only: 1 alone", ios: IOSVersion(9, 3, 2), .forceQuit, implements: "4 5", user: .tap,
            display: .banner, action: ["1 inactive remoteNotification"], delivered: true),
        RuleCase(
            "cold start on 6.1 with 3 listed: 1 alone", ios: IOSVersion(6, 1), .forceQuit, implements: "3", user: .tap,
            display: .banner, action: ["1 inactive remoteNotification"], delivered: true),
    ]

    @Test(arguments: tapFallbacks)
    func tapFallsBackAsTheSpecSays(rule: RuleCase) {
        rule.check()
    }

    // MARK: Version thresholds, at and just below

    static let thresholds: [RuleCase] = [
        // 3: method 2 exists from the first version the model knows.
        RuleCase(
            "3.0: background tap reaches 2", ios: IOSVersion(3), .background, implements: "2", user: .tap,
            display: .banner, action: ["2 inactive"], delivered: true),
        // 7: method 3.
        RuleCase(
            "6.9.9: background tap with only 3: nothing", ios: IOSVersion(6, 9, 9), .background, implements: "3", user: .tap,
            display: .banner, action: [], delivered: false),
        RuleCase(
            "7.0: background tap with only 3: 3", ios: IOSVersion(7), .background, implements: "3", user: .tap,
            display: .banner, action: ["3 inactive"], delivered: true),
        RuleCase(
            "6.9.9: cold start with 3: 1 alone", ios: IOSVersion(6, 9, 9), .forceQuit, implements: "3", user: .tap,
            display: .banner, action: ["1 inactive remoteNotification"], delivered: true),
        RuleCase(
            "7.0: cold start with 3: 1 then 3", ios: IOSVersion(7), .forceQuit, implements: "3", user: .tap,
            display: .banner, action: ["1 inactive remoteNotification", "3 inactive"], delivered: true),
        RuleCase(
            "6.9.9: CA in the background: nothing", ios: IOSVersion(6, 9, 9), .background, implements: "3", payload: Payloads.silent,
            display: .none, arrival: []),
        RuleCase(
            "7.0: CA in the background: 3", ios: IOSVersion(7), .background, implements: "3", payload: Payloads.silent,
            display: .none, arrival: ["3 background"]),
        // 8: the action method A.
        RuleCase(
            "7.9.9: custom action with A: nothing", ios: IOSVersion(7, 9, 9), .background, implements: "3 A",
            user: .action(id: "like", foreground: false), display: .banner, action: [], delivered: false),
        RuleCase(
            "8.0: custom action with A: A", ios: IOSVersion(8), .background, implements: "3 A",
            user: .action(id: "like", foreground: false), display: .banner, action: ["A background like"], delivered: true),
        // 10: UserNotifications.
        RuleCase(
            "9.9.9: foreground arrival: RH", ios: IOSVersion(9, 9, 9), .foreground, presentation: [.alert],
            display: .none, arrival: ["3 active"]),
        RuleCase(
            "10.0: foreground arrival: 4", ios: IOSVersion(10), .foreground, presentation: [.alert],
            display: .banner, arrival: ["4 active"]),
        RuleCase(
            "9.9.9: background tap: 3", ios: IOSVersion(9, 9, 9), .background, user: .tap,
            display: .banner, action: ["3 inactive"], delivered: true),
        RuleCase(
            "10.0: background tap: 5", ios: IOSVersion(10), .background, user: .tap,
            display: .banner, action: ["5 inactive default"], delivered: true),
        RuleCase(
            "9.9.9: cold start: 1 then 3", ios: IOSVersion(9, 9, 9), .notRunning, user: .tap,
            display: .banner, action: ["1 inactive remoteNotification", "3 inactive"], delivered: true),
        RuleCase(
            "10.0: cold start: 1 then 5", ios: IOSVersion(10), .notRunning, user: .tap,
            display: .banner, action: ["1 inactive remoteNotification", "5 inactive default"], delivered: true),
        RuleCase(
            "9.9.9: dismiss: never delivered", ios: IOSVersion(9, 9, 9), .background, customDismissAction: true, user: .dismiss,
            display: .banner, action: [], delivered: false),
        RuleCase(
            "10.0: dismiss: 5", ios: IOSVersion(10), .background, customDismissAction: true, user: .dismiss,
            display: .banner, action: ["5 background dismiss"], delivered: true),
        RuleCase(
            "9.9.9: custom action with only A: A", ios: IOSVersion(9, 9, 9), .background, implements: "3 A",
            user: .action(id: "like", foreground: true), display: .banner, action: ["A inactive like"], delivered: true),
        RuleCase(
            "10.0: custom action with only A: nothing (A is gone)", ios: IOSVersion(10), .background, implements: "3 A",
            user: .action(id: "like", foreground: true), display: .banner, action: [], delivered: false),
        // 14: banner and list.
        RuleCase(
            "13.9.9: banner is ignored", ios: IOSVersion(13, 9, 9), .foreground, presentation: [.banner], user: .tap,
            display: .none, arrival: ["4 active"], action: [], delivered: false),
        RuleCase(
            "14.0: banner shows", ios: IOSVersion(14), .foreground, presentation: [.banner], user: .tap,
            display: .banner, arrival: ["4 active"], action: ["5 active default"], delivered: true),
        RuleCase(
            "13.9.9: list is ignored", ios: IOSVersion(13, 9, 9), .foreground, presentation: [.list],
            display: .none, arrival: ["4 active"]),
        RuleCase(
            "14.0: list shows in the list", ios: IOSVersion(14), .foreground, presentation: [.list],
            display: .list, arrival: ["4 active"]),
    ]

    @Test(arguments: thresholds)
    func versionThresholdsAtAndJustBelow(rule: RuleCase) {
        rule.check()
    }

    // MARK: 2 and 3 both implemented

    static let bothHandlers: [RuleCase] = [
        RuleCase("7.0 foreground", ios: IOSVersion(7), .foreground, implements: "2 3", display: .none, arrival: ["3 active"]),
        RuleCase(
            "9.3.2 background tap", ios: IOSVersion(9, 3, 2), .background, implements: "2 3", user: .tap,
            display: .banner, action: ["3 inactive"], delivered: true),
        RuleCase("12.3.1 foreground", ios: IOSVersion(12, 3, 1), .foreground, implements: "2 3", display: .none, arrival: ["3 active"]),
        RuleCase(
            "12.3.1 background tap", ios: IOSVersion(12, 3, 1), .background, implements: "2 3", user: .tap,
            display: .banner, action: ["3 inactive"], delivered: true),
        RuleCase(
            "12.3.1 cold start", ios: IOSVersion(12, 3, 1), .forceQuit, implements: "2 3", user: .tap,
            display: .banner, action: ["1 inactive remoteNotification", "3 inactive"], delivered: true),
        RuleCase(
            "17.0 silent in the background", ios: IOSVersion(17), .background, implements: "2 3", payload: Payloads.silent,
            display: .none, arrival: ["3 background"]),
    ]

    @Test(arguments: bothHandlers)
    func whenBoth2And3AreImplemented2IsNeverCalled(rule: RuleCase) {
        rule.check()
    }

    @Test(arguments: [IOSVersion(7), IOSVersion(9, 3, 2), IOSVersion(10), IOSVersion(12, 3, 1), IOSVersion(17)])
    func method2NeverRunsBeside3InAnyStateOrAction(ios: IOSVersion) {
        let users: [UserAction] = [.none, .tap, .dismiss, .openAppIcon, .action(id: "a", foreground: true)]
        for state in ArrivalState.allCases {
            for user in users {
                for payload in [Payloads.alert, Payloads.alertCA, Payloads.silent] {
                    let scenario = DispatchScenario(
                        ios: ios, state: state, implements: [.didReceiveRemoteNotification, .didReceiveRemoteNotificationFetch],
                        notification: .remote(payload), customDismissAction: true, user: user)
                    #expect(!DispatchModel.trace(for: scenario).calls.contains { $0.callback == .didReceiveRemoteNotification })
                }
            }
        }
    }

    // MARK: The notification-center delegate's timing

    static let delegateTiming: [RuleCase] = [
        RuleCase(
            "afterLaunch: a warm background tap reaches 5", ios: IOSVersion(12), .background, delegate: .afterLaunch, user: .tap,
            display: .banner, action: ["5 inactive default"], delivered: true),
        RuleCase(
            "afterLaunch: a warm foreground tap reaches 5", ios: IOSVersion(12), .foreground, presentation: [.alert], delegate: .afterLaunch,
            user: .tap, display: .banner, arrival: ["4 active"], action: ["5 active default"], delivered: true),
        RuleCase(
            "afterLaunch: the cold-start response is lost, 1 then 3", ios: IOSVersion(12), .forceQuit, delegate: .afterLaunch, user: .tap,
            display: .banner, action: ["1 inactive remoteNotification", "3 inactive"], delivered: true),
        RuleCase(
            "afterLaunch: the cold-start response is lost, no 3: 1 alone", ios: IOSVersion(12), .notRunning, implements: "4 5",
            delegate: .afterLaunch, user: .tap, display: .banner, action: ["1 inactive remoteNotification"], delivered: true),
        RuleCase(
            "afterLaunch: after a background launch the tap is warm and reaches 5", ios: IOSVersion(12), .notRunning,
            payload: Payloads.alertCA, delegate: .afterLaunch, user: .tap, display: .banner,
            arrival: ["1 background remoteNotification", "3 background"], action: ["5 inactive default"], delivered: true),
        RuleCase(
            "none: foreground arrival goes to RH", ios: IOSVersion(12), .foreground, presentation: [.alert], delegate: .none,
            display: .none, arrival: ["3 active"]),
        RuleCase(
            "none: background tap goes to RH", ios: IOSVersion(12), .background, delegate: .none, user: .tap,
            display: .banner, action: ["3 inactive"], delivered: true),
        RuleCase(
            "none: cold start is 1 then 3", ios: IOSVersion(12), .forceQuit, delegate: .none, user: .tap,
            display: .banner, action: ["1 inactive remoteNotification", "3 inactive"], delivered: true),
        RuleCase(
            "none with only 4 and 5: a background tap reaches nothing", ios: IOSVersion(12), .background, implements: "4 5", delegate: .none,
            user: .tap, display: .banner, action: [], delivered: false),
    ]

    @Test(arguments: delegateTiming)
    func centerDelegateTiming(rule: RuleCase) {
        rule.check()
    }

    // MARK: A tap after a background launch

    static let afterBackgroundLaunch: [RuleCase] = [
        RuleCase(
            "12.0: visible CA wakes the app, the tap is a background tap (5 inactive, no second launch)", ios: IOSVersion(12), .notRunning,
            payload: Payloads.alertCA, user: .tap, display: .banner,
            arrival: ["1 background remoteNotification", "3 background"], action: ["5 inactive default"], delivered: true),
        RuleCase(
            "9.3.2: visible CA wakes the app, the tap is 3 inactive", ios: IOSVersion(9, 3, 2), .notRunning,
            payload: Payloads.alertCA, user: .tap, display: .banner,
            arrival: ["1 background remoteNotification", "3 background"], action: ["3 inactive"], delivered: true),
        RuleCase(
            "12.0: a truly silent push shows nothing to tap", ios: IOSVersion(12), .notRunning, payload: Payloads.silent, user: .tap,
            display: .none, arrival: ["1 background remoteNotification", "3 background"], action: [], delivered: false),
        RuleCase(
            "12.0: without the background mode the same tap is a cold start", ios: IOSVersion(12), .notRunning,
            payload: Payloads.alertCA, modes: [], user: .tap, display: .banner,
            arrival: [], action: ["1 inactive remoteNotification", "5 inactive default"], delivered: true),
        RuleCase(
            "12.0: force-quit, CA does not wake the app, the tap is a cold start", ios: IOSVersion(12), .forceQuit,
            payload: Payloads.alertCA, user: .tap, display: .banner,
            arrival: [], action: ["1 inactive remoteNotification", "5 inactive default"], delivered: true),
    ]

    @Test(arguments: afterBackgroundLaunch)
    func aTapAfterABackgroundLaunchIsNotAColdStart(rule: RuleCase) {
        rule.check()
    }

    // MARK: Opening the app from its icon

    static let openAppIcon: [RuleCase] = [
        RuleCase(
            "12.0 foreground: nothing", ios: IOSVersion(12), .foreground, presentation: [.alert], user: .openAppIcon,
            display: .banner, arrival: ["4 active"], action: [], delivered: false),
        RuleCase(
            "12.0 background: nothing", ios: IOSVersion(12), .background, user: .openAppIcon,
            display: .banner, action: [], delivered: false),
        RuleCase(
            "12.0 notRunning: 1 without a key", ios: IOSVersion(12), .notRunning, user: .openAppIcon,
            display: .banner, action: ["1 inactive none"], delivered: false),
        RuleCase(
            "12.0 forceQuit: 1 without a key", ios: IOSVersion(12), .forceQuit, user: .openAppIcon,
            display: .banner, action: ["1 inactive none"], delivered: false),
        RuleCase(
            "9.3.2 foreground: nothing", ios: IOSVersion(9, 3, 2), .foreground, user: .openAppIcon,
            display: .none, arrival: ["3 active"], action: [], delivered: false),
        RuleCase(
            "9.3.2 background: nothing", ios: IOSVersion(9, 3, 2), .background, user: .openAppIcon,
            display: .banner, action: [], delivered: false),
        RuleCase(
            "9.3.2 notRunning: 1 without a key", ios: IOSVersion(9, 3, 2), .notRunning, user: .openAppIcon,
            display: .banner, action: ["1 inactive none"], delivered: false),
        RuleCase(
            "9.3.2 forceQuit: 1 without a key", ios: IOSVersion(9, 3, 2), .forceQuit, user: .openAppIcon,
            display: .banner, action: ["1 inactive none"], delivered: false),
        RuleCase(
            "12.0 forceQuit after a silent push: 1 without a key", ios: IOSVersion(12), .forceQuit, payload: Payloads.silent,
            user: .openAppIcon, display: .none, action: ["1 inactive none"], delivered: false),
        RuleCase(
            "12.0 notRunning after a background launch: already running, nothing", ios: IOSVersion(12), .notRunning,
            payload: Payloads.silent, user: .openAppIcon, display: .none,
            arrival: ["1 background remoteNotification", "3 background"], action: [], delivered: false),
    ]

    @Test(arguments: openAppIcon)
    func openingTheAppFromItsIcon(rule: RuleCase) {
        rule.check()
    }
}
