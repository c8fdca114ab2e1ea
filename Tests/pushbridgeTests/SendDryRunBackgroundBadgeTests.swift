import PushBridge
import Testing

@testable import pushbridge

/// `send --dry-run` and `validate` agree on a background push that badges beside
/// `content-available`: a warning, not an error, and the prediction is the app woken as for any
/// background push (the model's default `disputed.backgroundBadgeOrSound: "delivered"`, after
/// Apple Developer Forums thread 745345). Before, the validator warned while the prediction was
/// a drop.
@Suite struct SendDryRunBackgroundBadgeTests {
    static let config = #"""
        {"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77", "production": true},
         "server": {"jpush": {"masterSecret": "0123456789abcdef01234567"}}}
        """#
    static let fetch: JSONValue = "application:didReceiveRemoteNotification:fetchCompletionHandler:"

    private func dryRun(_ message: String) throws -> JSONObject {
        let output = CommandLineTool(io: .memory(stdin: Array(message.utf8), files: ["server.json": Array(Self.config.utf8)]))
            .run(["send", "--config", "server.json", "--to", "registration:1a0018970a9b2c3d4e5", "--dry-run", "--ios", "17.0", "-"])
        #expect(output.status == 0, "\(output.standardError)")
        return try #require(try JSONParser.parse(Array(output.standardOutput.utf8)).objectValue)
    }

    @Test func aBadgeInABackgroundPushIsAWarningAndPredictedDelivered() throws {
        let report = try dryRun(#"{"badge": 3, "contentAvailable": true, "pushType": "background"}"#)
        #expect(report["validation"]?["valid"] == true)
        #expect(report["validation"]?["problems"] == .array([]))
        let warnings = report["validation"]?["warnings"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(warnings.contains { $0.hasPrefix("apns-push-type: background with badge") }, "\(warnings)")
        let predictions = try #require(report["predictions"]?.arrayValue)
        let byState = Dictionary(uniqueKeysWithValues: predictions.compactMap { p in p["state"]?.stringValue.map { ($0, p) } })
        #expect(byState["foreground"]?["calls"] == .array([Self.fetch]), "3 only: a background push never goes to willPresent")
        #expect(byState["background"]?["calls"] == .array([Self.fetch]))
        #expect(byState["background"]?["events"]?.arrayValue?.count == 1)
        #expect(byState["notRunning"]?["calls"]?.arrayValue?.last == Self.fetch)
        #expect(byState["forceQuit"]?["calls"] == .array([]))
        for prediction in predictions { #expect(prediction["display"] == "none") }
    }
}
