import PushBridge
import PushBridgeGetui
import PushBridgeGetuiTesting
import PushBridgeJPush
import PushBridgeJPushTesting
import PushBridgeModel
import Testing

/// Scenarios from JSON (`docs/spec/cli-contract.md`): every default, every field, and an error naming the field for each bad one.
@Suite struct ScenarioDecodingTests {
    static func decode(_ text: String) throws -> DispatchScenario {
        try DispatchScenario(json: JSONValue(parsing: text))
    }

    /// Decodes a scenario and runs it through the simulator of the provider whose channel its
    /// notification travels on: a channel's message is read by its provider's definition then.
    static func decodeAndRun(_ text: String) throws {
        let scenario = try decode(text)
        let simulators: [PushProviderID: any ProviderSimulator] = [.jpush: JPushSimulator(), .getui: GetuiSimulator()]
        _ = try ScenarioSimulator.run(scenario, provider: scenario.notification.source.channel.flatMap { simulators[$0] } ?? SystemSimulator())
    }

    static let minimal = #"{"ios": "12", "state": "background", "notification": {"payload": {"aps": {"alert": "x"}}}}"#

    @Test func everyOptionalFieldHasTheContractsDefault() throws {
        let scenario = try Self.decode(Self.minimal)
        #expect(scenario.ios == IOSVersion(12))
        #expect(scenario.state == .background)
        #expect(scenario.implements.isEmpty)
        #expect(scenario.centerDelegate == .beforeLaunchEnds)
        #expect(scenario.backgroundModes == ["remote-notification"])
        #expect(scenario.notification.source == .remote)
        #expect(scenario.notification.id == nil)
        #expect(scenario.notification.payload == ["aps": ["alert": "x"]])
        #expect(scenario.notification.apnsCopy == nil)
        #expect(scenario.customDismissAction == false)
        #expect(scenario.presentation == [])
        #expect(scenario.user == .none)
        // The same as the Swift initialiser's defaults.
        #expect(scenario == DispatchScenario(ios: IOSVersion(12), state: .background, notification: .remote(["aps": ["alert": "x"]])))
    }

