import PushBridge
import PushBridgeModel

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
            title: "A content-available push in the foreground (iOS 10.2): callbacks 3 and 4 both run, one received",
            scenario: DispatchScenario(
                ios: IOSVersion(10, 2), state: .foreground, implements: modernApp,
                notification: .remote(["aps": ["alert": "Sync done", "content-available": 1]], id: "n-2"),
                presentation: [.alert], user: .tap)),
        Demo(
            title: "An old app implementing only callback 2 (iOS 9.3.2, cold start): only the launch options carry the tap",
            scenario: DispatchScenario(
                ios: IOSVersion(9, 3, 2), state: .notRunning, implements: [.didReceiveRemoteNotification],
                notification: .remote(["aps": ["alert": "Hello"]], id: "n-3"), user: .tap)),
    ]

    /// The numbers the traces give iOS's callbacks, each with the method an app implements.
    static let callbackKey = [
        "The callbacks, by the number the traces give them:",
        "  1  application(_:didFinishLaunchingWithOptions:)",
        "  2  application(_:didReceiveRemoteNotification:)  (deprecated since iOS 10)",
        "  3  application(_:didReceiveRemoteNotification:fetchCompletionHandler:)",
        "  4  userNotificationCenter(_:willPresent:withCompletionHandler:)",
        "  5  userNotificationCenter(_:didReceive:withCompletionHandler:)",
    ]

    func run() -> CommandOutput {
        var sections = ["PushBridge: how iOS delivers a push, and the one event stream your app sees.", ""] + Self.callbackKey + [""]
        sections += providersSideBySide(Self.demos[0])
        for demo in Self.demos.dropFirst() {
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

extension DemoCommand {
    /// One scenario through every provider this build has: each SDK's callbacks, one set of events.
    func providersSideBySide(_ demo: Demo) -> [String] {
        var lines = ["▸ " + demo.title, "  the same tap through each provider's adapter:"]
        var eventSets: [[JSONValue]] = []
        for simulator in ProviderSimulators.registered {
            let kind = simulator.definition.id
            do {
                let result = try ScenarioSimulator.run(demo.scenario, provider: simulator)
                lines.append("  \(kind.rawValue):")
                for call in result.calls { lines.append("    \(call.phase.rawValue.padding(7)) \(TraceText.callText(call))") }
                lines.append("    events: " + result.namedEvents.map(TraceText.eventText).joined(separator: "; "))
                eventSets.append(result.namedEvents.map(\.jsonValue))
            } catch {
                lines.append("  \(kind.rawValue): failed: \(error)")
            }
        }
        let identical = Set(eventSets.map { JSONWriter.string(from: .array($0)) }).count == 1
        lines.append("  events identical across \(eventSets.count) provider(s): \(identical ? "yes" : "NO")")
        lines.append("")
        return lines
    }
}

extension String {
    /// Every line indented by two spaces.
    var indented: String {
        split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
    }
}
