import PushBridge
import Testing

/// Each rule of `dispatch-model.md`, with its own cases — including versions, states and
/// combinations the seed experiments never tried.
@Suite struct DispatchRulesTests {
    /// One expected call, written compactly: `"1 inactive remoteNotification"`, `"5 inactive default"`,
    /// `"3 background"`, `"A inactive reply"`.
    struct Case: Sendable, CustomTestStringConvertible {
        var rule: String
        var scenario: DispatchScenario
        var display: NotificationDisplay
        var calls: [String]
        var delivered: Bool?
        var testDescription: String { rule }
    }

    static let modern: Set<SystemCallback> = [.didReceiveRemoteNotificationFetch, .willPresent, .didReceiveResponse]
    static let alert: JSONObject = ["aps": ["alert": "Hi", "sound": "default"]]
    static let alertCA: JSONObject = ["aps": ["alert": "Hi", "content-available": 1]]
    static let silent: JSONObject = ["aps": ["content-available": 1]]
    static let badgeOnly: JSONObject = ["aps": ["badge": 3]]

    static func make(
        _ rule: String, ios: IOSVersion, _ state: ArrivalState, _ implements: Set<SystemCallback> = modern, payload: JSONObject = alert,
        local: Bool = false, presentation: PresentationOptions = [], user: UserAction = .none, delegate: CenterDelegateTiming = .beforeLaunchEnds,
        dismissAction: Bool = false, modes: Set<String> = ["remote-notification"],
        display: NotificationDisplay, calls: [String], delivered: Bool? = nil
    ) -> Case {
        Case(
            rule: rule,
            scenario: DispatchScenario(
                ios: ios, state: state, implements: implements, centerDelegate: delegate, backgroundModes: modes,
                notification: local ? .local(payload, id: "n") : .remote(payload, id: "n"), customDismissAction: dismissAction,
                presentation: presentation, user: user),
            display: display, calls: calls, delivered: delivered)
    }

