import PushBridge
import Testing

@testable import pushbridge

/// `pushbridge simulate` (`docs/spec/cli-contract.md`): the trace's JSON and text, and exit 2 with one error line for bad input.
@Suite struct SimulateCommandTests {
    static func run(_ arguments: [String], stdin: [UInt8] = [], files: [String: [UInt8]] = [:]) -> CommandOutput {
        CommandLineTool(io: .memory(stdin: stdin, files: files)).run(arguments)
    }

    static func run(_ arguments: [String], stdin: String) -> CommandOutput {
        run(arguments, stdin: Array(stdin.utf8))
    }

    /// Each scenario exits 2 with one line on standard error naming its field
    /// (`error: FIELD: …`) and prints nothing on standard output.
    static func expectEachExitsTwoNamingItsField(_ cases: [(scenario: String, field: String)]) {
        for (scenario, field) in cases {
            let output = run(["simulate"], stdin: scenario)
            #expect(output.status == 2, "\(scenario)")
            #expect(output.standardOutput.isEmpty)
            #expect(output.standardError.hasPrefix("error: \(field): "), "\(output.standardError)")
            #expect(output.standardError.filter { $0 == "\n" }.count == 1)
        }
    }

    static let modern = #"""
        ["application:didReceiveRemoteNotification:fetchCompletionHandler:",
         "userNotificationCenter:willPresentNotification:withCompletionHandler:",
         "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:"]
        """#

    /// The contract's example scenario.
    static let contractExample = #"""
        {"ios": "12.3.1", "state": "forceQuit", "implements": \#(modern),
         "centerDelegate": "beforeLaunchEnds", "backgroundModes": ["remote-notification"],
         "notification": {"source": "remote", "id": "n-1", "payload": {"aps": {"alert": "Testing.. (0)", "badge": 1, "sound": "default"}}},
         "customDismissAction": false, "presentation": [], "user": "tap"}
        """#

    /// A scenario and the whole trace it must print (compared as JSON values: key order does not matter).
    struct Example: Sendable, CustomTestStringConvertible {
        var name: String
        var scenario: String
        var trace: String
        var testDescription: String { name }
    }

    static let examples: [Example] = [
        Example(
            name: "the contract's cold start", scenario: contractExample,
            trace: #"""
                {"display": "banner", "actionDelivered": true,
                 "calls": [
                   {"phase": "action", "method": "application:didFinishLaunchingWithOptions:", "state": "inactive", "launchOptionsKey": "remoteNotification"},
                   {"phase": "action", "method": "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:", "state": "inactive",
                    "action": "com.apple.UNNotificationDefaultActionIdentifier"}],
                 "events": [{"type": "opened", "origin": "coldStart", "action": "default", "id": "n-1"}]}
                """#),
        Example(
            name: "3 then 4 in the foreground, then a tap",
            scenario: #"""
                {"ios": "10.2", "state": "foreground", "implements": \#(modern), "presentation": ["alert"], "user": "tap",
                 "notification": {"id": "n-2", "payload": {"aps": {"alert": "Sync", "content-available": 1}}}}
                """#,
            trace: #"""
                {"display": "banner", "actionDelivered": true,
                 "calls": [
                   {"phase": "arrival", "method": "application:didReceiveRemoteNotification:fetchCompletionHandler:", "state": "active"},
                   {"phase": "arrival", "method": "userNotificationCenter:willPresentNotification:withCompletionHandler:", "state": "active"},
                   {"phase": "action", "method": "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:", "state": "active",
                    "action": "com.apple.UNNotificationDefaultActionIdentifier"}],
                 "events": [{"type": "received", "origin": "foreground", "id": "n-2"},
                            {"type": "opened", "origin": "foreground", "action": "default", "id": "n-2"}]}
                """#),
        Example(
            name: "a user who does nothing: no actionDelivered",
            scenario: #"""
                {"ios": "9.3.2", "state": "background", "notification": {"id": "n-3", "payload": {"aps": {"alert": "x"}}}}
                """#, trace: #"{"display": "banner", "calls": [], "events": []}"#),
        Example(
            name: "openAppIcon: a launch without a key",
            scenario: #"""
                {"ios": "10.2", "state": "forceQuit", "notification": {"id": "n-4", "payload": {"aps": {"alert": "x"}}}, "user": "openAppIcon"}
                """#,
            trace: #"""
                {"display": "banner", "actionDelivered": false,
                 "calls": [{"phase": "action", "method": "application:didFinishLaunchingWithOptions:", "state": "inactive", "launchOptionsKey": null}],
                 "events": []}
                """#),
        Example(
            name: "a dismiss from the background",
            scenario: #"""
                {"ios": "12", "state": "background", "implements": \#(modern), "customDismissAction": true, "user": "dismiss",
                 "notification": {"id": "n-5", "payload": {"aps": {"alert": "x"}}}}
                """#,
            trace: #"""
                {"display": "banner", "actionDelivered": true,
                 "calls": [{"phase": "action", "method": "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:",
                            "state": "background", "action": "com.apple.UNNotificationDismissActionIdentifier"}],
                 "events": [{"type": "dismissed", "id": "n-5"}]}
                """#),
        Example(
            name: "a silent push launches a not-running app into the background",
            scenario: #"""
                {"ios": "12", "state": "notRunning", "implements": \#(modern), "notification": {"id": "n-6", "payload": {"aps": {"content-available": 1}}}}
                """#,
            trace: #"""
                {"display": "none",
                 "calls": [{"phase": "arrival", "method": "application:didFinishLaunchingWithOptions:", "state": "background", "launchOptionsKey": "remoteNotification"},
                           {"phase": "arrival", "method": "application:didReceiveRemoteNotification:fetchCompletionHandler:", "state": "background"}],
                 "events": [{"type": "received", "origin": "background", "id": "n-6"}]}
                """#),
        Example(
            name: "a custom action on iOS 9 with the action method",
            scenario: #"""
                {"ios": "9.3.2", "state": "background",
                 "implements": ["application:handleActionWithIdentifier:forRemoteNotification:completionHandler:"],
                 "user": {"action": "like", "foreground": false}, "notification": {"id": "n-7", "payload": {"aps": {"alert": "x"}}}}
                """#,
            trace: #"""
                {"display": "banner", "actionDelivered": true,
                 "calls": [{"phase": "action", "method": "application:handleActionWithIdentifier:forRemoteNotification:completionHandler:",
                            "state": "background", "action": "like"}],
                 "events": [{"type": "opened", "origin": "background", "action": "like", "id": "n-7"}]}
                """#),
    ]

    @Test(arguments: examples)
    func theTraceIsTheContractsJSON(example: Example) throws {
        let output = Self.run(["simulate"], stdin: example.scenario)
        #expect(output.status == 0)
        #expect(output.standardError.isEmpty)
        let trace = try JSONValue(parsing: output.standardOutput)
        #expect(trace == (try JSONValue(parsing: example.trace)))
        let fields = try #require(trace.objectValue).keys
        #expect(Set(fields).isSubset(of: ["display", "actionDelivered", "calls", "events"]))
        #expect(output.standardOutput.hasSuffix("\n"))
    }

    @Test func theTraceIsPrettyJSONInTheContractsFieldOrder() throws {
        let output = Self.run(["simulate"], stdin: Self.contractExample)
        let trace = try #require(JSONValue(parsing: output.standardOutput).objectValue)
        #expect(trace.keys == ["display", "actionDelivered", "calls", "events"])
        #expect(output.standardOutput.hasPrefix("{\n  \"display\": \"banner\","))
    }

    @Test(arguments: [
        ["simulate"], ["simulate", "-"], ["simulate", "--provider", "apns"], ["simulate", "--format", "json"], ["simulate", "--format=json", "-"],
    ])
    func standardInputAndTheDefaultsGiveTheSameTrace(arguments: [String]) throws {
        let output = Self.run(arguments, stdin: Self.contractExample)
        #expect(output.status == 0)
        #expect(output == Self.run(["simulate"], stdin: Self.contractExample))
    }

    @Test func readsTheScenarioFromAFile() throws {
        let output = Self.run(
            ["simulate", "scenarios/cold.json"], stdin: Array("not json".utf8),
            files: ["scenarios/cold.json": Array(Self.contractExample.utf8)])
        #expect(output.status == 0)
        let trace = try JSONValue(parsing: output.standardOutput)
        #expect(trace["events"]?.arrayValue?.first?["origin"] == "coldStart")
    }

    @Test func aMissingFileIsExitTwoNamingIt() {
        let output = Self.run(["simulate", "absent.json"], files: ["other.json": Array(Self.contractExample.utf8)])
        #expect(output.status == 2)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError == "error: scenario: absent.json: cannot open the file\n")
    }

    @Test func theTextFormatIsForPeople() {
        let output = Self.run(["simulate", "--format", "text"], stdin: Self.contractExample)
        #expect(output.status == 0)
        #expect(output.standardError.isEmpty)
        let lines = output.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == #"iOS 12.3.1 · app forceQuit · remote notification "n-1" · user: tap"#)
        #expect(lines.contains("display: banner"))
        #expect(lines.contains("action delivered: yes"))
        #expect(lines.contains { $0.contains("application:didFinishLaunchingWithOptions: [inactive] launchOptions: remoteNotification") })
        #expect(lines.contains { $0.contains("[inactive] action: com.apple.UNNotificationDefaultActionIdentifier") })
        #expect(lines.last == "  opened origin=coldStart action=default id=n-1")
        // Not JSON.
        #expect((try? JSONValue(parsing: output.standardOutput)) == nil)
    }

    @Test func theTextFormatSaysWhenNothingHappened() {
        let output = Self.run(
            ["simulate", "--format", "text"],
            stdin: #"{"ios": "12", "state": "forceQuit", "notification": {"payload": {"aps": {"content-available": 1}}}}"#)
        #expect(output.status == 0)
        #expect(output.standardOutput.contains("display: none\ncalls:\n  (none)\nevents:\n  (none)"))
        #expect(!output.standardOutput.contains("action delivered"))
    }

    @Test(arguments: ["jpush", "getui"])
    func everyProviderGivesTheSameEvents(provider: String) throws {
        let apns = try JSONValue(parsing: Self.run(["simulate"], stdin: Self.contractExample).standardOutput)
        let output = Self.run(["simulate", "--provider", provider], stdin: Self.contractExample)
        #expect(output.status == 0)
        let other = try JSONValue(parsing: output.standardOutput)
        #expect(other["events"] == apns["events"])
        #expect(other["display"] == apns["display"])
        // The calls are the provider SDK's own.
        #expect(other["calls"] != apns["calls"])
    }

    // MARK: Errors

    /// Deterministic pseudo-random bytes (SplitMix64), the same on every run.
    static func garbage(count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return UInt8(truncatingIfNeeded: z ^ (z >> 31))
        }
    }

    /// Malformed input and the field its single error line must name.
    struct Malformed: Sendable, CustomTestStringConvertible {
        var name: String
        var input: [UInt8]
        var field: String

        init(_ name: String, _ input: [UInt8], _ field: String) {
            self.name = name
            self.input = input
            self.field = field
        }

        init(_ name: String, _ text: String, _ field: String) {
            self.init(name, Array(text.utf8), field)
        }

        var testDescription: String { name }
    }

    static let aps = #""notification": {"payload": {"aps": {"alert": "x"}}}"#

    static let malformed: [Malformed] = [
        Malformed("empty input", "", "scenario"),
        Malformed("white space only", "  \n\t ", "scenario"),
        Malformed("truncated JSON", #"{"ios": "12", "state": "#, "scenario"),
        Malformed("not JSON", "ios=12 state=foreground", "scenario"),
        Malformed("null", "null", "scenario"),
        Malformed("an array", "[1, 2]", "scenario"),
        Malformed("trailing garbage", #"{"ios": "12", "state": "background", \#(aps)} x"#, "scenario"),
        Malformed("a duplicate key", #"{"ios": "12", "ios": "13", "state": "background", \#(aps)}"#, "scenario"),
        Malformed("nesting beyond the limit", String(repeating: "[", count: 65) + String(repeating: "]", count: 65), "scenario"),
        Malformed("hostile nesting", String(repeating: "[", count: 100_000), "scenario"),
        Malformed("invalid UTF-8", [0x7B, 0x22, 0xC0, 0xAF, 0x22, 0x3A, 0x31, 0x7D], "scenario"),
        Malformed("UTF-16 with a byte order mark", [0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00], "scenario"),
        Malformed("1000 bytes of seeded binary garbage", garbage(count: 1_000, seed: 0x5EED), "scenario"),
        Malformed("1000 more bytes of seeded binary garbage", garbage(count: 1_000, seed: 2_024), "scenario"),
        Malformed("garbage after an opening brace", [0x7B] + garbage(count: 999, seed: 7), "scenario"),
        Malformed("oversized input, > 1 MiB", [UInt8](repeating: UInt8(ascii: " "), count: (1 << 20) + 1), "scenario"),
        Malformed(
            "an oversized but valid-looking scenario",
            #"{"ios": "12", "state": "background", "notification": {"payload": {"aps": {}, "pad": ""#
                + String(repeating: "x", count: 1 << 20) + #""}}}"#, "scenario"),
        Malformed("ios abc", #"{"ios": "abc", "state": "foreground", \#(aps)}"#, "ios"),
        Malformed("ios 2.0", #"{"ios": "2.0", "state": "foreground", \#(aps)}"#, "ios"),
        Malformed("ios a number", #"{"ios": 12, "state": "foreground", \#(aps)}"#, "ios"),
        Malformed("ios missing", #"{"state": "foreground", \#(aps)}"#, "ios"),
        Malformed("state unknown", #"{"ios": "12", "state": "floating", \#(aps)}"#, "state"),
        Malformed("an unknown selector", #"{"ios": "12", "state": "foreground", "implements": ["x:"], \#(aps)}"#, "implements[0]"),
        Malformed("an unknown field", #"{"ios": "12", "state": "foreground", "user": "tap", "users": "tap", \#(aps)}"#, "users"),
        Malformed("payload not an object", #"{"ios": "12", "state": "foreground", "notification": {"payload": []}}"#, "notification.payload"),
        Malformed("remote without aps", #"{"ios": "12", "state": "foreground", "notification": {"payload": {"x": 1}}}"#, "notification.payload.aps"),
        Malformed(
            "a provider channel through apns",
            #"{"ios": "12", "state": "foreground", "notification": {"source": "jpush.customMessage", "payload": {"content": "x"}}}"#,
            "notification.source"),
        Malformed("a bad user action", #"{"ios": "12", "state": "foreground", "user": {"action": ""}, \#(aps)}"#, "user.action"),
    ]

    @Test(arguments: malformed)
    func malformedInputExitsTwoWithOneErrorLineNamingTheField(malformed: Malformed) {
        for format in ["json", "text"] {
            let output = Self.run(["simulate", "--format", format], stdin: malformed.input)
            #expect(output.status == 2)
            #expect(output.standardOutput.isEmpty)
            #expect(output.standardError.hasPrefix("error: \(malformed.field): "), "\(output.standardError.prefix(200))")
            #expect(output.standardError.hasSuffix("\n"))
            #expect(Self.lineBreaks(output.standardError) == 1, "exactly one line")
        }
    }

    /// Line feeds and carriage returns, byte by byte (a Swift `Character` joins CR LF into one).
    static func lineBreaks(_ text: String) -> Int {
        text.utf8.filter { $0 == 0x0A || $0 == 0x0D }.count
    }

    /// Valid and invalid values for each field, from which the seeded fuzz below builds scenarios.
    static let fieldPool: [(key: String, required: Bool, valid: [String], invalid: [String])] = [
        ("ios", true, [#""3""#, #""9.3.2""#, #""12.3.1""#, #""17.0""#, #""9999.9999.9999""#], [#""2.0""#, #""abc""#, "12", "null"]),
        ("state", true, [#""foreground""#, #""background""#, #""notRunning""#, #""forceQuit""#], [#""asleep""#, "[]"]),
        (
            "implements", false,
            [
                "[]", modern, #"["application:didReceiveRemoteNotification:", "application:didReceiveLocalNotification:"]"#,
                #"["application:handleActionWithIdentifier:forRemoteNotification:completionHandler:"]"#,
            ],
            [#"["nope"]"#, "{}"]
        ),
        ("centerDelegate", false, [#""beforeLaunchEnds""#, #""afterLaunch""#, #""none""#], [#""soon""#]),
        ("backgroundModes", false, ["[]", #"["remote-notification"]"#, #"["fetch"]"#], ["[1]"]),
        (
            "notification", true,
            [
                #"{"payload": {"aps": {"alert": "x"}}}"#, #"{"id": "n", "payload": {"aps": {"content-available": 1}}}"#,
                #"{"source": "local", "payload": {}}"#, #"{"payload": {"aps": {"alert": {"title": "t"}, "badge": 1}, "_j_msgid": 5}}"#,
                #"{"payload": {"aps": {"alert": "x", "content-available": 1}, "_gmid_": "t:m"}}"#,
            ],
            [#"{"payload": {}}"#, #"{"payload": 1}"#, #"{"source": "getui.passthrough", "payload": {"payload": "p", "taskId": "t", "msgId": "m"}}"#]
        ),
        ("customDismissAction", false, ["true", "false"], ["1"]),
        ("presentation", false, ["[]", #"["alert"]"#, #"["banner", "list"]"#, #"["list"]"#], [#"["loud"]"#]),
        (
            "user", false,
            [
                #""none""#, #""tap""#, #""dismiss""#, #""openAppIcon""#, #"{"action": "like", "foreground": true}"#,
                #"{"action": "a b", "foreground": false}"#,
            ],
            [#""swipe""#, #"{"action": ""}"#]
        ),
    ]

    @Test func seededScenariosEitherSimulateOrFailWithOneLine() throws {
        var state: UInt64 = 0xC0FFEE
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var simulated = 0
        var failed = 0
        for _ in 0..<400 {
            // Optional fields are present half of the time; one value in twelve is invalid.
            let members = Self.fieldPool.compactMap { field -> String? in
                if !field.required && next(2) == 0 { return nil }
                let values = next(12) == 0 ? field.invalid : field.valid
                return "\"\(field.key)\": \(values[next(values.count)])"
            }
            let scenario = "{" + members.joined(separator: ", ") + "}"
            let output = Self.run(["simulate"], stdin: scenario)
            if output.status == 0 {
                simulated += 1
                let trace = try JSONValue(parsing: output.standardOutput)
                #expect(["banner", "list", "none"].contains(trace["display"]?.stringValue ?? ""), "\(scenario)")
                #expect(trace["calls"]?.arrayValue != nil && trace["events"]?.arrayValue != nil, "\(scenario)")
                #expect(output.standardError.isEmpty)
            } else {
                failed += 1
                #expect(output.status == 2, "\(scenario)")
                #expect(output.standardOutput.isEmpty, "\(scenario)")
                #expect(output.standardError.hasPrefix("error: ") && Self.lineBreaks(output.standardError) == 1, "\(scenario)")
            }
        }
        // Both outcomes are exercised.
        #expect(simulated > 100)
        #expect(failed > 20)
    }

    @Test func theContractsExampleErrorLine() {
        let output = Self.run(["simulate"], stdin: #"{"ios": "abc", "state": "foreground", \#(Self.aps)}"#)
        #expect(output.standardError == "error: ios: \"abc\" is not a version (expected MAJOR[.MINOR[.PATCH]], 3.0 or later)\n")
    }

    @Test func errorLinesStayShortWhateverTheInput() {
        let long = String(repeating: "y", count: 10_000)
        let output = Self.run(["simulate"], stdin: #"{"ios": "\#(long)", "state": "foreground", \#(Self.aps)}"#)
        #expect(output.status == 2)
        #expect(output.standardError.count < 200)
    }

    /// `docs/spec/cli-contract.md`, Errors: "prints one line to standard error that names the field and what
    /// was wrong". An unknown or duplicate key is echoed raw, so a key holding a line break splits the line.
    @Test
    func anUnknownKeyWithALineBreakStillGivesOneErrorLine() {
        for scenario in [
            #"{"ios": "12", "state": "foreground", \#(Self.aps), "a\nb": 1}"#,
            #"{"ios": "12", "state": "foreground", "notification": {"payload": {"aps": {}}, "x\r\ny": 1}}"#,
            #"{"ios": "12", "state": "foreground", \#(Self.aps), "user": {"action": "a", "\n": 1}}"#,
            #"{"ios": "12", "state": "foreground", \#(Self.aps), "k\nk": 1, "k\nk": 2}"#,
        ] {
            let output = Self.run(["simulate"], stdin: scenario)
            #expect(output.status == 2)
            #expect(output.standardOutput.isEmpty)
            #expect(Self.lineBreaks(output.standardError) == 1, "\(output.standardError)")
        }
    }

    @Test(arguments: [
        (["simulate", "--provider", "onesignal"], "--provider"),
        (["simulate", "--provider", "APNS"], "--provider"),
        (["simulate", "--format", "yaml"], "--format"),
        (["simulate", "--bogus"], "--bogus: unknown option"),
        (["simulate", "--verbose=1"], "--verbose: unknown option"),
        (["simulate", "--format"], "--format: missing value"),
        (["simulate", "a.json", "b.json"], "expected at most one input file"),
        (["frobnicate"], "frobnicate: unknown command"),
    ])
    func usageErrorsExitTwo(arguments: [String], phrase: String) {
        let output = Self.run(arguments, stdin: Self.contractExample)
        #expect(output.status == 2)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError.hasPrefix("error: "))
        #expect(output.standardError.contains(phrase))
    }
}
