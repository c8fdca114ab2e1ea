import EmulatorSupport
import Foundation
import PushBridge
import PushBridgeAPNsServer
import PushBridgeServer
import Testing

/// The APNs sender against the local APNs (Emulators/apns_emulator.py): HTTP/2 over TLS, the
/// provider token verified with the key's public half, Apple's reasons, dead tokens, retries.
///
/// Needs what only CI sets up: the emulator's certificate in the system's trust store (Linux's
/// URLSession trusts nothing else), named by `PUSHBRIDGE_APNS_EMULATOR_TLS`
/// (`Emulators/trust-local-tls.sh`), Python's h2 and cryptography, and `openssl` to sign.
@Suite(.enabled(if: APNsEmulatorSetup.isAvailable, "needs PUSHBRIDGE_APNS_EMULATOR_TLS, python3 with h2 and cryptography, and openssl"))
struct APNsEmulatorTests {
    static let tlsFolder = APNsEmulatorSetup.tlsFolder
    static let token = SecretText("8e3a9f1c0b7d4e6a2f5c8b1d9e0a3c7f6b2d5e8a1c4f7b0e3d6a9c2f5b8e1d4a")
    static let deadToken = SecretText("0000000000000000000000000000000000000000000000000000000000000410")

    struct Setup {
        let emulator: EmulatorProcess
        let key: TestSigningKey
        let sleeper = RecordingSleeper()

        init(_ script: String? = nil) throws {
            key = try TestSigningKey()
            let folder = tlsFolder ?? ""
            emulator = try EmulatorProcess(
                "apns_emulator.py",
                arguments: [
                    "--cert", folder + "/cert.pem", "--key", folder + "/key.pem", "--public-key", key.publicKeyPath, "--key-id", "ABC123DEFG",
                    "--team-id", "DEF123GHIJ", "--topic", "com.example.app",
                ], scriptJSON: script, https: true)
        }

        func sender(
            now: (@Sendable () -> Double)? = nil, tokenCache: APNsProviderTokenCache? = nil, keyPath: String? = nil, inFlight: Int? = nil
        ) -> APNsSender {
            var options = PushSenderOptions.emulated(.apns, at: emulator.baseURL, sleeper: sleeper)
            if let now { options.now = now }
            if let inFlight { options.maxConcurrentRequests = inFlight }
            return APNsSender(
                keyID: "ABC123DEFG", teamID: "DEF123GHIJ", topic: "com.example.app",
                signer: OpenSSLCommandES256Signer(privateKeyPath: keyPath ?? key.privateKeyPath), options: options, tokenCache: tokenCache)
        }
    }

    @Test func aNotificationTravelsOverHTTP2WithAVerifiedProviderToken() async throws {
        let setup = try Setup()
        defer { setup.key.remove() }
        let message = PushMessage(alert: .init(title: "Hi", body: "There"), customData: ["orderID": "A-1042"], collapseID: "order")
        let results = try await setup.sender().send(message, to: .deviceTokens([Self.token]))
        let requests = setup.emulator.requests
        try #require(requests.count == 1)
        let request = requests[0]
        #expect(request.protocol == "HTTP/2")
        #expect(request.answer == 200)
        #expect(request.path == "/3/device/" + Self.token.revealed)
        #expect(request.header("apns-push-type") == "alert")
        #expect(request.header("apns-topic") == "com.example.app")
        #expect(request.header("apns-collapse-id") == "order")
        #expect(request.header("authorization")?.hasPrefix("bearer ") == true)
        #expect(request.body == ["aps": ["alert": ["title": "Hi", "body": "There"]], "orderID": "A-1042"])
        // The accepted ID is the apns-id sent, which the emulator echoed and delivered under.
        #expect(results[0].messageID == request.header("apns-id"))
        #expect(setup.emulator.deliveries.map(\.key) == [request.header("apns-id") ?? ""])
    }

