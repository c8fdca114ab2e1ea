import Foundation
import PushBridgeCampaigns
import PushBridgeCore
import PushBridgeServer
import Testing

/// The APNs emulator (`Emulators/apns_emulator.py`: HTTP/2 over TLS, the provider token checked
/// with the key's public half), its certificate trusted by the system (`PUSHBRIDGE_APNS_EMULATOR_TLS`,
/// a folder made by `Emulators/trust-local-tls.sh`), a fresh P-256 key made by `openssl`, and a
/// configuration file for `pushbridge-campaign work --config`.
struct APNsCampaignSetup {
    static let tlsFolder = ProcessInfo.processInfo.environment["PUSHBRIDGE_APNS_EMULATOR_TLS"]
    static let isAvailable = TestDatabase.isAvailable && tlsFolder != nil && Emulator.pythonHas(["h2", "cryptography"])
    static let skipReason =
        "needs PUSHBRIDGE_POSTGRES_URL, PUSHBRIDGE_APNS_EMULATOR_TLS (Emulators/trust-local-tls.sh) and python3 with h2 and cryptography"

    let emulator: Emulator
    let configPath: String

    init(scriptJSON: String? = nil) throws {
        let keys = FileManager.default.temporaryDirectory.appendingPathComponent("pushbridge-campaign-apns-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: keys, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: keys) }
        let privateKey = keys.appendingPathComponent("AuthKey.p8").path
        let publicKey = keys.appendingPathComponent("public.pem").path
        for arguments in [
            ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", privateKey],
            ["pkey", "-in", privateKey, "-pubout", "-out", publicKey],
        ] {
            guard try Emulator.run("/usr/bin/env", ["openssl"] + arguments) == 0 else { throw TestFailure("openssl \(arguments[0]) failed") }
        }
        let tls = Self.tlsFolder ?? ""
        // The emulator reads the public key as it starts; the private key moves to the emulator's
        // folder, which goes with it.
        emulator = try Emulator(
            "apns_emulator.py",
            arguments: [
                "--cert", tls + "/cert.pem", "--key", tls + "/key.pem", "--public-key", publicKey,
                "--key-id", "ABC123DEFG", "--team-id", "DEF123GHIJ", "--topic", "com.example.app",
            ], scriptJSON: scriptJSON, https: true)
        let keptKey = emulator.folder.appendingPathComponent("AuthKey.p8").path
        try FileManager.default.moveItem(atPath: privateKey, toPath: keptKey)
        let config = """
            {"provider": "apns", "server": {"apns": {"keyID": "ABC123DEFG", "teamID": "DEF123GHIJ", "topic": "com.example.app", "privateKeyPath": "\(keptKey)"}}}
            """
        configPath = emulator.folder.appendingPathComponent("pushbridge.json").path
        try Data(config.utf8).write(to: URL(fileURLWithPath: configPath))
    }
}

/// An APNs campaign through the worker: each batch in one send of the APNs sender (an
/// ``AdmittingPushSender``), over HTTP/2 to the APNs emulator.
@Suite("One send per batch (APNs)", .enabled(if: APNsCampaignSetup.isAvailable, Comment(rawValue: APNsCampaignSetup.skipReason)))
struct APNsCampaignTests {
    @Test("APNs: every target recorded once, with the apns-id it was delivered under, derived from the campaign's key; a dead token recorded dead")
    func anAPNsCampaignIsSentAndRecordedOncePerTarget() async throws {
        // Device tokens are hex: the prefix is hex digits, and so are the numbers after it.
        let prefix = "a" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(9).lowercased()
        let dead = targetName(prefix, 7)
        let setup = try APNsCampaignSetup(scriptJSON: "{\"answers\": {\"\(dead)\": [{\"status\": 410, \"reason\": \"Unregistered\"}]}}")
        try await TestDatabase.withStore { store in
            let (id, targets) = try await makeCampaign(store, provider: "apns", kind: .deviceToken, count: 250, batchSize: 100, prefix: prefix)
            try await CampaignWorkerTests.worker(
                store, setup.configPath, provider: "apns", at: setup.emulator.baseURL, id: "worker-a", campaign: id, batchesInFlight: 2
            ).run()
            let status = try #require(try await store.status(id))
            #expect(status.state == .done && status.done == 250, "\(status)")
            #expect(status.byOutcome == ["accepted": 249, "dead": 1], "\(status.byOutcome)")
            #expect(status.byCode == ["Unregistered": 1], "\(status.byCode)")

            // One request per target, each over HTTP/2 with the apns-id the result records.
            let requests = setup.emulator.requests
            #expect(requests.count == 250)
            #expect(requests.allSatisfy { $0["protocol"]?.stringValue == "HTTP/2" })
            let sentIDs = requests.compactMap { $0["headers"]?.objectValue?["apns-id"]?.stringValue }
            #expect(Set(sentIDs).count == 250, "an apns-id repeated or missing")
            // Version-8 UUIDs (RFC 9562 §5.8): derived from the campaign's key and the token, the
            // same when a worker taking the batch over sends it again.
            #expect(sentIDs.allSatisfy { Array($0)[14] == "8" }, "not derived from the campaign's key: \(sentIDs.prefix(3))")
            var recordedIDs: [String] = []
            for try await messageID in try await store.client.query(
                "SELECT message_id FROM pushbridge.results WHERE campaign_id = \(id) AND outcome = 'accepted'", logger: TestDatabase.logger
            ).decode(String.self) {
                recordedIDs.append(messageID)
            }
            #expect(Set(recordedIDs) == Set(setup.emulator.deliveries), "the recorded message IDs are not the apns-ids delivered")
            #expect(Set(setup.emulator.deliveredTargets) == Set(targets.filter { $0 != dead }))
            #expect(
                try await TestDatabase.count(
                    store, "SELECT count(*) FROM pushbridge.dead_targets WHERE campaign_id = \(id) AND target = \(dead) AND code = 'Unregistered'")
                    == 1)
        }
    }
}
