import PushBridge
import Testing

/// Scenarios from JSON: defaults, and every malformed field named in its error.
@Suite struct ScenarioDecodingTests {
    private func decode(_ text: String) throws -> DispatchScenario {
        try DispatchScenario(json: JSONValue(parsing: text))
    }

    @Test func defaults() throws {
        let scenario = try decode(#"{"ios": "12", "state": "background", "notification": {"payload": {"aps": {"alert": "x"}}}}"#)
        #expect(scenario.ios == IOSVersion(12))
        #expect(scenario.implements.isEmpty)
        #expect(scenario.centerDelegate == .beforeLaunchEnds)
        #expect(scenario.backgroundModes == ["remote-notification"])
        #expect(scenario.notification.source == .remote)
        #expect(scenario.notification.id == nil)
        #expect(scenario.customDismissAction == false)
        #expect(scenario.presentation == [])
        #expect(scenario.user == .none)
    }

    @Test func everyField() throws {
        let scenario = try decode(#"""
            {"ios": "9.3.2", "state": "forceQuit", "implements": ["application:didReceiveRemoteNotification:"],
             "centerDelegate": "afterLaunch", "backgroundModes": [], "customDismissAction": true, "presentation": ["banner", "sound"],
             "notification": {"source": "local", "id": "x", "payload": {"aps": {"alert": "l"}}}, "user": {"action": "reply", "foreground": true}}
            """#)
        #expect(scenario.ios == IOSVersion(9, 3, 2))
        #expect(scenario.implements == [.didReceiveRemoteNotification])
        #expect(scenario.centerDelegate == .afterLaunch)
        #expect(scenario.backgroundModes.isEmpty)
        #expect(scenario.presentation == [.banner, .sound])
        #expect(scenario.notification == .local(["aps": ["alert": "l"]], id: "x"))
        #expect(scenario.user == .action(id: "reply", foreground: true))
    }

    static let invalid: [(json: String, field: String)] = [
        (#"[]"#, "scenario"),
        (#"{"state": "foreground", "notification": {"payload": {"aps": {}}}}"#, "ios"),
        (#"{"ios": "abc", "state": "foreground", "notification": {"payload": {"aps": {}}}}"#, "ios"),
        (#"{"ios": "2.0", "state": "foreground", "notification": {"payload": {"aps": {}}}}"#, "ios"),
        (#"{"ios": 12, "state": "foreground", "notification": {"payload": {"aps": {}}}}"#, "ios"),
        (#"{"ios": "12", "notification": {"payload": {"aps": {}}}}"#, "state"),
        (#"{"ios": "12", "state": "asleep", "notification": {"payload": {"aps": {}}}}"#, "state"),
        (#"{"ios": "12", "state": "foreground"}"#, "notification"),
        (#"{"ios": "12", "state": "foreground", "notification": []}"#, "notification"),
        (#"{"ios": "12", "state": "foreground", "notification": {}}"#, "notification.payload"),
        (#"{"ios": "12", "state": "foreground", "notification": {"payload": 3}}"#, "notification.payload"),
        (#"{"ios": "12", "state": "foreground", "notification": {"payload": {}}}"#, "notification.payload.aps"),
        (#"{"ios": "12", "state": "foreground", "notification": {"payload": {"aps": "x"}}}"#, "notification.payload.aps"),
        (#"{"ios": "12", "state": "foreground", "notification": {"source": "fcm", "payload": {"aps": {}}}}"#, "notification.source"),
        (#"{"ios": "12", "state": "foreground", "notification": {"id": 5, "payload": {"aps": {}}}}"#, "notification.id"),
        (#"{"ios": "12", "state": "foreground", "notification": {"payload": {"aps": {}}, "apnsCopy": {"aps": {}}}}"#, "notification.apnsCopy"),
        (#"{"ios": "12", "state": "foreground", "notification": {"source": "getui.passthrough", "payload": {"payload": "x"}}}"#, "notification.payload.taskId"),
        (#"{"ios": "12", "state": "foreground", "notification": {"source": "jpush.customMessage", "payload": {"title": "x"}}}"#, "notification.payload.content"),
        (#"{"ios": "12", "state": "foreground", "implements": "x", "notification": {"payload": {"aps": {}}}}"#, "implements"),
        (#"{"ios": "12", "state": "foreground", "implements": [1], "notification": {"payload": {"aps": {}}}}"#, "implements[0]"),
        (#"{"ios": "12", "state": "foreground", "implements": ["application:foo:"], "notification": {"payload": {"aps": {}}}}"#, "implements[0]"),
        (#"{"ios": "12", "state": "foreground", "centerDelegate": "later", "notification": {"payload": {"aps": {}}}}"#, "centerDelegate"),
        (#"{"ios": "12", "state": "foreground", "backgroundModes": "remote-notification", "notification": {"payload": {"aps": {}}}}"#, "backgroundModes"),
        (#"{"ios": "12", "state": "foreground", "customDismissAction": 1, "notification": {"payload": {"aps": {}}}}"#, "customDismissAction"),
        (#"{"ios": "12", "state": "foreground", "presentation": ["popup"], "notification": {"payload": {"aps": {}}}}"#, "presentation[0]"),
        (#"{"ios": "12", "state": "foreground", "user": "swipe", "notification": {"payload": {"aps": {}}}}"#, "user"),
        (#"{"ios": "12", "state": "foreground", "user": 1, "notification": {"payload": {"aps": {}}}}"#, "user"),
        (#"{"ios": "12", "state": "foreground", "user": {"foreground": true}, "notification": {"payload": {"aps": {}}}}"#, "user.action"),
        (#"{"ios": "12", "state": "foreground", "user": {"action": ""}, "notification": {"payload": {"aps": {}}}}"#, "user.action"),
        (#"{"ios": "12", "state": "foreground", "user": {"action": "com.apple.UNNotificationDismissActionIdentifier"}, "notification": {"payload": {"aps": {}}}}"#, "user.action"),
        (#"{"ios": "12", "state": "foreground", "user": {"action": "a", "foreground": "yes"}, "notification": {"payload": {"aps": {}}}}"#, "user.foreground"),
        (#"{"ios": "12", "state": "foreground", "extra": 1, "notification": {"payload": {"aps": {}}}}"#, "extra"),
    ]

    @Test(arguments: invalid)
    func invalidScenariosNameTheField(json: String, field: String) {
        #expect {
            _ = try decode(json)
        } throws: { error in
            let error = error as? PushError
            return error?.field == field && error?.code == .invalidScenario
        }
    }

    @Test(arguments: ["3", "3.0", "9.3.2", "12.3.1", "17.0", "26", "9999.9999.9999"])
    func validVersions(text: String) throws {
        let version = try IOSVersion(parsing: text)
        #expect(version >= IOSVersion.minimum)
    }

    @Test(arguments: ["", "abc", "2.0", "2.9.9", "0", "1.2.3.4", "12.", ".1", " 12", "12 ", "+12", "12a", "-12", "99999999999999999999", "12..1", "١٢"])
    func invalidVersions(text: String) {
        #expect(throws: PushError.self) { _ = try IOSVersion(parsing: text) }
    }

    @Test func versionsOrderComponentWise() throws {
        #expect(try IOSVersion(parsing: "9.3.2") < IOSVersion(10))
        #expect(try IOSVersion(parsing: "10.10") > IOSVersion(10, 9, 9))
        #expect(IOSVersion(12, 3, 1).description == "12.3.1")
        #expect(IOSVersion(10).description == "10.0")
    }
}
