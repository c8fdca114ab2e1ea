import PushBridge

/// `pushbridge` with no arguments: three scenarios that show why PushBridge exists, each with the
/// callbacks iOS makes and the one event the app receives.
struct DemoCommand: Sendable {
    struct Demo: Sendable {
        var title: String
        var scenario: DispatchScenario
    }

    static let modernApp: Set<SystemCallback> = [.didReceiveRemoteNotificationFetch, .willPresent, .didReceiveResponse]

    static let demos: [Demo] = [
        Demo(
            title: "A tap on a cold start (iOS 12.3.1, app swiped away): two callbacks, one event",
            scenario: DispatchScenario(
                ios: IOSVersion(12, 3, 1), state: .forceQuit, implements: modernApp,
                notification: .remote(["aps": ["alert": "New comment"], "type": "comment"], id: "n-1"), user: .tap)),
        Demo(
            title: "A content-available push in the foreground (iOS 10.2): methods 3 and 4 both run, one received",
            scenario: DispatchScenario(
                ios: IOSVersion(10, 2), state: .foreground, implements: modernApp,
                notification: .remote(["aps": ["alert": "Sync done", "content-available": 1]], id: "n-2"),
                presentation: [.alert], user: .tap)),
        Demo(
            title: "An old app implementing only method 2 (iOS 9.3.2, cold start): only the launch options carry the tap",
            scenario: DispatchScenario(
                ios: IOSVersion(9, 3, 2), state: .notRunning, implements: [.didReceiveRemoteNotification],
                notification: .remote(["aps": ["alert": "Hello"]], id: "n-3"), user: .tap)),
    ]

    func run() -> CommandOutput {
        var sections = ["PushBridge: how iOS delivers a push, and the one event stream your app sees.", ""]
        for demo in Self.demos {
            sections.append("▸ " + demo.title)
            do {
                let result = try ScenarioSimulator.run(demo.scenario)
                sections.append(TraceText.render(result, scenario: demo.scenario).indented)
            } catch {
                sections.append("  (failed: \(error))")
            }
            sections.append("")
        }
        sections.append("Try: pushbridge simulate scenario.json · pushbridge matrix · pushbridge help")
        return .success(sections.joined(separator: "\n"))
    }
}

extension String {
    /// Every line indented by two spaces.
    var indented: String {
        split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
    }
}
