import PushBridge
import Testing

@testable import pushbridge

/// `pushbridge simulate`'s `scenes` and `supportsMultipleScenes`: malformed values exit 2 with one
/// line naming the field; the trace's `scene` appears only when the scenario lists its scenes.
@Suite struct SimulateScenesTests {
    static let tap = #""implements": ["userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:"], "user": "tap""#
    static let note = #""notification": {"id": "n", "payload": {"aps": {"alert": "Hi", "target-content-id": "chat-7"}}}"#

    static func scenario(_ extra: String, state: String = "background", lifecycle: String = "scenes", ios: String = "17", note: String = note)
        -> String
    {
        #"{"ios": "\#(ios)", "state": "\#(state)", "lifecycle": "\#(lifecycle)", \#(tap), \#(note), \#(extra)}"#
    }

    static let malformed: [(scenario: String, field: String)] = [
        (scenario(#""scenes": [{"id": "a", "state": "background"}]"#, lifecycle: "appDelegate"), "scenes"),
        (scenario(#""scenes": [{"id": "a", "state": "background"}]"#, ios: "12.4"), "scenes"),
        (scenario(#""supportsMultipleScenes": true"#, lifecycle: "appDelegate"), "supportsMultipleScenes"),
        (scenario(#""supportsMultipleScenes": "yes""#), "supportsMultipleScenes"),
        (scenario(#""scenes": []"#), "scenes"),
        (scenario(#""scenes": {"id": "a"}"#), "scenes"),
        (scenario(#""scenes": ["a"]"#), "scenes[0]"),
        (scenario(#""scenes": [{"state": "background"}]"#), "scenes[0].id"),
        (scenario(#""scenes": [{"id": "a", "state": "background"}, {"id": "a", "state": "background"}]"#), "scenes[1].id"),
        (scenario(#""scenes": [{"id": "a"}]"#), "scenes[0].state"),
        (scenario(#""scenes": [{"id": "a", "state": "visible"}]"#), "scenes[0].state"),
        (scenario(#""scenes": [{"id": "a", "state": "foregroundActive"}]"#), "scenes[0].state"),
        (scenario(#""scenes": [{"id": "a", "state": "background"}]"#, state: "notRunning"), "scenes[0].state"),
        (scenario(#""scenes": [{"id": "a", "state": "background"}]"#, state: "foreground"), "scenes"),
        (scenario(#""scenes": [{"id": "a", "state": "background", "canActivate": "chat"}]"#), "scenes[0].canActivate"),
        (scenario(#""scenes": [{"id": "a", "state": "background", "prefersToActivate": ["chat", 7]}]"#), "scenes[0].prefersToActivate[1]"),
        (scenario(#""scenes": [{"id": "a", "state": "background", "window": 1}]"#), "scenes[0].window"),
        (
            scenario(
                #""scenes": [{"id": "a", "state": "background"}]"#,
                note: #""notification": {"payload": {"aps": {"alert": "Hi", "target-content-id": 7}}}"#),
            "notification.payload.aps.target-content-id"
        ),
    ]

    @Test func malformedValuesExitTwoWithOneLineNamingTheField() {
        SimulateCommandTests.expectEachExitsTwoNamingItsField(Self.malformed)
    }

    @Test func theTraceNamesTheSceneOnlyWhenScenesAreListed() throws {
        let plain = try JSONValue(parsing: SimulateCommandTests.run(["simulate"], stdin: Self.scenario(#""reportsCall": true"#)).standardOutput)
        #expect(plain["scene"] == nil)
        let input = Self.scenario(
            #""scenes": [{"id": "inbox", "state": "background"}, {"id": "chat", "state": "background", "prefersToActivate": ["chat-*"]}]"#)
        let output = SimulateCommandTests.run(["simulate"], stdin: input)
        #expect(output.status == 0, "\(output.standardError)")
        let trace = try JSONValue(parsing: output.standardOutput)
        #expect(trace["scene"] == .object(["id": "chat", "chosenBy": "prefers", "connects": false]))
        // The calls are those of the same tap without scenes.
        #expect(trace["calls"] == plain["calls"])
    }

    @Test func theSimulateHelpListsTheNewFields() {
        let help = SimulateCommandTests.run(["simulate", "--help"], stdin: "").standardOutput
        for field in ["scenes", "supportsMultipleScenes", "canActivate", "prefersToActivate", "target-content-id", "unattached"] {
            #expect(help.contains(field), "\(field)")
        }
    }
}
