import PushBridge
import Testing

@testable import pushbridge

/// The senders' dry run says a push type that does not match the payload as the error it is
/// (APNs may drop it from iOS 13), and predicts the drop.
@Suite struct SendDryRunPushTypeTests {
    static let config = #"""
        {"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77", "production": true},
         "server": {"jpush": {"masterSecret": "0123456789abcdef01234567"}}}
        """#

    private func dryRun(_ message: String) throws -> JSONObject {
        let output = CommandLineTool(io: .memory(stdin: Array(message.utf8), files: ["server.json": Array(Self.config.utf8)]))
            .run(["send", "--config", "server.json", "--to", "registration:1a0018970a9b2c3d4e5", "--dry-run", "--ios", "17.0", "-"])
        #expect(output.status == 0, "\(output.standardError)")
        return try #require(try JSONParser.parse(Array(output.standardOutput.utf8)).objectValue)
    }

    @Test func anAlertSentAsBackgroundIsAnErrorAndPredictedDropped() throws {
        let report = try dryRun(#"{"alert": {"title": "Gate B12"}, "contentAvailable": true, "pushType": "background"}"#)
        #expect(report["validation"]?["valid"] == false)
        let problems = report["validation"]?["problems"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(problems.count == 1 && problems[0].hasPrefix("apns-push-type: background does not match the payload"), "\(problems)")
        for prediction in report["predictions"]?.arrayValue ?? [] {
            #expect(prediction["display"] == "none")
            #expect(prediction["events"] == .array([]))
        }
    }

    @Test func theSameMessageWithoutAPushTypeIsValid() throws {
        let report = try dryRun(#"{"alert": {"title": "Gate B12"}, "contentAvailable": true}"#)
        #expect(report["validation"]?["valid"] == true)
        #expect(report["validation"]?["pushType"] == "alert")
    }
}
