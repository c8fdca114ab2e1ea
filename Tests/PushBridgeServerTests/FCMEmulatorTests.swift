import EmulatorSupport
import Foundation
import PushBridge
import PushBridgeFCMServer
import PushBridgeServer
import Testing

/// The FCM sender against the local FCM and token endpoint (Emulators/fcm_emulator.py) over real
/// HTTP on loopback: the OAuth exchange (its RS256 assertion checked with the key's public half),
/// the access token reused and refreshed once, each documented error's verdict, `validate_only`,
/// and no secret in anything printed.
@Suite(.enabled(if: EmulatorProcess.python != nil && FCMTestAccount.shared != nil, "needs python3 and openssl"))
struct FCMEmulatorTests {
    static var key: FCMTestAccount { FCMTestAccount.shared! }

    static func emulator(_ script: String? = nil) throws -> EmulatorProcess {
        try EmulatorProcess(
            "fcm_emulator.py",
            arguments: ["--project", FCMTestAccount.projectID, "--client-email", FCMTestAccount.clientEmail, "--public-key", key.publicKeyPath],
            scriptJSON: script)
    }

    static func sender(
        _ emulator: EmulatorProcess, _ sleeper: RecordingSleeper = RecordingSleeper(), validateOnly: Bool = false, concurrency: Int = 100,
        transport: (any PushHTTPTransport)? = nil
    ) -> FCMSender {
        var options = PushSenderOptions.emulated(.fcm, at: emulator.baseURL, sleeper: sleeper)
        options.maxConcurrentRequests = concurrency
        if let transport { options.transport = transport }
        return FCMSender(
            projectID: FCMTestAccount.projectID, serviceAccount: key.account(tokenURI: emulator.baseURL + "/token"), validateOnly: validateOnly,
            options: options)
    }

    static func tokenRequests(_ emulator: EmulatorProcess) -> [RecordedRequest] { emulator.requests.filter { $0.path == "/token" } }
    static func sends(_ emulator: EmulatorProcess) -> [RecordedRequest] { emulator.requests.filter { $0.path.hasSuffix("/messages:send") } }

