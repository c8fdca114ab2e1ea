import Foundation
import PushBridgeCampaigns
import PushBridgeCore
import PushBridgeServer
import Testing

/// A fresh 2048-bit RSA key pair made by the system's `openssl`, in a private folder the test
/// removes (``remove()``) once its emulators are gone: the FCM emulator reads the public key at
/// each token request.
struct FCMTestKeys {
    let folder: URL
    var privateKeyPath: String { folder.appendingPathComponent("key.pem").path }
    var publicKeyPath: String { folder.appendingPathComponent("public.pem").path }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pushbridge-campaign-fcm-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try Self.openssl(["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", privateKeyPath])
        try Self.openssl(["pkey", "-in", privateKeyPath, "-pubout", "-out", publicKeyPath])
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    private static func openssl(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TestFailure("openssl \(arguments[0]) failed") }
    }
}

extension Emulator {
    /// An FCM emulator checking assertions against `keys`, and a configuration file whose
    /// service account holds the private key and the emulator's token endpoint.
    static func fcm(keys: FCMTestKeys, scriptJSON: String? = nil) throws -> (Emulator, configPath: String) {
        let email = "pushbridge-test@demo-project.iam.gserviceaccount.com"
        let emulator = try Emulator(
            "fcm_emulator.py", arguments: ["--project", "demo-project", "--client-email", email, "--public-key", keys.publicKeyPath],
            scriptJSON: scriptJSON)
        let account: JSONValue = [
            "type": "service_account", "project_id": "demo-project", "private_key_id": "0123456789abcdef0123456789abcdef01234567",
            "private_key": .string(try String(contentsOfFile: keys.privateKeyPath, encoding: .utf8)), "client_email": .string(email),
            "token_uri": .string(emulator.baseURL + "/token"),
        ]
        let config: JSONValue = ["provider": "fcm", "fcm": ["projectId": "demo-project"], "server": ["fcm": ["serviceAccount": account]]]
        let path = emulator.folder.appendingPathComponent("pushbridge.json").path
        try Data(JSONWriter.bytes(from: config)).write(to: URL(fileURLWithPath: path))
        return (emulator, path)
    }
}

/// A batch sent in one send through a sender that admits each request (FCM here, APNs in
/// `campaign-bench`): a refusal stops it between requests, the targets never admitted left
/// unrecorded.
@Suite("One send per batch (FCM)", .enabled(if: TestDatabase.isAvailable, Comment(rawValue: TestDatabase.skipReason)))
struct AdmittedBatchTests {
    static func sends(_ emulator: Emulator) -> Int {
        emulator.requests.filter { ($0["path"]?.stringValue ?? "").hasSuffix("/messages:send") }.count
    }

    @Test("FCM: a rate limit in one batch's send stops it and the worker's other batch between requests, the rest unsent and unrecorded")
    func aRateLimitStopsBothBatchesSends() async throws {
        let prefix = uniquePrefix("f")
        let keys = try FCMTestKeys()
        defer { keys.remove() }
        let (emulator, config) = try Emulator.fcm(
            keys: keys,
            scriptJSON: "{\"answers\": {\"\(targetName(prefix, 4))\": [{\"status\": 429, \"errorCode\": \"QUOTA_EXCEEDED\", \"retryAfter\": \"9\"}]}}"
        )
        try await TestDatabase.withStore { store in
            let (id, _) = try await makeCampaign(store, provider: "fcm", kind: .registrationID, count: 300, batchSize: 100, prefix: prefix)
            let worker = CampaignWorkerTests.worker(
                store, config, provider: "fcm", at: emulator.baseURL, id: "worker-a", campaign: id, retryPolicy: .never, batchesInFlight: 2)
            try await worker.run()
            let status = try #require(try await store.status(id))
            #expect(status.state == .running)
            #expect((7.0...9.0).contains(status.waitingSeconds), "waiting \(status.waitingSeconds) s, not FCM's Retry-After: 9")
            // Both sends stopped: at most the 20 in flight for both batches around the refusal
            // went on, not the rest of either batch (nor the third, never claimed).
            let sends = Self.sends(emulator)
            #expect(sends <= 60, "\(sends) sends: a batch went on after the rate limit")
            // Each target sent once is recorded once; the refused one and those never sent are not.
            #expect(status.done > 0 && Int(status.done) < sends, "\(status.done) recorded of \(sends) sent")
            #expect(
                try await TestDatabase.count(
                    store, "SELECT count(*) FROM pushbridge.results WHERE campaign_id = \(id) AND batch_no = 0 AND position = 4") == 0)
            #expect(try await TestDatabase.count(store, "SELECT count(*) FROM pushbridge.batches WHERE campaign_id = \(id) AND claims > 0") <= 2)
        }
    }

    @Test("FCM: every send's access token refused pauses the campaign with a few requests spent and nothing recorded, then resumes and completes")
    func aCredentialRefusalPausesThenTheCampaignCompletes() async throws {
        let prefix = uniquePrefix("g")
        let keys = try FCMTestKeys()
        defer { keys.remove() }
        let (emulator, config) = try Emulator.fcm(keys: keys, scriptJSON: "{\"refuseAllTokens\": true}")
        let (right, rightConfig) = try Emulator.fcm(keys: keys)
        try await TestDatabase.withStore { store in
            let (id, targets) = try await makeCampaign(store, provider: "fcm", kind: .registrationID, count: 250, batchSize: 100, prefix: prefix)
            try await CampaignWorkerTests.worker(
                store, config, provider: "fcm", at: emulator.baseURL, id: "worker-a", campaign: id, batchesInFlight: 2
            )
            .run()
            let paused = try #require(try await store.status(id))
            #expect(paused.state == .paused)
            #expect(paused.pauseReason?.contains("401") == true, "\(paused.pauseReason ?? "no reason")")
            #expect(paused.done == 0)
            // Each request in flight tried once more with a new token, then the sends stopped.
            let sends = Self.sends(emulator)
            #expect(sends <= 80, "\(sends) sends for a refused credential")
            // The right credentials: every target ends with one result, each delivered once.
            #expect(try await store.transition(id, to: .running, from: [.paused]))
            try await CampaignWorkerTests.worker(
                store, rightConfig, provider: "fcm", at: right.baseURL, id: "worker-b", campaign: id, batchesInFlight: 2
            ).run()
            let done = try #require(try await store.status(id))
            #expect(done.state == .done && done.done == 250 && done.byOutcome["accepted"] == 250, "\(done)")
            #expect(Self.sends(right) == targets.count)
        }
    }
}
