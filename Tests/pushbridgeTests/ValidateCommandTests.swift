import Testing

@testable import pushbridge

/// `pushbridge validate`: exit 0 with what a device receives, 1 with every problem, 2 when unreadable.
@Suite struct ValidateCommandTests {
    private func run(_ arguments: [String], stdin: String) -> CommandOutput {
        CommandLineTool(io: .memory(stdin: Array(stdin.utf8))).run(arguments)
    }

    @Test func aValidApnsFileShowsWhatTheDeviceReceives() {
        let output = run(
            ["validate", "-"],
            stdin: #"{"Simulator Target Bundle": "com.example", "aps": {"alert": {"title": "Hi", "body": "B"}, "badge": 2}, "type": "c"}"#)
        #expect(output.status == 0)
        #expect(output.standardOutput.contains("title \"Hi\""))
        #expect(output.standardOutput.contains("badge: 2"))
        #expect(output.standardOutput.contains("simulator target bundle: com.example"))
        #expect(output.standardOutput.contains("custom keys: type"))
    }

    @Test func warningsAreListedAndTheExitIsZero() {
        let output = run(["validate", "-"], stdin: #"{"aps": {"badge": -1, "content-available": true}}"#)
        #expect(output.status == 0, "APNs delivers it")
        let warnings = output.standardOutput.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        #expect(warnings.map { $0.dropFirst(9).prefix { $0 != ":" } } == ["aps.badge", "aps.content-available"])
    }

    @Test func errorsAreOnePerLineNamingTheKeyThenTheWarnings() {
        let output = run(["validate", "--push-type", "liveactivity", "-"], stdin: #"{"aps": {"badge": "1"}}"#)
        #expect(output.status == 1)
        let lines = output.standardOutput.split(separator: "\n")
        #expect(lines.map { $0.prefix { $0 != ":" } } == ["aps.timestamp", "aps.event", "warning"])
    }

    @Test(arguments: ["", "{", "\u{1}\u{2}", #"{"a":1,"a":1}"#])
    func unreadableInputExitsTwo(text: String) {
        let output = run(["validate", "-"], stdin: text)
        #expect(output.status == 2)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError.hasPrefix("error: payload: "))
        #expect(output.standardError.split(separator: "\n").count == 1)
    }

    @Test func pushTypeAndProviderOptions() {
        #expect(run(["validate", "--push-type", "background", "-"], stdin: #"{"aps": {"content-available": 1}}"#).status == 0)
        // A push type that does not match the payload is an error (APNs may drop it on iOS 13+);
        // a badge beside content-available is delivered and wakes the app: a warning (issue 46).
        #expect(run(["validate", "--push-type", "background", "-"], stdin: #"{"aps": {"content-available": 1, "alert": "x"}}"#).status == 1)
        let badged = run(["validate", "--push-type", "background", "-"], stdin: #"{"aps": {"content-available": 1, "badge": 1}}"#)
        #expect(badged.status == 0)
        #expect(badged.standardOutput.contains("warning: apns-push-type"))
        #expect(run(["validate", "--push-type", "alert", "-"], stdin: #"{"aps": {"content-available": 1}}"#).status == 1)
        #expect(run(["validate", "--push-type", "background", "-"], stdin: #"{"aps": {"badge": 1}}"#).status == 1)
        #expect(run(["validate", "--push-type", "background", "--priority", "10", "-"], stdin: #"{"aps": {"content-available": 1}}"#).status == 1)
        #expect(run(["validate", "--push-type", "voip", "-"], stdin: #"{"aps": {}}"#).status == 0)
        #expect(
            run(["validate", "--provider", "getui", "-"], stdin: #"{"aps": {"alert": "x"}, "_gmid_": "x"}"#).standardOutput.contains(
                "warning: _gmid_"))
        #expect(run(["validate", "--push-type", "loud", "-"], stdin: "{}").status == 2)
    }
}
