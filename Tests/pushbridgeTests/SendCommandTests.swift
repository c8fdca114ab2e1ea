import EmulatorSupport
@_spi(ProviderAuthor) import PushBridge
import Testing

@testable import pushbridge

/// `pushbridge send`: the dry run's requests (secrets masked), validation and prediction; bad
/// input exits 2 with one line naming the field; a real send to the local JPush.
@Suite struct SendCommandTests {
    static let jpushConfig = #"""
        {"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77", "production": true},
         "server": {"jpush": {"masterSecret": "0123456789abcdef01234567"}}}
        """#
    static let getuiConfig = #"""
        {"provider": "getui", "getui": {"appId": "djYjSlFVMf6p5YOy2OQUs8", "appKey": "hPJ4a0Gr4r7QjWmTwxoNF2", "appSecret": "pY5gRtHCMs8XCZ1kV9n0r3"},
         "server": {"getui": {"masterSecret": "kYnqvnKQ5lA4IDhlMtDj07"}}}
        """#
    static let message = #"{"alert": {"title": "Order shipped", "body": "Arrives Thursday"}, "badge": 1, "customData": {"orderID": "A-1042"}}"#

    private func run(_ arguments: [String], config: String = jpushConfig, message: String = message) -> CommandOutput {
        CommandLineTool(io: .memory(stdin: Array(message.utf8), files: ["server.json": Array(config.utf8)])).run(arguments)
    }

    @Test func aDryRunPrintsTheRequestsMaskedTheValidationAndThePrediction() throws {
        let output = run(["send", "--config", "server.json", "--to", "registration:1a0018970a9b2c3d4e5", "--dry-run", "-"])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(!output.standardOutput.contains("1a0018970a9b2c3d4e5"))
        #expect(!output.standardOutput.contains("0123456789abcdef01234567"))
        let report = try #require(try JSONParser.parse(Array(output.standardOutput.utf8)).objectValue)
        #expect(report["provider"] == "jpush")
        #expect(report["requests"]?.arrayValue?.count == 2)
        #expect(report["requests"]?.arrayValue?[1]["body"]?["audience"] == ["registration_id": ["••••d4e5"]])
        #expect(report["validation"]?["valid"] == true)
        let predictions = try #require(report["predictions"]?.arrayValue)
        #expect(predictions.compactMap { $0["state"]?.stringValue } == ["foreground", "background", "notRunning", "forceQuit"])
        #expect(predictions[0]["display"] == "banner")
        #expect(predictions[0]["events"]?.arrayValue?.first?["type"] == "received")
    }

    @Test func aDryRunAsksForStatesAndVersions() throws {
        let output = run(
            ["send", "--config", "server.json", "--to", "cid:1d4a1b3c5e7f9a0b2c4d6e8f0a1b3c5d", "--dry-run", "--state", "foreground", "--ios", "15.0,26.0", "-"],
            config: Self.getuiConfig)
        #expect(output.status == 0, "\(output.standardError)")
        let report = try #require(try JSONParser.parse(Array(output.standardOutput.utf8)).objectValue)
        #expect(report["predictions"]?.arrayValue?.compactMap { $0["ios"]?.stringValue } == ["15.0", "26.0"])
        #expect(report["devicePayload"]?["payload"] == #"{"orderID":"A-1042"}"#)
    }

    @Test(arguments: [
        (["send", "--to", "all", "-"], "--config"),
        (["send", "--config", "server.json", "-"], "--to"),
        (["send", "--config", "server.json", "--to", "phone:1", "-"], "--to"),
        (["send", "--config", "server.json", "--to", "alias:a,,b", "-"], "--to"),
        (["send", "--config", "server.json", "--to", "all", "--state", "asleep", "--dry-run", "-"], "--state"),
        (["send", "--config", "missing.json", "--to", "all", "-"], "--config"),
    ])
    func badArgumentsExitTwoNamingTheOption(arguments: [String], option: String) {
        let output = run(arguments)
        #expect(output.status == 2)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError.hasPrefix("error: \(option)"), "\(output.standardError)")
        #expect(output.standardError.split(separator: "\n").count == 1)
    }

    @Test(arguments: [
        (#"{"badge": "one"}"#, "badge"),
        (#"{"alert": {"titel": "x"}}"#, "alert.titel"),
        (#"{"alert": "x", "priority": 7}"#, "priority"),
        (#"{"alert": "x", "relevanceScore": 0.5}"#, "relevanceScore"),
        (#"{"alert": "x", "collapseID": "\#(String(repeating: "c", count: 65))"}"#, "collapseID"),
        (#"{"alert": "x", "passthrough": {}}"#, "passthrough.content"),
        ("[1]", "message"),
    ])
    func aBadMessageExitsTwoNamingTheField(message: String, field: String) {
        let output = run(["send", "--config", "server.json", "--to", "all", "--dry-run", "-"], message: message)
        #expect(output.status == 2)
        #expect(output.standardError.hasPrefix("error: \(field):"), "\(output.standardError)")
        #expect(output.standardError.split(separator: "\n").count == 1)
    }

    @Test func theWrongAudienceForTheProviderExitsTwo() {
        let output = run(["send", "--config", "server.json", "--to", "token:abcd", "--dry-run", "-"])
        #expect(output.status == 2)
        #expect(output.standardError.hasPrefix("error: audience:"))
    }

    /// A real send, to the local JPush: one row per target, exit 0.
    @Test(.enabled(if: EmulatorProcess.python != nil, "needs python3 for the emulator"))
    func aSendToTheLocalJPushPrintsOneResultPerTarget() throws {
        let emulator = try EmulatorProcess("jpush_emulator.py", arguments: ["--app-key", "5a6e94518f6bd85ba173cf77", "--master-secret", "0123456789abcdef01234567"])
        let output = run(["send", "--config", "server.json", "--to", "alias:ada,grace", "--endpoint", emulator.baseURL, "-"])
        #expect(output.status == 0, "\(output.standardError)")
        let report = try #require(try JSONParser.parse(Array(output.standardOutput.utf8)).objectValue)
        #expect(report["accepted"] == 2)
        #expect(report["results"]?.arrayValue?.compactMap { $0["target"]?.stringValue } == ["alias ••••", "alias ••••"])
        #expect(emulator.requests.last?.body?["audience"] == ["alias": ["ada", "grace"]])
    }
}