    static let cases: [Case] = [
        // Phase 1, foreground.
        make("fg iOS 10 WP: 4 only", ios: IOSVersion(10), .foreground, display: .none, calls: ["4 active"]),
        make("fg iOS 10 WP + CA + F: 3 then 4", ios: IOSVersion(10), .foreground, payload: alertCA, display: .none, calls: ["3 active", "4 active"]),
        make("fg iOS 10 CA without 3: 4 only", ios: IOSVersion(10), .foreground, [.willPresent], payload: alertCA, display: .none, calls: ["4 active"]),
        make("fg iOS 10 silent: RH, never 4", ios: IOSVersion(10), .foreground, payload: silent, display: .none, calls: ["3 active"]),
        make("fg iOS 10 silent, only 2: 2", ios: IOSVersion(10), .foreground, [.didReceiveRemoteNotification, .willPresent], payload: silent, display: .none, calls: ["2 active"]),
        make("fg iOS 9.3 with 4/5 listed: RH", ios: IOSVersion(9, 3), .foreground, display: .none, calls: ["3 active"]),
        make("fg iOS 6.1 with 3 listed: 2", ios: IOSVersion(6, 1), .foreground, [.didReceiveRemoteNotification, .didReceiveRemoteNotificationFetch], display: .none, calls: ["2 active"]),
        make("fg iOS 7.0 with 2 and 3: 3", ios: IOSVersion(7), .foreground, [.didReceiveRemoteNotification, .didReceiveRemoteNotificationFetch], display: .none, calls: ["3 active"]),
        make("fg nothing implemented", ios: IOSVersion(12), .foreground, [], display: .none, calls: []),
        make("fg delegate none: RH", ios: IOSVersion(12), .foreground, delegate: .none, display: .none, calls: ["3 active"]),
        make("fg delegate afterLaunch: warm 4", ios: IOSVersion(12), .foreground, delegate: .afterLaunch, display: .none, calls: ["4 active"]),
        make("fg alert on 13.7: banner", ios: IOSVersion(13, 7), .foreground, presentation: [.alert], display: .banner, calls: ["4 active"]),
        make("fg banner on 13.7 ignored", ios: IOSVersion(13, 7), .foreground, presentation: [.banner], display: .none, calls: ["4 active"]),
        make("fg banner on 14.0", ios: IOSVersion(14), .foreground, presentation: [.banner], display: .banner, calls: ["4 active"]),
        make("fg list only on 14.0", ios: IOSVersion(14), .foreground, presentation: [.list, .sound], display: .list, calls: ["4 active"]),
        make("fg list on 13.7 ignored", ios: IOSVersion(13, 7), .foreground, presentation: [.list], display: .none, calls: ["4 active"]),
        make("fg sound+badge only", ios: IOSVersion(17), .foreground, presentation: [.sound, .badge], display: .none, calls: ["4 active"]),
        make("fg badge-only push shows nothing", ios: IOSVersion(17), .foreground, payload: badgeOnly, presentation: [.banner], display: .none, calls: ["4 active"]),
        // Phase 1, background, not running, force-quit.
        make("bg alert: nothing called", ios: IOSVersion(12), .background, display: .banner, calls: []),
        make("bg CA + F + BG: 3 background", ios: IOSVersion(12), .background, payload: alertCA, display: .banner, calls: ["3 background"]),
        make("bg silent: 3, nothing shown", ios: IOSVersion(8), .background, payload: silent, display: .none, calls: ["3 background"]),
        make("bg CA without the mode", ios: IOSVersion(12), .background, payload: alertCA, modes: [], display: .banner, calls: []),
        make("bg CA with only 2: never 2", ios: IOSVersion(12), .background, [.didReceiveRemoteNotification], payload: alertCA, display: .banner, calls: []),
        make("bg CA on iOS 6: no 3", ios: IOSVersion(6), .background, [.didReceiveRemoteNotificationFetch], payload: alertCA, display: .banner, calls: []),
        make("notRunning CA: background launch", ios: IOSVersion(11), .notRunning, payload: silent, display: .none, calls: ["1 background remoteNotification", "3 background"]),
        make("notRunning alert: nothing", ios: IOSVersion(11), .notRunning, display: .banner, calls: []),
        make("forceQuit CA: nothing", ios: IOSVersion(11), .forceQuit, payload: alertCA, display: .banner, calls: []),
        // Phase 2, tap.
        make("tap fg 10+: 5 active", ios: IOSVersion(10), .foreground, presentation: [.alert], user: .tap, display: .banner, calls: ["4 active", "5 active default"], delivered: true),
        make("tap fg without 5: RH active", ios: IOSVersion(12), .foreground, [.willPresent, .didReceiveRemoteNotificationFetch], presentation: [.alert], user: .tap,
             display: .banner, calls: ["4 active", "3 active"], delivered: true),
        make("tap fg without 5 or RH: nothing", ios: IOSVersion(12), .foreground, [.willPresent], presentation: [.alert], user: .tap, display: .banner, calls: ["4 active"], delivered: false),
        make("tap fg not displayed: no effect", ios: IOSVersion(12), .foreground, user: .tap, display: .none, calls: ["4 active"], delivered: false),
        make("tap bg 10+: 5 inactive", ios: IOSVersion(10), .background, user: .tap, display: .banner, calls: ["5 inactive default"], delivered: true),
        make("tap bg 10+ no delegate: RH", ios: IOSVersion(10), .background, user: .tap, delegate: .none, display: .banner, calls: ["3 inactive"], delivered: true),
        make("tap bg 9.3: RH", ios: IOSVersion(9, 3), .background, user: .tap, display: .banner, calls: ["3 inactive"], delivered: true),
        make("tap bg 6.1 only 3 listed: nothing", ios: IOSVersion(6, 1), .background, [.didReceiveRemoteNotificationFetch], user: .tap, display: .banner, calls: [], delivered: false),
        make("tap cold 10+: 1 then 5", ios: IOSVersion(10), .notRunning, user: .tap, display: .banner, calls: ["1 inactive remoteNotification", "5 inactive default"], delivered: true),
        make("tap cold 10+ afterLaunch: 1 then 3", ios: IOSVersion(12), .forceQuit, user: .tap, delegate: .afterLaunch, display: .banner,
             calls: ["1 inactive remoteNotification", "3 inactive"], delivered: true),
        make("tap cold 10+ without 5: 1 then 3", ios: IOSVersion(12), .forceQuit, [.didReceiveRemoteNotificationFetch, .willPresent], user: .tap, display: .banner,
             calls: ["1 inactive remoteNotification", "3 inactive"], delivered: true),
        make("tap cold 7.0: 1 then 3", ios: IOSVersion(7), .forceQuit, user: .tap, display: .banner, calls: ["1 inactive remoteNotification", "3 inactive"], delivered: true),
        make("tap cold 6.1: 1 only", ios: IOSVersion(6, 1), .forceQuit, [.didReceiveRemoteNotification], user: .tap, display: .banner, calls: ["1 inactive remoteNotification"], delivered: true),
        make("tap cold, only 2: never 2", ios: IOSVersion(12), .notRunning, [.didReceiveRemoteNotification], user: .tap, display: .banner, calls: ["1 inactive remoteNotification"], delivered: true),
        make("tap after background launch is a background tap", ios: IOSVersion(12), .notRunning, payload: alertCA, user: .tap, display: .banner,
             calls: ["1 background remoteNotification", "3 background", "5 inactive default"], delivered: true),
        make("tap a silent push: nothing to tap", ios: IOSVersion(12), .background, payload: silent, user: .tap, display: .none, calls: ["3 background"], delivered: false),
        // openAppIcon.
        make("icon cold: 1 without a key", ios: IOSVersion(12), .forceQuit, user: .openAppIcon, display: .banner, calls: ["1 inactive none"], delivered: false),
        make("icon bg: nothing", ios: IOSVersion(12), .background, user: .openAppIcon, display: .banner, calls: [], delivered: false),
        make("icon after silent launch: nothing more", ios: IOSVersion(12), .notRunning, payload: silent, user: .openAppIcon, display: .none,
             calls: ["1 background remoteNotification", "3 background"], delivered: false),
        // dismiss.
        make("dismiss bg 10+: 5 background", ios: IOSVersion(10), .background, user: .dismiss, dismissAction: true, display: .banner, calls: ["5 background dismiss"], delivered: true),
        make("dismiss without the category option", ios: IOSVersion(10), .background, user: .dismiss, display: .banner, calls: [], delivered: false),
        make("dismiss fg: 5 active", ios: IOSVersion(14), .foreground, presentation: [.banner], user: .dismiss, dismissAction: true, display: .banner,
             calls: ["4 active", "5 active dismiss"], delivered: true),
        make("dismiss cold: launched into background", ios: IOSVersion(12), .notRunning, user: .dismiss, dismissAction: true, display: .banner,
             calls: ["1 background remoteNotification", "5 background dismiss"], delivered: true),
        make("dismiss cold, afterLaunch: lost", ios: IOSVersion(12), .notRunning, user: .dismiss, delegate: .afterLaunch, dismissAction: true, display: .banner, calls: [], delivered: false),
        make("dismiss 9.3: never delivered", ios: IOSVersion(9, 3), .background, user: .dismiss, dismissAction: true, display: .banner, calls: [], delivered: false),
        // Custom actions.
        make("action fg-type bg 10+", ios: IOSVersion(10), .background, user: .action(id: "open", foreground: true), display: .banner, calls: ["5 inactive open"], delivered: true),
        make("action bg-type bg 10+", ios: IOSVersion(10), .background, user: .action(id: "like", foreground: false), display: .banner, calls: ["5 background like"], delivered: true),
        make("action on a foreground banner stays active", ios: IOSVersion(14), .foreground, presentation: [.banner], user: .action(id: "like", foreground: false),
             display: .banner, calls: ["4 active", "5 active like"], delivered: true),
        make("action cold 10+: launch then 5", ios: IOSVersion(12), .forceQuit, user: .action(id: "reply", foreground: true), display: .banner,
             calls: ["1 inactive remoteNotification", "5 inactive reply"], delivered: true),
        make("action cold bg-type: background launch", ios: IOSVersion(12), .forceQuit, user: .action(id: "like", foreground: false), display: .banner,
             calls: ["1 background remoteNotification", "5 background like"], delivered: true),
        make("action 9.3 with A", ios: IOSVersion(9, 3), .background, [.handleActionForRemote], user: .action(id: "like", foreground: false), display: .banner,
             calls: ["A background like"], delivered: true),
        make("action 8.0 cold with A", ios: IOSVersion(8), .notRunning, [.handleActionForRemote], user: .action(id: "open", foreground: true), display: .banner,
             calls: ["1 inactive remoteNotification", "A inactive open"], delivered: true),
        make("action 8.0 without A: nothing", ios: IOSVersion(8), .background, user: .action(id: "x", foreground: true), display: .banner, calls: [], delivered: false),
        make("action 7.1: no actions", ios: IOSVersion(7, 1), .background, [.handleActionForRemote], user: .action(id: "x", foreground: true), display: .banner, calls: [], delivered: false),
        make("action 10 with only A listed: nothing", ios: IOSVersion(10), .background, [.handleActionForRemote], user: .action(id: "x", foreground: true), display: .banner,
             calls: [], delivered: false),
        // Local notifications.
        make("local fg 9.3 with L", ios: IOSVersion(9, 3), .foreground, [.didReceiveLocalNotification], local: true, display: .none, calls: ["L active"]),
        make("local fg 10+ WP", ios: IOSVersion(10), .foreground, local: true, presentation: [.alert], display: .banner, calls: ["4 active"]),
        make("local fg 10 with only L: nothing", ios: IOSVersion(10), .foreground, [.didReceiveLocalNotification], local: true, display: .none, calls: []),
        make("local fg 3.0: L does not exist yet", ios: IOSVersion(3), .foreground, [.didReceiveLocalNotification], local: true, display: .none, calls: []),
        make("local bg: always shown, nothing called", ios: IOSVersion(12), .background, payload: ["aps": [:]], local: true, display: .banner, calls: []),
        make("local tap bg 9.3: L inactive", ios: IOSVersion(9, 3), .background, [.didReceiveLocalNotification], local: true, user: .tap, display: .banner,
             calls: ["L inactive"], delivered: true),
        make("local tap bg 10+: 5", ios: IOSVersion(10), .background, local: true, user: .tap, display: .banner, calls: ["5 inactive default"], delivered: true),
        make("local tap cold 9.3: 1 local then L", ios: IOSVersion(9, 3), .notRunning, [.didReceiveLocalNotification], local: true, user: .tap, display: .banner,
             calls: ["1 inactive localNotification", "L inactive"], delivered: true),
        make("local tap cold 12: 1 local then 5", ios: IOSVersion(12), .forceQuit, local: true, user: .tap, display: .banner,
             calls: ["1 inactive localNotification", "5 inactive default"], delivered: true),
        make("local action 9.3 with AL", ios: IOSVersion(9, 3), .background, [.handleActionForLocal], local: true, user: .action(id: "snooze", foreground: false),
             display: .banner, calls: ["AL background snooze"], delivered: true),
    ]

