import PushBridge
import Testing

@testable import pushbridge

/// `pushbridge simulate`: the trace's JSON, the text format, and one precise error line for
/// every malformed scenario.
@Suite struct SimulateCommandTests {
    static let coldStart = #"""
        {"ios": "12.3.1", "state": "forceQuit",
         "implements": ["application:didReceiveRemoteNotification:fetchCompletionHandler:",
                        "userNotificationCenter:willPresentNotification:withCompletionHandler:",
                        "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:"],
         "notification": {"source": "remote", "id": "n-1", "payload": {"aps": {"alert": "Testing.. (0)", "badge": 1, "sound": "default"}}},
         "user": "tap"}
        """#

    private func run(_ arguments: [String], stdin: [UInt8], files: [String: [UInt8]] = [:]) -> CommandOutput {
        CommandLineTool(io: .memory(stdin: stdin, files: files)).run(arguments)
    }

    private func run(_ arguments: [String], stdin: String) -> CommandOutput {
        run(arguments, stdin: Array(stdin.utf8))
    }

    @Test func theTraceMatchesTheContractExample() throws {
        let output = run(["simulate"], stdin: Self.coldStart)
        #expect(output.status == 0)
        #expect(output.standardError.isEmpty)
        let trace = try JSONValue(parsing: output.standardOutput)
        let expected = try JSONValue(parsing: #"""
            {"display": "banner", "actionDelivered": true,
             "calls": [
               {"phase": "action", "method": "application:didFinishLaunchingWithOptions:", "state": "inactive", "launchOptionsKey": "remoteNotification"},
               {"phase": "action", "method": "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:", "state": "inactive", "action": "com.apple.UNNotificationDefaultActionIdentifier"}],
             "events": [{"type": "opened", "origin": "coldStart", "action": "default", "id": "n-1"}]}
            """#)
        #expect(trace == expected)
    }

    @Test func actionDeliveredIsAbsentWhenTheUserDoesNothing() throws {
        let output = run(["simulate", "-"], stdin: #"{"ios": "9.3.2", "state": "background", "notification": {"payload": {"aps": {"alert": "x"}}}}"#)
        let trace = try JSONValue(parsing: output.standardOutput)
        #expect(trace["actionDelivered"] == nil)
        #expect(trace["display"] == "banner")
        #expect(trace["events"] == [])
    }

    @Test func launchOptionsKeyIsNullForALaunchWithoutTheNotification() throws {
        let output = run(["simulate"], stdin: #"{"ios": "10.2", "state": "forceQuit", "notification": {"payload": {"aps": {"alert": "x"}}}, "user": "openAppIcon"}"#)
        let trace = try JSONValue(parsing: output.standardOutput)
        #expect(trace["calls"]?.arrayValue?.first?["launchOptionsKey"] == .null)
        #expect(trace["actionDelivered"] == false)
    }

    @Test func readsAFile() {
        let output = run(["simulate", "cold.json"], stdin: [], files: ["cold.json": Array(Self.coldStart.utf8)])
        #expect(output.status == 0)
    }

    @Test func theTextFormatIsForPeople() {
        let output = run(["simulate", "--format", "text"], stdin: Self.coldStart)
        #expect(output.status == 0)
        #expect(output.standardOutput.contains("display: banner"))
        #expect(output.standardOutput.contains("opened origin=coldStart action=default id=n-1"))
    }

    @Test(arguments: ["jpush", "getui"])
    func providersGiveTheSameEvents(provider: String) throws {
        let apns = try JSONValue(parsing: run(["simulate"], stdin: Self.coldStart).standardOutput)
        let other = try JSONValue(parsing: run(["simulate", "--provider", provider], stdin: Self.coldStart).standardOutput)
        #expect(other["events"] == apns["events"])
        #expect(other["calls"] != apns["calls"])
    }

    /// Malformed input, and the field its one error line must name.
    static let malformed: [(input: [UInt8], field: String)] = [
        ([], "scenario"),
        (Array("   ".utf8), "scenario"),
        (Array("{".utf8), "scenario"),
        (Array("null".utf8), "scenario"),
        (Array(String(repeating: "[", count: 5_000).utf8), "scenario"),
        ([0xFF, 0xFE, 0x00, 0x7B], "scenario"),
        (Array(#"{"ios": "abc", "state": "foreground", "notification": {"payload": {"aps": {}}}}"#.utf8), "ios"),
        (Array(#"{"ios": "2.0", "state": "foreground", "notification": {"payload": {"aps": {}}}}"#.utf8), "ios"),
        (Array(#"{"ios": "12", "state": "floating", "notification": {"payload": {"aps": {}}}}"#.utf8), "state"),
        (Array(#"{"ios": "12", "state": "foreground", "notification": {"payload": []}}"#.utf8), "notification.payload"),
        (Array(#"{"ios": "12", "state": "foreground", "notification": {"payload": {"x": 1}}}"#.utf8), "notification.payload.aps"),
        (Array(#"{"ios": "12", "state": "foreground", "notification": {"source": "jpush.customMessage", "payload": {"content": "x"}}}"#.utf8), "notification.source"),
        (Array(repeating: UInt8(ascii: " "), count: (1 << 20) + 1), "scenario"),
    ]

    @Test(arguments: malformed)
    func malformedScenariosExitTwoWithOneLine(input: [UInt8], field: String) {
        let output = run(["simulate"], stdin: input)
        #expect(output.status == 2)
        #expect(output.standardOutput.isEmpty)
        let lines = output.standardError.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        #expect(lines.count == 1)
        #expect(output.standardError.hasPrefix("error: \(field): "), "\(output.standardError)")
    }

    @Test func deterministicBinaryGarbageNeverCrashes() {
        var state: UInt64 = 0x5EED
        for length in stride(from: 1, through: 1_000, by: 37) {
            let bytes = (0..<length).map { _ -> UInt8 in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 33)
            }
            let output = run(["simulate"], stdin: bytes)
            #expect(output.status == 2)
            #expect(output.standardError.hasPrefix("error: "))
        }
    }

    @Test(arguments: [["simulate", "--provider", "fcm"], ["simulate", "--format", "yaml"], ["simulate", "--bogus"], ["simulate", "a", "b"], ["frobnicate"]])
    func usageErrorsExitTwo(arguments: [String]) {
        let output = run(arguments, stdin: Self.coldStart)
        #expect(output.status == 2)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError.hasPrefix("error: "))
    }
}