    @Test func everyFieldIsRead() throws {
        let scenario = try Self.decode(
            #"""
            {"ios": "9.3.2", "state": "forceQuit",
             "implements": ["application:didFinishLaunchingWithOptions:", "application:didReceiveRemoteNotification:",
                            "application:handleActionWithIdentifier:forRemoteNotification:completionHandler:"],
             "centerDelegate": "afterLaunch", "backgroundModes": ["fetch"], "customDismissAction": true,
             "presentation": ["banner", "sound", "badge", "list", "alert"],
             "notification": {"source": "local", "id": "x", "payload": {"aps": {"alert": "l"}}},
             "user": {"action": "reply", "foreground": true}}
            """#)
        #expect(scenario.ios == IOSVersion(9, 3, 2))
        #expect(scenario.state == .forceQuit)
        #expect(scenario.implements == [.didFinishLaunching, .didReceiveRemoteNotification, .handleActionForRemote])
        #expect(scenario.centerDelegate == .afterLaunch)
        #expect(scenario.backgroundModes == ["fetch"])
        #expect(scenario.customDismissAction)
        #expect(scenario.presentation == [.banner, .sound, .badge, .list, .alert])
        #expect(scenario.notification == .local(["aps": ["alert": "l"]], id: "x"))
        #expect(scenario.user == .action(id: "reply", foreground: true))
    }

    @Test(arguments: [
        (#""none""#, UserAction.none), (#""tap""#, .tap), (#""dismiss""#, .dismiss), (#""openAppIcon""#, .openAppIcon),
        (#"{"action": "like"}"#, .action(id: "like", foreground: false)),
        (#"{"action": "open", "foreground": true}"#, .action(id: "open", foreground: true)),
        (#"{"foreground": false, "action": "x"}"#, .action(id: "x", foreground: false)),
    ])
    func everyUserActionIsRead(json: String, expected: UserAction) throws {
        let scenario = try Self.decode(#"{"ios": "12", "state": "background", "notification": {"payload": {"aps": {}}}, "user": \#(json)}"#)
        #expect(scenario.user == expected)
        #expect(try UserAction(json: expected.jsonValue) == expected)
    }

    @Test(arguments: ArrivalState.allCases)
    func everyStateIsRead(state: ArrivalState) throws {
        let scenario = try Self.decode(#"{"ios": "12", "state": "\#(state.rawValue)", "notification": {"payload": {"aps": {}}}}"#)
        #expect(scenario.state == state)
    }

    @Test(arguments: SystemCallback.allCases)
    func everySelectorIsRead(callback: SystemCallback) throws {
        let scenario = try Self.decode(
            #"{"ios": "12", "state": "background", "implements": ["\#(callback.rawValue)"], "notification": {"payload": {"aps": {}}}}"#)
        #expect(scenario.implements == [callback])
    }

    @Test func aLocalNotificationNeedsNoAPS() throws {
        let scenario = try Self.decode(#"{"ios": "12", "state": "background", "notification": {"source": "local", "payload": {"k": 1}}}"#)
        #expect(scenario.notification == .local(["k": 1]))
    }

    /// A malformed scenario, the field its error must name, and a phrase of the message.
    struct Malformed: Sendable, CustomTestStringConvertible {
        var name: String
        var json: String
        var field: String
        var phrase: String
        var testDescription: String { name }

        init(_ name: String, _ json: String, _ field: String, _ phrase: String) {
            self.name = name
            self.json = json
            self.field = field
            self.phrase = phrase
        }
    }

    static let aps = #""notification": {"payload": {"aps": {}}}"#

    static let malformed: [Malformed] = [
        // The top level.
        Malformed("an array, not an object", "[]", "scenario", "is an array, expected an object"),
        Malformed("a string, not an object", #""tap""#, "scenario", "is a string, expected an object"),
        Malformed("null", "null", "scenario", "is null, expected an object"),
        Malformed("an unknown top-level key", #"{"ios": "12", "state": "foreground", \#(aps), "extra": 1}"#, "extra", "unknown field"),
        Malformed("a misspelt key", #"{"ios": "12", "state": "foreground", \#(aps), "presentations": []}"#, "presentations", "unknown field"),
        // ios
        Malformed("ios missing", #"{"state": "foreground", \#(aps)}"#, "ios", "missing (required)"),
        Malformed("ios not a version", #"{"ios": "abc", "state": "foreground", \#(aps)}"#, "ios", #""abc" is not a version"#),
        Malformed("ios empty", #"{"ios": "", "state": "foreground", \#(aps)}"#, "ios", "is not a version"),
        Malformed("ios 2.0, below 3.0", #"{"ios": "2.0", "state": "foreground", \#(aps)}"#, "ios", "older than iOS 3.0"),
        Malformed("ios 2.9.9, below 3.0", #"{"ios": "2.9.9", "state": "foreground", \#(aps)}"#, "ios", "older than iOS 3.0"),
        Malformed("ios a number", #"{"ios": 12, "state": "foreground", \#(aps)}"#, "ios", "not a version string"),
        Malformed("ios a double", #"{"ios": 12.3, "state": "foreground", \#(aps)}"#, "ios", "not a version string"),
        Malformed("ios null", #"{"ios": null, "state": "foreground", \#(aps)}"#, "ios", "not a version string"),
        // state
        Malformed("state missing", #"{"ios": "12", \#(aps)}"#, "state", "missing (required)"),
        Malformed(
            "state unknown", #"{"ios": "12", "state": "asleep", \#(aps)}"#, "state",
            #""asleep" is not one of: foreground, background, notRunning, forceQuit"#),
        Malformed("state a number", #"{"ios": "12", "state": 1, \#(aps)}"#, "state", "is an integer, expected a string"),
        Malformed("state with the wrong case", #"{"ios": "12", "state": "Foreground", \#(aps)}"#, "state", "is not one of"),
        // implements
        Malformed(
            "implements a string", #"{"ios": "12", "state": "foreground", "implements": "x", \#(aps)}"#, "implements", "expected an array of strings"),
        Malformed(
            "implements holding a number", #"{"ios": "12", "state": "foreground", "implements": [1], \#(aps)}"#, "implements[0]",
            "is an integer, expected a string"),
        Malformed(
            "implements holding an unknown selector",
            #"{"ios": "12", "state": "foreground", "implements": ["application:didReceiveRemoteNotification:", "application:foo:"], \#(aps)}"#,
            "implements[1]", #""application:foo:" is not one of"#),
        // centerDelegate
        Malformed(
            "centerDelegate unknown", #"{"ios": "12", "state": "foreground", "centerDelegate": "later", \#(aps)}"#, "centerDelegate",
            "is not one of: beforeLaunchEnds, afterLaunch, none"),
        Malformed(
            "centerDelegate a Bool", #"{"ios": "12", "state": "foreground", "centerDelegate": true, \#(aps)}"#, "centerDelegate",
            "is a Bool, expected a string"),
        // backgroundModes
        Malformed(
            "backgroundModes a string", #"{"ios": "12", "state": "foreground", "backgroundModes": "remote-notification", \#(aps)}"#,
            "backgroundModes", "expected an array of strings"),
        Malformed(
            "backgroundModes holding null", #"{"ios": "12", "state": "foreground", "backgroundModes": [null], \#(aps)}"#, "backgroundModes[0]",
            "is null, expected a string"),
        // notification
        Malformed("notification missing", #"{"ios": "12", "state": "foreground"}"#, "notification", "missing (required)"),
        Malformed("notification an array", #"{"ios": "12", "state": "foreground", "notification": []}"#, "notification", "expected an object"),
        Malformed(
            "notification with an unknown key", #"{"ios": "12", "state": "foreground", "notification": {"payload": {"aps": {}}, "body": "x"}}"#,
            "notification.body", "unknown field"),
        Malformed(
            "notification.source unknown", #"{"ios": "12", "state": "foreground", "notification": {"source": "fcm", "payload": {"aps": {}}}}"#,
            "notification.source", #""fcm" is not one of"#),
        Malformed(
            "notification.id a number", #"{"ios": "12", "state": "foreground", "notification": {"id": 5, "payload": {"aps": {}}}}"#,
            "notification.id", "is an integer, expected a string"),
        Malformed("payload missing", #"{"ios": "12", "state": "foreground", "notification": {}}"#, "notification.payload", "missing (required)"),
        Malformed(
            "payload a number", #"{"ios": "12", "state": "foreground", "notification": {"payload": 3}}"#, "notification.payload",
            "is an integer, expected an object"),
        Malformed(
            "payload an array", #"{"ios": "12", "state": "foreground", "notification": {"payload": []}}"#, "notification.payload",
            "is an array, expected an object"),
        Malformed(
            "payload a string of JSON", #"{"ios": "12", "state": "foreground", "notification": {"payload": "{\"aps\":{}}"}}"#, "notification.payload",
            "is a string, expected an object"),
        Malformed(
            "remote payload without aps", #"{"ios": "12", "state": "foreground", "notification": {"payload": {"alert": "x"}}}"#,
            "notification.payload.aps", "missing"),
        Malformed(
            "remote payload with aps a string", #"{"ios": "12", "state": "foreground", "notification": {"payload": {"aps": "x"}}}"#,
            "notification.payload.aps", "is a string, expected an object"),
        Malformed(
            "local payload with aps an array", #"{"ios": "12", "state": "foreground", "notification": {"source": "local", "payload": {"aps": []}}}"#,
            "notification.payload.aps", "is an array, expected an object"),
        Malformed(
            "an APNs copy on a remote notification",
            #"{"ios": "12", "state": "foreground", "notification": {"payload": {"aps": {}}, "apnsCopy": {"aps": {}}}}"#, "notification.apnsCopy",
            "only a provider channel's message"),
        Malformed(
            "a Getui passthrough without its taskId",
            #"{"ios": "12", "state": "foreground", "notification": {"source": "getui.passthrough", "payload": {"payload": "x"}}}"#,
            "notification.payload.taskId", "missing"),
        Malformed(
            "a JPush custom message without its content",
            #"{"ios": "12", "state": "foreground", "notification": {"source": "jpush.customMessage", "payload": {"title": "x"}}}"#,
            "notification.payload.content", "missing"),
        // customDismissAction
        Malformed(
            "customDismissAction a number", #"{"ios": "12", "state": "foreground", "customDismissAction": 1, \#(aps)}"#, "customDismissAction",
            "is an integer, expected true or false"),
        Malformed(
            "customDismissAction a string", #"{"ios": "12", "state": "foreground", "customDismissAction": "true", \#(aps)}"#, "customDismissAction",
            "is a string, expected true or false"),
        // presentation
        Malformed(
            "presentation a string", #"{"ios": "12", "state": "foreground", "presentation": "alert", \#(aps)}"#, "presentation",
            "expected an array of strings"),
        Malformed(
            "presentation holding an unknown option", #"{"ios": "12", "state": "foreground", "presentation": ["alert", "popup"], \#(aps)}"#,
            "presentation[1]", #""popup" is not one of: badge, sound, alert, list, banner"#),
        // user
        Malformed("user unknown", #"{"ios": "12", "state": "foreground", "user": "swipe", \#(aps)}"#, "user", #""swipe" is not a user action"#),
        Malformed("user a number", #"{"ios": "12", "state": "foreground", "user": 1, \#(aps)}"#, "user", "is not a user action"),
        Malformed("user an array", #"{"ios": "12", "state": "foreground", "user": ["tap"], \#(aps)}"#, "user", "is not a user action"),
        Malformed(
            "user object without action", #"{"ios": "12", "state": "foreground", "user": {"foreground": true}, \#(aps)}"#, "user.action",
            "missing (required)"),
        Malformed(
            "user object with an empty action", #"{"ios": "12", "state": "foreground", "user": {"action": ""}, \#(aps)}"#, "user.action", "is empty"),
        Malformed(
            "user object with a number for action", #"{"ios": "12", "state": "foreground", "user": {"action": 7}, \#(aps)}"#, "user.action",
            "expected a string"),
        Malformed(
            "user object with the default action ID",
            #"{"ios": "12", "state": "foreground", "user": {"action": "com.apple.UNNotificationDefaultActionIdentifier"}, \#(aps)}"#,
            "user.action", "is a system action"),
        Malformed(
            "user object with the dismiss action ID",
            #"{"ios": "12", "state": "foreground", "user": {"action": "com.apple.UNNotificationDismissActionIdentifier"}, \#(aps)}"#,
            "user.action", "is a system action"),
        Malformed(
            "user object with foreground not a Bool", #"{"ios": "12", "state": "foreground", "user": {"action": "a", "foreground": "yes"}, \#(aps)}"#,
            "user.foreground", "expected true or false"),
        Malformed(
            "user object with an unknown key", #"{"ios": "12", "state": "foreground", "user": {"action": "a", "typed": "hi"}, \#(aps)}"#,
            "user.typed", "unknown field"),
    ]

    @Test(arguments: malformed)
    func everyErrorNamesItsField(malformed: Malformed) {
        #expect {
            try Self.decodeAndRun(malformed.json)
        } throws: { error in
            guard let error = error as? PushError else { return false }
            return error.code == .invalidScenario && error.field == malformed.field
                && error.description.hasPrefix("\(malformed.field): ") && error.message.contains(malformed.phrase)
                && !error.description.contains("\n")
        }
    }

    @Test func aLongValueIsShortenedInItsError() {
        let long = String(repeating: "x", count: 500)
        do {
            _ = try Self.decode(#"{"ios": "12", "state": "\#(long)", "notification": {"payload": {"aps": {}}}}"#)
            Issue.record("decoded")
        } catch let error as PushError {
            #expect(error.field == "state")
            #expect(error.description.count < 200)
        } catch {
            Issue.record("not a PushError: \(error)")
        }
    }

    /// Input that is not a JSON object never reaches the decoder: the parser says why, in one line with its position.
    @Test(arguments: [
        ("", JSONParseError.Kind.empty),
        ("   \n", .empty),
        (#"{"ios": "12", "state": }"#, .unexpectedCharacter(expected: "a value")),
        (#"{"ios": "12""#, .unexpectedEnd(expected: "',' or '}' after an object member")),
        (#"{"ios": "12", "ios": "13"}"#, .duplicateKey("ios")),
        (String(repeating: #"{"a":"#, count: 100) + "1" + String(repeating: "}", count: 100), .tooDeep(limit: 64)),
    ])
    func invalidJSONIsAParseError(text: String, kind: JSONParseError.Kind) {
        #expect {
            _ = try Self.decode(text)
        } throws: { error in
            guard let error = error as? JSONParseError else { return false }
            return error.kind == kind && !error.description.contains("\n")
        }
    }

    @Test func aPayloadNestedToTheParserLimitIsStillAScenario() throws {
        // The scenario, notification and payload objects are 3 levels; a custom key nests to exactly the limit.
        let depth = JSONParser.Limits.default.maxDepth - 3
        let deep = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let scenario = try Self.decode(#"{"ios": "12", "state": "foreground", "notification": {"payload": {"aps": {}, "deep": \#(deep)}}}"#)
        #expect(scenario.notification.payload["deep"] != nil)
    }
}
