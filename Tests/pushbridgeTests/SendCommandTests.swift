import EmulatorSupport
import Foundation
import PushBridge
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

    @Test func aDryRunReadsAServerConfigurationAndAMessageThatStartWithAByteOrderMark() {
        let output = run(
            ["send", "--config", "server.json", "--to", "registration:1a0018970a9b2c3d4e5", "--dry-run", "-"],
            config: "\u{FEFF}" + Self.jpushConfig, message: "\u{FEFF}" + Self.message)
        #expect(output.status == 0, "\(output.standardError)")
    }

    /// `send --help` names every key the message reader accepts, at each level: the lists the
    /// reader's own "unknown field" errors give.
    @Test(arguments: [
        #"{"zz": 1}"#, #"{"alert": {"zz": 1}}"#, #"{"passthrough": {"zz": 1}}"#, #"{"criticalSound": {"zz": 1}}"#, #"{"richMedia": [{"zz": 1}]}"#,
    ])
    func theHelpNamesEveryMessageKey(message: String) throws {
        let help = run(["send", "--help"]).standardOutput
        let refused = run(["send", "--config", "server.json", "--to", "registration:1a0018970a9b2c3d4e5", "--dry-run", "-"], message: message)
        #expect(refused.status == 2)
        let expected = try #require(refused.standardError.split(separator: "expected one of: ").last?.prefix { $0 != ")" })
        #expect(help.contains(expected), "\(expected) not in the help")
    }

    @Test func aDryRunAsksForStatesAndVersions() throws {
        let output = run(
            [
                "send", "--config", "server.json", "--to", "cid:1d4a1b3c5e7f9a0b2c4d6e8f0a1b3c5d", "--dry-run", "--state", "foreground", "--ios",
                "15.0,26.0", "-",
            ],
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
        let emulator = try EmulatorProcess(
            "jpush_emulator.py", arguments: ["--app-key", "5a6e94518f6bd85ba173cf77", "--master-secret", "0123456789abcdef01234567"])
        let output = run(["send", "--config", "server.json", "--to", "alias:ada,grace", "--endpoint", emulator.baseURL, "-"])
        #expect(output.status == 0, "\(output.standardError)")
        let report = try #require(try JSONParser.parse(Array(output.standardOutput.utf8)).objectValue)
        #expect(report["accepted"] == 2)
        #expect(report["results"]?.arrayValue?.compactMap { $0["target"]?.stringValue } == ["alias ••••", "alias ••••"])
        #expect(emulator.requests.last?.body?["audience"] == ["alias": ["ada", "grace"]])
    }

    static func fcmConfig(
        privateKey: String = "-----BEGIN PRIVATE KEY-----\\nplaceholder\\n-----END PRIVATE KEY-----\\n",
        tokenURI: String = "https://oauth2.googleapis.com/token"
    ) -> String {
        #"{"provider": "fcm", "fcm": {"projectId": "demo-project"}, "server": {"fcm": {"serviceAccount": {"type": "service_account", "#
            + #""client_email": "sender@demo-project.iam.gserviceaccount.com", "token_uri": "\#(tokenURI)", "private_key": "\#(privateKey)"}}}}"#
    }

    /// `provider: fcm`: the dry run prints the token exchange and FCM's request, the token masked;
    /// `--validate-only` is FCM's alone and not with `--dry-run`.
    @Test func anFCMDryRunAndValidateOnlysLimits() throws {
        let output = run(["send", "--config", "server.json", "--to", "registration:fcm-token-1a2b3c4d", "--dry-run", "-"], config: Self.fcmConfig())
        #expect(output.status == 0, "\(output.standardError)")
        #expect(!output.standardOutput.contains("fcm-token-1a2b3c4d"))
        let report = try #require(try JSONParser.parse(Array(output.standardOutput.utf8)).objectValue)
        #expect(report["provider"] == "fcm")
        #expect(report["requests"]?.arrayValue?[1]["body"]?["message"]?["token"] == "••••3c4d")
        let jpush = run(["send", "--config", "server.json", "--to", "registration:1a0018970a9b2c3d4e5", "--validate-only", "-"])
        #expect(jpush.status == 2)
        #expect(jpush.standardError.hasPrefix("error: --validate-only:"))
        let both = run(["send", "--config", "server.json", "--to", "registration:t1", "--validate-only", "--dry-run", "-"], config: Self.fcmConfig())
        #expect(both.status == 2)
        #expect(both.standardError.hasPrefix("error: --validate-only:"))
    }

    /// A Live Activity through FCM in a message file: the dry run's output keeps its keys (additive
    /// only), shows `apns.live_activity_token` masked and the analytics label, and judges the
    /// payload as a `liveactivity` push; a bad label exits 2 naming the field.
    @Test func anFCMLiveActivityDryRunMasksTheActivityToken() throws {
        let activityToken = "80f4a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e"
        let message =
            #"{"liveActivity": {"event": "update", "timestamp": 1767225600, "contentState": {"eta": 12}}, "#
            + #""liveActivityToken": "\#(activityToken)", "analyticsLabel": "order-42"}"#
        let output = run(
            ["send", "--config", "server.json", "--to", "registration:fcm-token-1a2b3c4d", "--dry-run", "--state", "foreground", "-"],
            config: Self.fcmConfig(), message: message)
        #expect(output.status == 0, "\(output.standardError)")
        #expect(!output.standardOutput.contains(activityToken))
        let report = try #require(try JSONParser.parse(Array(output.standardOutput.utf8)).objectValue)
        #expect(Set(report.keys) == ["audience", "devicePayload", "dryRun", "predictions", "provider", "requests", "validation"])
        let body = report["requests"]?.arrayValue?[1]["body"]?["message"]
        #expect(body?["apns"]?["live_activity_token"] == "••••6d7e")
        #expect(body?["apns"]?["headers"] == ["apns-push-type": "liveactivity"])
        #expect(body?["fcm_options"] == ["analytics_label": "order-42"])
        #expect(report["validation"]?["pushType"] == "liveactivity")
        #expect(report["validation"]?["valid"] == true)
        let bad = run(
            ["send", "--config", "server.json", "--to", "registration:fcm-token-1a2b3c4d", "--dry-run", "-"], config: Self.fcmConfig(),
            message: #"{"alert": "x", "analyticsLabel": "no spaces allowed"}"#)
        #expect(bad.status == 2)
        #expect(bad.standardError.hasPrefix("error: analyticsLabel:"), "\(bad.standardError)")
    }

    /// `--validate-only` to the local FCM: the exchange with a real RSA key, `validate_only: true`,
    /// one accepted row, nothing delivered.
    @Test(
        .enabled(if: EmulatorProcess.python != nil && FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl"), "needs python3 and openssl"))
    func validateOnlyAsksTheLocalFCMToCheckAndDeliverNothing() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pushbridge-fcm-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = folder.appendingPathComponent("key.pem").path
        let publicKey = folder.appendingPathComponent("public.pem").path
        try SendCommandAPNsSetup.openssl(["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", key])
        try SendCommandAPNsSetup.openssl(["pkey", "-in", key, "-pubout", "-out", publicKey])
        let pem = try String(contentsOfFile: key, encoding: .utf8).replacingOccurrences(of: "\n", with: "\\n")
        let emulator = try EmulatorProcess(
            "fcm_emulator.py",
            arguments: ["--project", "demo-project", "--client-email", "sender@demo-project.iam.gserviceaccount.com", "--public-key", publicKey])
        // On a thread of its own: `send` blocks its thread until the send ends.
        let output = await runOnItsOwnThread(
            ["send", "--config", "server.json", "--to", "registration:t1", "--endpoint", emulator.baseURL, "--validate-only", "-"],
            config: Self.fcmConfig(privateKey: pem, tokenURI: emulator.baseURL + "/token"))
        #expect(output.status == 0, "\(output.standardError)")
        let report = try #require(try JSONParser.parse(Array(output.standardOutput.utf8)).objectValue)
        #expect(report["accepted"] == 1)
        #expect(emulator.requests.last?.body?["validate_only"] == true)
        #expect(emulator.deliveries.isEmpty)
    }

    @Test func theTokenCacheFlagsExcludeEachOtherAndTheHelpSaysWhyTheCacheExists() {
        let both = run([
            "send", "--config", "server.json", "--to", "registration:1a0018970a9b2c3d4e5", "--token-cache", "/tmp/x", "--no-token-cache", "-",
        ])
        #expect(both.status == 2)
        #expect(both.standardError.hasPrefix("error: --token-cache:"))
        let help = CommandLineTool(io: .memory()).run(["send", "--help"])
        #expect(help.standardOutput.contains("--no-token-cache"))
        #expect(help.standardOutput.contains("20 minutes"))
    }

    /// Two runs of `send` to the local APNs over one token cache present one provider token (the
    /// emulator verifies it); with `--no-token-cache` the run says plainly it is not the way to
    /// send message after message.
    @Test(.enabled(if: SendCommandAPNsSetup.isAvailable, "needs PUSHBRIDGE_APNS_EMULATOR_TLS, python3 with h2 and cryptography, and openssl"))
    func twoRunsToTheLocalAPNsShareOneProviderToken() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pushbridge-send-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = folder.appendingPathComponent("AuthKey.p8").path
        let publicKey = folder.appendingPathComponent("public.pem").path
        try SendCommandAPNsSetup.openssl(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", key])
        try SendCommandAPNsSetup.openssl(["pkey", "-in", key, "-pubout", "-out", publicKey])
        let tls = SendCommandAPNsSetup.tlsFolder ?? ""
        let emulator = try EmulatorProcess(
            "apns_emulator.py",
            arguments: [
                "--cert", tls + "/cert.pem", "--key", tls + "/key.pem", "--public-key", publicKey, "--key-id", "ABC123DEFG", "--team-id",
                "DEF123GHIJ",
                "--topic", "com.example.app",
            ], https: true)
        let config =
            #"{"provider": "apns", "server": {"apns": {"keyID": "ABC123DEFG", "teamID": "DEF123GHIJ", "privateKeyPath": "\#(key)", "topic": "com.example.app"}}}"#
        let token = "token:8e3a9f1c0b7d4e6a2f5c8b1d9e0a3c7f6b2d5e8a1c4f7b0e3d6a9c2f5b8e1d4a"
        let cache = folder.appendingPathComponent("cache").path
        for _ in 0..<2 {
            let output = await runOnItsOwnThread(
                ["send", "--config", "server.json", "--to", token, "--endpoint", emulator.baseURL, "--token-cache", cache, "-"], config: config)
            #expect(output.status == 0, "\(output.standardError)")
            #expect(output.standardError.isEmpty)
        }
        #expect(Set(emulator.requests.compactMap { $0.header("authorization") }).count == 1)
        // Without the cache, the run signs a new token minutes after the last: APNs (here its
        // emulator, holding Apple's 20-minute rule) refuses it, and the run says why.
        let uncached = await runOnItsOwnThread(
            ["send", "--config", "server.json", "--to", token, "--endpoint", emulator.baseURL, "--no-token-cache", "-"], config: config)
        #expect(uncached.status == 1)
        #expect(uncached.standardOutput.contains("TooManyProviderTokenUpdates"))
        #expect(uncached.standardError == SendCommand.newTokenEachRunNote + "\n")
        #expect(Set(emulator.requests.compactMap { $0.header("authorization") }).count == 2)
    }

    /// `send` waits for its sending on the calling thread: run here on a thread of its own, so the
    /// wait never holds one of the concurrency pool's few threads.
    private func runOnItsOwnThread(_ arguments: [String], config: String) async -> CommandOutput {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: run(arguments, config: config)) }.start()
        }
    }
}

/// Whether this machine can run the APNs emulator, and `openssl` for a key.
enum SendCommandAPNsSetup {
    static let tlsFolder = ProcessInfo.processInfo.environment["PUSHBRIDGE_APNS_EMULATOR_TLS"]
    static let isAvailable =
        tlsFolder != nil && FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") && EmulatorProcess.pythonHas(["h2", "cryptography"])

    static func openssl(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
    }
}