    @Test(arguments: cases)
    func rule(_ testCase: Case) {
        let trace = DispatchModel.trace(for: testCase.scenario)
        #expect(trace.display == testCase.display)
        #expect(trace.calls.map(Self.render) == testCase.calls)
        #expect(trace.actionDelivered == testCase.delivered)
    }

    /// `"1 inactive remoteNotification"`, `"5 background dismiss"`, `"3 active"`.
    static func render(_ call: SystemCall) -> String {
        var parts = [call.callback.seedLabel, call.state.rawValue]
        if call.callback == .didFinishLaunching { parts.append(call.launchOptionsKey?.rawValue ?? "none") }
        switch call.action {
        case .default?: parts.append("default")
        case .dismiss?: parts.append("dismiss")
        case .custom(let id)?: parts.append(id)
        case nil: break
        }
        return parts.joined(separator: " ")
    }

    @Test(arguments: SystemCallback.allCases)
    func aMethodIsNeverCalledOnAVersionWithoutIt(callback: SystemCallback) {
        for version in [IOSVersion(3), IOSVersion(6, 1), IOSVersion(7), IOSVersion(8), IOSVersion(9, 3), IOSVersion(10), IOSVersion(14), IOSVersion(17)]
        where !callback.exists(on: version) {
            for scenario in ScenarioSpaceSample.scenarios(version: version, implements: [callback]) {
                #expect(!DispatchModel.trace(for: scenario).calls.contains { $0.callback == callback })
            }
        }
    }
}

/// A small sample of scenarios for one version and handler set.
enum ScenarioSpaceSample {
    static func scenarios(version: IOSVersion, implements: Set<SystemCallback>) -> [DispatchScenario] {
        var result: [DispatchScenario] = []
        for state in ArrivalState.allCases {
            for user in [UserAction.none, .tap, .dismiss, .action(id: "a", foreground: true)] {
                for note in [ScenarioNotification.remote(["aps": ["alert": "x", "content-available": 1]]), .local(["aps": ["alert": "x"]])] {
                    result.append(DispatchScenario(ios: version, state: state, implements: implements, notification: note,
                                                   customDismissAction: true, presentation: [.alert], user: user))
                }
            }
        }
        return result
    }
}