    /// Many tokens at once: every request over HTTP/2, one result each. How many connections
    /// `URLSession` opened is printed, not asserted (it is the platform's choice).
    @Test func manyTokensTravelOverHTTP2() async throws {
        let setup = try Setup()
        defer { setup.key.remove() }
        let tokens = (0..<64).map { SecretText(String(format: "%064x", $0 + 1)) }
        let results = try await setup.sender().send(PushMessage(alert: .init(body: "x")), to: .deviceTokens(tokens))
        #expect(results.compactMap(\.messageID).count == 64)
        let requests = setup.emulator.requests
        #expect(requests.count == 64)
        #expect(requests.allSatisfy { $0.protocol == "HTTP/2" })
        let connections = Set(requests.compactMap { $0.headers.isEmpty ? nil : $0.connection })
        print("APNs emulator: 64 requests, all in flight, over \(connections.count) HTTP/2 connection(s)")
    }

    @Test func anUnregisteredTokenIsDeadSinceAppleSaysWhen() async throws {
        let setup = try Setup(#"{"unregistered": {"\#(Self.deadToken.revealed)": 1767225600000}}"#)
        defer { setup.key.remove() }
        let results = try await setup.sender().send(PushMessage(alert: .init(body: "x")), to: .deviceTokens([Self.token, Self.deadToken]))
        #expect(results[0].messageID != nil)
        guard case .rejected(let rejection) = results[1].outcome else {
            Issue.record("\(results)")
            return
        }
        #expect(rejection.status == 410)
        #expect(rejection.code == "Unregistered")
        #expect(results[1].tokenIsDead)
        #expect(rejection.deadSince == Date(timeIntervalSince1970: 1_767_225_600))
    }

    /// 503 and 429 TooManyRequests are retried with backoff; the apns-id stays the same.
    @Test func serviceUnavailableIsRetriedWithTheSameAPNsID() async throws {
        let setup = try Setup(
            #"{"answers": {"\#(Self.token.revealed)": [{"status": 503, "reason": "ServiceUnavailable"}, {"status": 429, "reason": "TooManyRequests"}]}}"#
        )
        defer { setup.key.remove() }
        let results = try await setup.sender().send(PushMessage(alert: .init(body: "x")), to: .deviceTokens([Self.token]))
        #expect(results[0].attempts == 3)
        #expect(results[0].messageID != nil)
        #expect(Set(setup.emulator.requests.compactMap { $0.header("apns-id") }).count == 1)
        #expect(setup.sleeper.delays.count == 2)
        #expect(setup.emulator.deliveries.count == 1)
    }

    /// A token signed an hour and a half ago: APNs says ExpiredProviderToken. The sender does not
    /// make a new one sooner than 20 minutes after the last (its clock is stuck, so it cannot),
    /// tries once more, and reports the rejection: never a storm of new tokens.
    @Test func anExpiredProviderTokenIsNotReplacedSoonerThanAppleAllows() async throws {
        let setup = try Setup()
        defer { setup.key.remove() }
        let past = Date().timeIntervalSince1970 - 5_400
        let results = try await setup.sender(now: { past }).send(PushMessage(alert: .init(body: "x")), to: .deviceTokens([Self.token]))
        guard case .rejected(let rejection) = results[0].outcome else {
            Issue.record("\(results)")
            return
        }
        #expect(rejection.code == "ExpiredProviderToken")
        let tokens = Set(setup.emulator.requests.compactMap { $0.header("authorization") })
        #expect(tokens.count == 1)
        #expect(setup.emulator.requests.count == 2)
    }

    /// Two senders made one after the other (two runs of `pushbridge send`) over one token cache
    /// present one provider token, which APNs verifies: no new token per process.
    @Test func twoRunsSharingATokenCacheSendOneVerifiedProviderToken() async throws {
        let setup = try Setup()
        defer { setup.key.remove() }
        let cache = APNsProviderTokenCache(directory: setup.key.folder.appendingPathComponent("tokens").path)
        for _ in 0..<2 {
            let results = try await setup.sender(tokenCache: cache).send(PushMessage(alert: .init(body: "x")), to: .deviceTokens([Self.token]))
            #expect(results[0].messageID != nil)
        }
        #expect(setup.emulator.requests.map(\.answer) == [200, 200])
        #expect(Set(setup.emulator.requests.compactMap { $0.header("authorization") }).count == 1)
    }

    /// The connection drops before APNs accepted the request: retried, delivered once.
    @Test func aDroppedConnectionIsRetriedAndDeliveredOnce() async throws {
        let setup = try Setup(#"{"answers": {"\#(Self.token.revealed)": [{"action": "drop"}]}}"#)
        defer { setup.key.remove() }
        let results = try await setup.sender().send(PushMessage(alert: .init(body: "x")), to: .deviceTokens([Self.token]))
        #expect(results[0].messageID != nil)
        #expect(setup.emulator.deliveries.count == 1)
        #expect(setup.emulator.requests.compactMap { $0.body }.count == setup.emulator.requests.count)  // no retry lost its body
    }

    /// APNs has no idempotency key. When the connection drops after APNs took the request, the
    /// sender cannot know it arrived and retries with the same `apns-id` and payload: the device
    /// may get it twice (at least once, never lost). The app's PushBridge reports it once (the same
    /// payload is the same notification identity); a `collapseID` shows it once in Notification
    /// Center.
    @Test func aDropAfterAPNsTookItIsRetriedUnderTheSameAPNsID() async throws {
        let setup = try Setup(#"{"answers": {"\#(Self.token.revealed)": [{"action": "drop-after-accept"}]}}"#)
        defer { setup.key.remove() }
        let results = try await setup.sender().send(PushMessage(alert: .init(body: "x")), to: .deviceTokens([Self.token]))
        let deliveries = setup.emulator.deliveries
        #expect(deliveries.count == 2)
        #expect(Set(deliveries.map(\.key)) == [results[0].messageID ?? ""])
        #expect(Set(setup.emulator.requests.compactMap { $0.body }).count == 1)
    }

    @Test func aPayloadTooLargeForAPNsNeverLeaves() async throws {
        let setup = try Setup()
        defer { setup.key.remove() }
        await #expect(throws: PushError.self) {
            _ = try await setup.sender().send(PushMessage(alert: .init(body: String(repeating: "x", count: 4_100))), to: .deviceTokens([Self.token]))
        }
        #expect(setup.emulator.requests.isEmpty)
    }
}

extension APNsEmulatorTests {
    /// A wrong key (issue 46: 1,000 requests for 1,000 × `403 InvalidProviderToken`): the first
    /// refusal stops the send; only the requests already in flight were sent, and every other
    /// token is rejected with the same reason and no request.
    @Test func aWrongKeyStopsTheSendAtTheFirstRefusal() async throws {
        let setup = try Setup()
        defer { setup.key.remove() }
        let wrongKey = try TestSigningKey()
        defer { wrongKey.remove() }
        let tokens = (0..<1_000).map { SecretText(String(format: "%064x", $0 + 1)) }
        let results = try await setup.sender(keyPath: wrongKey.privateKeyPath, inFlight: 10).send(
            PushMessage(alert: .init(body: "x")), to: .deviceTokens(tokens))
        #expect(results.count == 1_000)
        #expect(setup.emulator.requests.count <= 10)
        let sent = results.filter { $0.attempts > 0 }
        #expect(sent.count <= 10)
        for result in results {
            guard case .rejected(let rejection) = result.outcome else {
                Issue.record("not rejected: \(result)")
                return
            }
            #expect(rejection.code == "InvalidProviderToken")
            #expect(rejection.stopsTheSend)
        }
        #expect(setup.sleeper.delays.count == 0)
    }

    /// The right key put in place of a wrong one under the same key ID (issue 46): the token the
    /// wrong key signed, kept in the cache, is refused once and dropped at once; the next send
    /// (the next process) signs a new one with the right key and is accepted.
    @Test func aTokenRefusedAsInvalidIsDroppedAndTheReplacedKeySignsTheNext() async throws {
        let setup = try Setup()
        defer { setup.key.remove() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pushbridge-cache-\(UUID().uuidString)").path
        let cache = APNsProviderTokenCache(directory: folder)
        let keyFile = FileManager.default.temporaryDirectory.appendingPathComponent("AuthKey-\(UUID().uuidString).p8").path
        defer {
            try? FileManager.default.removeItem(atPath: keyFile)
            try? FileManager.default.removeItem(atPath: folder)
        }
        let wrongKey = try TestSigningKey()
        defer { wrongKey.remove() }
        try FileManager.default.copyItem(atPath: wrongKey.privateKeyPath, toPath: keyFile)
        let first = try await setup.sender(tokenCache: cache, keyPath: keyFile).send(
            PushMessage(alert: .init(body: "x")), to: .deviceTokens([Self.token]))
        #expect(first.first?.outcome.rejectionCode == "InvalidProviderToken")
        #expect(cache.lookup(keyID: "ABC123DEFG", teamID: "DEF123GHIJ") == .none)
        // The right key, same path, same key ID; a new sender as a new process would make.
        try FileManager.default.removeItem(atPath: keyFile)
        try FileManager.default.copyItem(atPath: setup.key.privateKeyPath, toPath: keyFile)
        let second = try await setup.sender(tokenCache: cache, keyPath: keyFile).send(
            PushMessage(alert: .init(body: "x")), to: .deviceTokens([Self.token]))
        #expect(second.first?.messageID != nil)
    }
}

extension PushSendResult.Outcome {
    /// The rejection's code, when rejected.
    var rejectionCode: String? {
        if case .rejected(let rejection) = self { return rejection.code }
        return nil
    }
}

/// A server whose TLS certificate the system does not trust (issue 46: Linux's URLSession took
/// it for a lost connection and retried four times per target; 2,000 tokens took 159 s to
/// fail): the first failure stops the send, nothing is retried.
@Suite(
    .enabled(
        if: OpenSSLCommandES256Signer.installedExecutable() != nil && EmulatorProcess.pythonHas(["h2", "cryptography"]),
        "needs python3 with h2 and cryptography, and openssl"))
struct UntrustedServerTests {
    @Test func anUntrustedCertificateStopsTheSendWithoutRetries() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pushbridge-untrusted-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // A certificate of its own, in no trust store.
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: try #require(OpenSSLCommandES256Signer.installedExecutable()))
        openssl.arguments = [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "2", "-keyout", folder.path + "/key.pem",
            "-out",
            folder.path + "/cert.pem", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
        ]
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        try #require(openssl.terminationStatus == 0)
        let key = try TestSigningKey()
        defer { key.remove() }
        let emulator = try EmulatorProcess(
            "apns_emulator.py",
            arguments: [
                "--cert", folder.path + "/cert.pem", "--key", folder.path + "/key.pem", "--public-key", key.publicKeyPath, "--key-id", "ABC123DEFG",
                "--team-id", "DEF123GHIJ", "--topic", "com.example.app",
            ], https: true)
        let sleeper = RecordingSleeper()
        var options = PushSenderOptions.emulated(.apns, at: emulator.baseURL, sleeper: sleeper)
        options.maxConcurrentRequests = 10
        let sender = APNsSender(
            keyID: "ABC123DEFG", teamID: "DEF123GHIJ", topic: "com.example.app",
            signer: OpenSSLCommandES256Signer(privateKeyPath: key.privateKeyPath),
            options: options)
        let tokens = (0..<1_000).map { SecretText(String(format: "%064x", $0 + 1)) }
        let results = try await sender.send(PushMessage(alert: .init(body: "x")), to: .deviceTokens(tokens))
        #expect(results.count == 1_000)
        #expect(sleeper.delays.count == 0, "a trust failure is never retried")
        #expect(results.filter { $0.attempts > 0 }.count <= 10)
        #expect(results.allSatisfy { $0.attempts <= 1 })
        for result in results {
            guard case .rejected(let rejection) = result.outcome else {
                Issue.record("not rejected: \(result)")
                return
            }
            #expect(rejection.code == "untrustedServer", "\(rejection.message)")
            #expect(rejection.stopsTheSend)
        }
    }
}

/// Whether this machine can run the APNs emulator.
enum APNsEmulatorSetup {
    static let tlsFolder = ProcessInfo.processInfo.environment["PUSHBRIDGE_APNS_EMULATOR_TLS"]
    static let isAvailable =
        tlsFolder != nil && OpenSSLCommandES256Signer.installedExecutable() != nil && EmulatorProcess.pythonHas(["h2", "cryptography"])
}
