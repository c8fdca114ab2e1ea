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

        func sender(now: (@Sendable () -> Double)? = nil, tokenCache: APNsProviderTokenCache? = nil) -> APNsSender {
            var options = PushSenderOptions.emulated(.apns, at: emulator.baseURL, sleeper: sleeper)
            if let now { options.now = now }
            return APNsSender(
                keyID: "ABC123DEFG", teamID: "DEF123GHIJ", topic: "com.example.app", signer: OpenSSLCommandES256Signer(privateKeyPath: key.privateKeyPath),
                options: options, tokenCache: tokenCache)
        }
    }

    @Test func aNotificationTravelsOverHTTP2WithAVerifiedProviderToken() async throws {
        let setup = try Setup()
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
            #"{"answers": {"\#(Self.token.revealed)": [{"status": 503, "reason": "ServiceUnavailable"}, {"status": 429, "reason": "TooManyRequests"}]}}"#)
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
        let results = try await setup.sender().send(PushMessage(alert: .init(body: "x")), to: .deviceTokens([Self.token]))
        let deliveries = setup.emulator.deliveries
        #expect(deliveries.count == 2)
        #expect(Set(deliveries.map(\.key)) == [results[0].messageID ?? ""])
        #expect(Set(setup.emulator.requests.compactMap { $0.body }).count == 1)
    }

    @Test func aPayloadTooLargeForAPNsNeverLeaves() async throws {
        let setup = try Setup()
        await #expect(throws: PushError.self) {
            _ = try await setup.sender().send(PushMessage(alert: .init(body: String(repeating: "x", count: 4_100))), to: .deviceTokens([Self.token]))
        }
        #expect(setup.emulator.requests.isEmpty)
    }
}

/// Whether this machine can run the APNs emulator.
enum APNsEmulatorSetup {
    static let tlsFolder = ProcessInfo.processInfo.environment["PUSHBRIDGE_APNS_EMULATOR_TLS"]
    static let isAvailable =
        tlsFolder != nil && OpenSSLCommandES256Signer.installedExecutable() != nil && EmulatorProcess.pythonHas(["h2", "cryptography"])
}
