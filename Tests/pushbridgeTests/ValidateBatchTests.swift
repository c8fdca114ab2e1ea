import PushBridge
import Testing

@testable import pushbridge

/// `pushbridge validate --batch`: JSON Lines in, one compact JSON verdict per line out.
@Suite struct ValidateBatchTests {
    private func run(_ arguments: [String], stdin: String) -> CommandOutput {
        CommandLineTool(io: .memory(stdin: Array(stdin.utf8))).run(arguments)
    }

    private func verdicts(_ output: CommandOutput) throws -> [JSONValue] {
        try output.standardOutput.split(separator: "\n").map { try JSONValue(parsing: String($0)) }
    }

    @Test func oneVerdictPerPayloadLineNumberedFromOneWithBlankLinesSkipped() throws {
        let input = """
            {"aps": {"alert": "Hi", "badge": 1}}

            {"aps": {"badge": -1}}
            {"aps": {"alert": "x"}
            \t
            {"aps": {"alert": "last"}, "id": 123456789012345678901234567890}
            """
        let output = run(["validate", "--batch", "-"], stdin: input)
        #expect(output.status == 1)
        #expect(output.standardError.isEmpty)
        let lines = output.standardOutput.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[0] == #"{"line":1,"valid":true,"size":36,"limit":4096,"errors":[],"warnings":[]}"#, "the size of the bytes given")
        let all = try verdicts(output)
        #expect(all.map { $0["line"] } == [1, 3, 4, 6])
        #expect(all.map { $0["valid"] } == [true, true, false, true], "a badge of -1 is a warning: APNs delivers it")
        #expect(all[1]["warnings"]?.arrayValue?.first?["field"] == "aps.badge")
        #expect(all[1]["warnings"]?.arrayValue?.first?["message"]?.stringValue?.isEmpty == false)
        #expect(all[2]["unreadable"]?.stringValue?.hasPrefix("invalid JSON") == true)
        #expect(all[2]["size"] == nil)
        #expect(all[3]["size"] == .integer(Int64(#"{"aps": {"alert": "last"}, "id": 123456789012345678901234567890}"#.utf8.count)))
    }

    @Test func exitZeroWhenAllAreValidWithCRLFAndNoFinalNewline() throws {
        let output = run(["validate", "--batch", "-"], stdin: "{\"aps\":{}}\r\n{\"aps\":{\"sound\":\"a\"}}")
        #expect(output.status == 0)
        #expect(try verdicts(output).map { $0["valid"] } == [true, true])
    }

    @Test func aByteOrderMarkBeforeTheFirstLineIsSkipped() throws {
        let output = run(["validate", "--batch", "-"], stdin: "\u{FEFF}{\"aps\":{}}\n{\"aps\":{\"sound\":\"a\"}}\n")
        #expect(output.status == 0, "\(output.standardOutput)")
        #expect(try verdicts(output).map { $0["valid"] } == [true, true])
    }

    @Test func emptyInputHasNoVerdictsAndSucceeds() {
        let output = run(["validate", "--batch", "-"], stdin: "\n\n")
        #expect(output.status == 0)
        #expect(output.standardOutput.isEmpty)
    }

    @Test func optionsApplyToEveryLine() throws {
        let background = run(["validate", "--batch", "--push-type", "background", "-"], stdin: #"{"aps": {"badge": 1}}"#)
        #expect(background.status == 1, "a background push without content-available")
        #expect(try verdicts(background).first?["limit"] == 4096)
        let voip = run(["validate", "--batch", "--push-type=voip", "-"], stdin: #"{"aps": {}}"#)
        #expect(try verdicts(voip).first?["limit"] == 5120)
        let getui = run(["validate", "--provider", "getui", "--batch", "-"], stdin: #"{"aps": {"alert": "x"}, "_gmid_": "x"}"#)
        #expect(try verdicts(getui).first?["warnings"]?.arrayValue?.first?["field"] == "_gmid_")
    }

    @Test func onlyAnUnreadableInputOrCommandLineExitsTwo() {
        let missing = CommandLineTool(io: .memory()).run(["validate", "--batch", "missing.jsonl"])
        #expect(missing.status == 2)
        #expect(missing.standardError.hasPrefix("error: input: missing.jsonl"))
        #expect(run(["validate", "--batch", "--push-type", "loud", "-"], stdin: "{}").status == 2)
        #expect(run(["validate", "--batch", "a", "b"], stdin: "").status == 2)
    }

    @Test func aBatchMayBeLargerThanOnePayloadsLimit() {
        let line = #"{"aps":{"alert":"Hi"}}"# + "\n"
        let count = CommandIO.maxInputBytes / line.utf8.count + 10
        let output = run(["validate", "--batch", "-"], stdin: String(repeating: line, count: count))
        #expect(output.status == 0)
        #expect(output.standardOutput.split(separator: "\n").count == count)
    }
}