    /// The exchange, then the send: the exact form, headers and body; the message ID is the
    /// `{id}` of FCM's `projects/…/messages/{id}`, the one delivered.
    @Test func aSendIsAcceptedAfterTheExchangeAndTheRequestsAreExact() async throws {
        let emulator = try Self.emulator()
        let results = try await Self.sender(emulator).send(
            PushMessage(alert: .init(title: "Hi", body: "There"), badge: 1, customData: ["k": "v", "n": 2]), to: .registrationIDs(["fcm-token-1"]))
        let messageID = try #require(results.first?.messageID)
        #expect(emulator.deliveries.map(\.key) == [messageID])
        let requests = emulator.requests
        try #require(requests.map(\.path) == ["/token", "/v1/projects/demo-project/messages:send"])
        #expect(requests[0].answer == 200)
        #expect(requests[0].header("content-type") == "application/x-www-form-urlencoded")
        #expect(requests[0].body?.stringValue?.hasPrefix("grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=ey") == true)
        #expect(requests[1].header("authorization")?.hasPrefix("Bearer ya29.emulated-") == true)
        #expect(requests[1].header("x-goog-api-format-version") == "2")
        #expect(
            requests[1].body == [
                "message": [
                    "token": "fcm-token-1", "notification": ["title": "Hi", "body": "There"], "data": ["k": "v", "n": "2"],
                    "apns": ["headers": ["apns-push-type": "alert"], "payload": ["aps": ["badge": 1]]],
                ]
            ])
    }

    /// One exchange for many sends and targets: the token is reused until shortly before it expires.
    @Test func theAccessTokenIsReused() async throws {
        let emulator = try Self.emulator()
        let sender = Self.sender(emulator)
        _ = try await sender.send(PushMessage(alert: .init(body: "1")), to: .registrationIDs(["t1", "t2", "t3"]))
        _ = try await sender.send(PushMessage(alert: .init(body: "2")), to: .tags(["news"]))
        #expect(Self.tokenRequests(emulator).count == 1)
        #expect(Self.sends(emulator).count == 4)
    }

    /// A token that expires within the margin is replaced before it is used again.
    @Test func aTokenNearItsExpiryIsReplaced() async throws {
        let emulator = try Self.emulator(#"{"expiresIn": 60}"#)
        let clock = Locked(Date().timeIntervalSince1970)
        var options = PushSenderOptions.emulated(.fcm, at: emulator.baseURL, sleeper: RecordingSleeper())
        options.now = { clock.withLock { $0 } }
        let sender = FCMSender(
            projectID: FCMTestAccount.projectID, serviceAccount: Self.key.account(tokenURI: emulator.baseURL + "/token"), options: options)
        _ = try await sender.send(PushMessage(alert: .init(body: "1")), to: .registrationIDs(["t1"]))
        clock.withLock { $0 += 20 }  // within half of its 60 s
        _ = try await sender.send(PushMessage(alert: .init(body: "2")), to: .registrationIDs(["t1"]))
        #expect(Self.tokenRequests(emulator).count == 1)
        clock.withLock { $0 += 20 }  // past half
        _ = try await sender.send(PushMessage(alert: .init(body: "3")), to: .registrationIDs(["t1"]))
        #expect(Self.tokenRequests(emulator).count == 2)
    }

    /// FCM refuses the token (401): one new token, the request again, accepted.
    @Test func a401RefreshesTheTokenOnce() async throws {
        let emulator = try Self.emulator(#"{"tokenUses": 1}"#)
        let sender = Self.sender(emulator)
        let first = try await sender.send(PushMessage(alert: .init(body: "1")), to: .registrationIDs(["t1"]))
        let second = try await sender.send(PushMessage(alert: .init(body: "2")), to: .registrationIDs(["t1"]))
        #expect(first[0].messageID != nil)
        #expect(second[0].messageID != nil)
        #expect(second[0].attempts == 2)
        #expect(Self.tokenRequests(emulator).count == 2)
        #expect(Self.sends(emulator).map(\.answer) == [200, 401, 200])
    }

    /// Refused again after the refresh: a credential failure for the whole send, not one per target.
    @Test func aSecondRefusalStopsTheWholeSend() async throws {
        let emulator = try Self.emulator(#"{"refuseAllTokens": true}"#)
        let results = try await Self.sender(emulator, concurrency: 1).send(
            PushMessage(alert: .init(body: "x")), to: .registrationIDs(["t1", "t2", "t3", "t4"]))
        #expect(results.count == 4)
        #expect(results.allSatisfy { if case .rejected(let r) = $0.outcome { r.status == 401 } else { false } })
        #expect(results.map(\.attempts) == [2, 0, 0, 0])
        #expect(Self.sends(emulator).count == 2)
        #expect(Self.tokenRequests(emulator).count == 2)
    }

    /// An assertion the token endpoint refuses: the send throws before anything is sent.
    @Test func aRefusedAssertionFailsFastAndSendsNothing() async throws {
        let emulator = try Self.emulator(#"{"refuseAssertions": true}"#)
        await #expect(throws: PushError.self) {
            try await Self.sender(emulator).send(PushMessage(alert: .init(body: "x")), to: .registrationIDs(["t1", "t2"]))
        }
        do {
            _ = try await Self.sender(emulator).send(PushMessage(alert: .init(body: "x")), to: .registrationIDs(["t1"]))
        } catch {
            #expect(error.field == "server.fcm.serviceAccount")
            #expect(error.message.contains("invalid_grant"))
        }
        #expect(Self.sends(emulator).isEmpty)
    }

    /// UNREGISTERED: the token is dead, not retried.
    @Test func anUnregisteredTokenIsDead() async throws {
        let emulator = try Self.emulator(#"{"unregistered": ["gone-token"]}"#)
        let results = try await Self.sender(emulator).send(PushMessage(alert: .init(body: "x")), to: .registrationIDs(["gone-token", "live-token"]))
        #expect(results[0].tokenIsDead)
        #expect(results[0].attempts == 1)
        #expect(results[1].messageID != nil)
    }

    /// INVALID_ARGUMENT and SENDER_ID_MISMATCH are final; neither stops the other targets.
    @Test(arguments: [(400, "INVALID_ARGUMENT"), (403, "SENDER_ID_MISMATCH")])
    func aRefusedMessageIsNotRetried(status: Int, code: String) async throws {
        let emulator = try Self.emulator(#"{"answers": {"t1": [{"status": \#(status), "errorCode": "\#(code)"}]}}"#)
        let sleeper = RecordingSleeper()
        let results = try await Self.sender(emulator, sleeper, concurrency: 1).send(
            PushMessage(alert: .init(body: "x")), to: .registrationIDs(["t1", "t2"]))
        guard case .rejected(let rejection) = results[0].outcome else {
            Issue.record("\(results)")
            return
        }
        #expect(rejection.code == code)
        #expect(!rejection.tokenIsDead)
        #expect(results[0].attempts == 1)
        #expect(sleeper.delays.isEmpty)
        #expect(results[1].messageID != nil)
    }

    /// QUOTA_EXCEEDED waits Retry-After, then goes through.
    @Test func quotaExceededWaitsForRetryAfter() async throws {
        let emulator = try Self.emulator(#"{"answers": {"t1": [{"status": 429, "errorCode": "QUOTA_EXCEEDED", "retryAfter": 7}]}}"#)
        let sleeper = RecordingSleeper()
        let results = try await Self.sender(emulator, sleeper).send(PushMessage(alert: .init(body: "x")), to: .registrationIDs(["t1"]))
        #expect(results[0].messageID != nil)
        #expect(sleeper.delays == [7])
    }

    /// UNAVAILABLE and INTERNAL are retried with backoff, then accepted once.
    @Test func unavailableAndInternalAreRetriedWithBackoff() async throws {
        let emulator = try Self.emulator(
            #"{"answers": {"t1": [{"status": 503, "errorCode": "UNAVAILABLE"}, {"status": 500, "errorCode": "INTERNAL"}]}}"#)
        let sleeper = RecordingSleeper()
        let results = try await Self.sender(emulator, sleeper).send(PushMessage(alert: .init(body: "x")), to: .registrationIDs(["t1"]))
        #expect(results[0].messageID != nil)
        #expect(results[0].attempts == 3)
        #expect(sleeper.delays.count == 2)
        #expect(sleeper.delays[0] < sleeper.delays[1])
        #expect(emulator.deliveries.count == 1)
    }

    /// THIRD_PARTY_AUTH_ERROR: the APNs credentials in Firebase's console; no token refresh, and
    /// the rest of the send stops.
    @Test func aThirdPartyAuthErrorNamesFirebasesConsoleAndStopsTheSend() async throws {
        let emulator = try Self.emulator(#"{"answers": {"t1": [{"status": 401, "errorCode": "THIRD_PARTY_AUTH_ERROR"}]}}"#)
        let results = try await Self.sender(emulator, concurrency: 1).send(PushMessage(alert: .init(body: "x")), to: .registrationIDs(["t1", "t2"]))
        guard case .rejected(let rejection) = results[0].outcome else {
            Issue.record("\(results)")
            return
        }
        #expect(rejection.code == "THIRD_PARTY_AUTH_ERROR")
        #expect(rejection.message.contains("Firebase's console"))
        #expect(results.map(\.attempts) == [1, 0])
        #expect(Self.tokenRequests(emulator).count == 1)
    }

    /// `validate_only`: FCM checks, answers its fake ID, delivers nothing.
    @Test func validateOnlyDeliversNothing() async throws {
        let emulator = try Self.emulator()
        let results = try await Self.sender(emulator, validateOnly: true).send(PushMessage(alert: .init(body: "x")), to: .registrationIDs(["t1"]))
        #expect(results[0].messageID == "fake_message_id")
        #expect(Self.sends(emulator).first?.body?["validate_only"] == true)
        #expect(emulator.deliveries.isEmpty)
    }

    /// Topics and conditions reach FCM as such.
    @Test func topicsAndConditionsAreSent() async throws {
        let emulator = try Self.emulator()
        let sender = Self.sender(emulator)
        let one = try await sender.send(PushMessage(alert: .init(body: "x")), to: .tags(["news"]))
        let two = try await sender.send(PushMessage(alert: .init(body: "x")), to: .tags(["news", "sport"]))
        #expect(one[0].messageID != nil && two[0].messageID != nil)
        #expect(emulator.deliveries.map(\.target) == ["news", "'news' in topics || 'sport' in topics"])
    }

    /// Nothing printed holds the private key, the client email or an access token: the sender,
    /// the account, every request a transport saw (as a log would print it), the results, the
    /// plan and the errors.
    @Test func noSecretIsPrinted() async throws {
        let emulator = try Self.emulator(#"{"tokenUses": 1, "answers": {"t2": [{"status": 401, "errorCode": "THIRD_PARTY_AUTH_ERROR"}]}}"#)
        let log = Locked<[String]>([])
        let transport = LoggingTransport(inner: URLSessionTransport(timeout: 10, policy: URLSessionTransport.http1Default), log: log)
        let sender = Self.sender(emulator, concurrency: 1, transport: transport)
        var printed: [String] = []
        for audience: PushAudience in [.registrationIDs(["t1"]), .registrationIDs(["t1", "t2"])] {
            let results = try await sender.send(PushMessage(alert: .init(body: "x")), to: audience)
            printed += results.map { "\($0)" } + results.map { String(reflecting: $0) }
        }
        printed += try sender.plan(PushMessage(alert: .init(body: "x")), to: .registrationIDs(["t1"])).map { "\($0.request)" }
        printed += ["\(sender)", String(reflecting: sender), "\(Self.key.account())", String(reflecting: Self.key.account())]
        var dumped = ""
        dump(Self.key.account(), to: &dumped)
        dump(sender, to: &dumped)
        printed.append(dumped)
        let refused = try Self.emulator(#"{"refuseAssertions": true}"#)
        do {
            _ = try await Self.sender(refused).send(PushMessage(alert: .init(body: "x")), to: .registrationIDs(["t1"]))
        } catch {
            printed.append("\(error)")
        }
        printed += log.withLock { $0 }
        let accessTokens = Self.sends(emulator).compactMap { $0.header("authorization")?.dropFirst("Bearer ".count) }.map(String.init)
        #expect(accessTokens.count >= 3)
        #expect(log.withLock { $0.count } >= 5)
        for text in printed {
            #expect(!text.contains(Self.key.keyBody), "the private key in: \(text)")
            #expect(!text.contains(FCMTestAccount.clientEmail), "the client email in: \(text)")
            for token in accessTokens { #expect(!text.contains(token), "an access token in: \(text)") }
        }
    }
}

/// A transport that logs each request as a server's log line would (its description), then sends it.
struct LoggingTransport: PushHTTPTransport {
    let inner: any PushHTTPTransport
    let log: Locked<[String]>

    func send(_ request: PushHTTPRequest) async throws(PushTransportError) -> PushHTTPResponse {
        log.withLock { $0.append("\(request)") }
        return try await inner.send(request)
    }
}
