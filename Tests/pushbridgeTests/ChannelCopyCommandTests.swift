import PushBridge
import Testing

@testable import pushbridge

/// One push on two channels through the command line: `simulate` takes a JPush custom message
/// with its APNs notification (`apnsCopy`) and predicts one event; `send --dry-run` shows both
/// parts of a push with a passthrough and predicts one event per app state.
@Suite struct ChannelCopyCommandTests {
    static let modern = #"""
        ["application:didReceiveRemoteNotification:fetchCompletionHandler:",
         "userNotificationCenter:willPresentNotification:withCompletionHandler:",
         "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:"]
        """#
    static let message = #"{"content": "hi", "extras": {"room": "7"}, "_j_msgid": 2003}"#
    static let copy = #"{"aps": {"alert": "hi"}, "room": "7", "_j_msgid": 2003}"#

    static func run(_ arguments: [String], stdin: String, files: [String: String] = [:]) -> CommandOutput {
        CommandLineTool(io: .memory(stdin: Array(stdin.utf8), files: files.mapValues { Array($0.utf8) })).run(arguments)
    }

    static func parse(_ output: CommandOutput) throws -> JSONObject {
        #expect(output.status == 0, "\(output.standardError)")
        return try #require(try JSONParser.parse(Array(output.standardOutput.utf8)).objectValue)
    }

    static func kinds(_ trace: JSONValue?) -> [String] {
        (trace?["events"]?.arrayValue ?? []).compactMap { $0["type"]?.stringValue }
    }

    static func diagnosticCodes(_ trace: JSONValue?) -> [String] {
        (trace?["diagnostics"]?.arrayValue ?? []).compactMap { $0["code"]?.stringValue }
    }

    /// The scenario the review's app ran: in the foreground, the custom message first, then the
    /// notification with the same `_j_msgid` — one `message` event, the notification diagnosed.
    @Test func simulateTakesAJPushCustomMessageWithItsNotification() throws {
        let scenario = #"""
            {"ios": "17.4", "state": "foreground", "implements": \#(Self.modern), "presentation": ["banner"],
             "notification": {"source": "jpush.customMessage", "payload": \#(Self.message), "apnsCopy": \#(Self.copy)}}
            """#
        let trace = try Self.parse(Self.run(["simulate", "--provider", "jpush"], stdin: scenario))
        #expect(Self.kinds(.object(trace)) == ["message"])
        #expect(Self.diagnosticCodes(.object(trace)) == ["channelCopyDropped"])
        #expect(trace["display"] == "banner", "iOS still shows the notification: the app's presentation handler decides")
    }

    /// The other order, with `steps`: the notification first, then the message — one `received`.
    @Test func simulateTakesTheOtherOrderAsSteps() throws {
        let scenario = #"""
            {"ios": "17.4", "state": "foreground", "implements": \#(Self.modern), "presentation": ["banner"],
             "notification": {"id": "n", "payload": \#(Self.copy)},
             "steps": [{"notification": {"source": "jpush.customMessage", "payload": \#(Self.message)}}]}
            """#
        let trace = try Self.parse(Self.run(["simulate", "--provider", "jpush"], stdin: scenario))
        #expect(Self.kinds(.object(trace)) == ["received"])
        #expect(Self.diagnosticCodes(.object(trace)) == ["channelCopyDropped"])
    }

    @Test func anAPNsCopyOnARemoteNotificationIsStillRefused() {
        let scenario = #"{"ios": "17", "state": "foreground", "notification": {"payload": {"aps": {}}, "apnsCopy": {"aps": {}}}}"#
        let output = Self.run(["simulate"], stdin: scenario)
        #expect(output.status == 2)
        #expect(output.standardError.contains("notification.apnsCopy: only a provider channel's message (jpush.customMessage, getui.passthrough)"))
    }

    static let jpushConfig = #"""
        {"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77", "production": true},
         "server": {"jpush": {"masterSecret": "0123456789abcdef01234567"}}}
        """#
    static let getuiConfig = #"""
        {"provider": "getui", "getui": {"appId": "djYjSlFVMf6p5YOy2OQUs8", "appKey": "hPJ4a0Gr4r7QjWmTwxoNF2", "appSecret": "pY5gRtHCMs8XCZ1kV9n0r3"},
         "server": {"getui": {"masterSecret": "kYnqvnKQ5lA4IDhlMtDj07"}}}
        """#
    static let push = #"{"alert": {"body": "hi"}, "customData": {"room": "7"}, "passthrough": {"content": "hi", "extras": {"room": "7"}}}"#

    static func dryRun(config: String, to target: String, push: String = push) throws -> JSONObject {
        try parse(run(["send", "--config", "server.json", "--to", target, "--dry-run", "-"], stdin: push, files: ["server.json": config]))
    }

    /// JPush sends both parts always: in the foreground the message and the notification's calls,
    /// one `message`; away, the notification is shown and the message waits (no event yet).
    @Test func aJPushDryRunShowsBothPartsAndOneEvent() throws {
        let report = try Self.dryRun(config: Self.jpushConfig, to: "registration:1a0018970a9b2c3d4e5")
        #expect(report["channelMessage"]?["source"] == "jpush.customMessage")
        #expect(report["channelMessage"]?["message"] == ["content": "hi", "extras": ["room": "7"], "_j_msgid": 0])
        #expect(report["devicePayload"]?["_j_msgid"] == 0, "both parts carry the push's message ID")
        let predictions = try #require(report["predictions"]?.arrayValue)
        #expect(predictions.map { $0["state"]?.stringValue } == ["foreground", "background", "notRunning", "forceQuit"])
        let foreground = predictions[0]
        #expect(Self.kinds(foreground) == ["message"])
        #expect(Self.diagnosticCodes(foreground) == ["channelCopyDropped"])
        #expect(foreground["calls"]?.arrayValue?.contains("kJPFNetworkDidReceiveMessageNotification") == true)
        #expect(foreground["calls"]?.arrayValue?.contains("jpushNotificationCenter:willPresentNotification:withCompletionHandler:") == true)
        for away in predictions.dropFirst() {
            #expect(away["display"] == "banner")
            #expect(Self.kinds(away) == [])
        }
    }

    /// Getui's default strategy: the transmission to an online app, the APNs notification to an
    /// offline one — one `message` in the foreground, no notification.
    @Test func aGetuiDryRunFollowsItsDefaultStrategy() throws {
        let report = try Self.dryRun(config: Self.getuiConfig, to: "cid:1d4a1b3c5e7f9a0b2c4d6e8f0a1b3c5d")
        #expect(report["channelMessage"]?["source"] == "getui.passthrough")
        #expect(report["channelMessage"]?["message"]?["payload"] == "hi")
        let predictions = try #require(report["predictions"]?.arrayValue)
        #expect(Self.kinds(predictions[0]) == ["message"])
        #expect(predictions[0]["display"] == "none")
        #expect(Self.diagnosticCodes(predictions[0]) == [])
        for away in predictions.dropFirst() { #expect(away["display"] == "banner") }
    }

    /// A push without a channel part predicts as before.
    @Test func anAPNsOnlyPushHasNoChannelMessage() throws {
        let report = try Self.dryRun(config: Self.jpushConfig, to: "registration:1a0018970a9b2c3d4e5", push: #"{"alert": {"body": "hi"}}"#)
        #expect(report["channelMessage"] == nil)
        #expect(Self.kinds(report["predictions"]?.arrayValue?.first) == ["received"])
    }
}
