import Foundation
import PushBridge
import PushBridgeAPNsServer
import PushBridgeFCMServer
import PushBridgeServer
import Testing

/// `AdmittingPushSender`: a send asks before each target's request, so that a caller (a
/// campaign worker) can stop it between requests: the targets not admitted are neither sent
/// nor reported, and every admitted one is reported once.
@Suite struct AdmittingSendTests {
    /// Answers APNs requests as accepted (or, for the tokens in `refused`, with 403
    /// `InvalidProviderToken`), FCM's token exchange with an access token and its sends with a
    /// message name; keeps the requests.
    final class ScriptedTransport: PushHTTPTransport, @unchecked Sendable {
        private let lock = NSLock()
        private var sent: [PushHTTPRequest] = []
        let refused: Set<String>
        var requests: [PushHTTPRequest] { lock.withLock { sent } }

        init(refusing refused: Set<String> = []) { self.refused = refused }

        func send(_ request: PushHTTPRequest) async throws(PushTransportError) -> PushHTTPResponse {
            let number = lock.withLock {
                sent.append(request)
                return sent.count
            }
            if request.url.hasSuffix("/token") {
                return PushHTTPResponse(status: 200, body: Array(#"{"access_token": "ya29.test", "expires_in": 3600, "token_type": "Bearer"}"#.utf8))
            }
            if request.url.hasSuffix("/messages:send") {
                return PushHTTPResponse(status: 200, body: Array(#"{"name": "projects/demo-project/messages/\#(number)"}"#.utf8))
            }
            if refused.contains(where: { request.url.hasSuffix("/" + $0) }) {
                return PushHTTPResponse(status: 403, body: Array(#"{"reason": "InvalidProviderToken"}"#.utf8))
            }
            return PushHTTPResponse(status: 200, headers: ["apns-id": request[header: "apns-id"] ?? ""])
        }
    }

    /// Admits the first `limit` targets, then refuses; counts how often it was asked.
    final class Gate: @unchecked Sendable {
        private let lock = NSLock()
        private var asked = 0
        let limit: Int
        var questions: Int { lock.withLock { asked } }

        init(admitting limit: Int) { self.limit = limit }

        func admit() -> Bool {
            lock.withLock {
                asked += 1
                return asked <= limit
            }
        }
    }

    /// Results reported, in order.
    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var kept: [PushSendResult] = []
        var all: [PushSendResult] { lock.withLock { kept } }
        func add(_ result: PushSendResult) { lock.withLock { kept.append(result) } }
    }

    static let tokens = (1...10).map { SecretText(String(format: "%064x", $0)) }

    static func apns(_ transport: ScriptedTransport, concurrency: Int = 1) -> APNsSender {
        APNsSender(
            keyID: "ABC123DEFG", teamID: "DEF123GHIJ", topic: "com.example.app", signer: FixedSigner(),
            options: PushSenderOptions(transport: transport, maxConcurrentRequests: concurrency))
    }

    static var message: PushMessage {
        var message = PushMessage(alert: .init(body: "Sale"))
        message.idempotenceKey = "pushbridge-campaign-7"
        return message
    }

    /// Stopped after 4 of 10 tokens: 4 requests, 4 results (the first 4 tokens, accepted), the
    /// gate not asked again after its refusal, and each request's `apns-id` the one a send of
    /// its own derives (a campaign's re-send after a crash reuses it).
    @Test func aStoppedAPNsSendSendsAndReportsOnlyWhatWasAdmitted() async throws {
        let transport = ScriptedTransport()
        let gate = Gate(admitting: 4)
        let reports = Reports()
        try await Self.apns(transport).send(Self.message, to: .deviceTokens(Self.tokens), admitting: { gate.admit() }, report: reports.add)
        #expect(gate.questions == 5)
        #expect(transport.requests.count == 4)
        #expect(reports.all.map(\.target.id?.revealed) == Self.tokens.prefix(4).map(\.revealed))
        #expect(reports.all.allSatisfy { $0.messageID != nil && $0.attempts == 1 })

        let alone = ScriptedTransport()
        for token in Self.tokens.prefix(4) { _ = try await Self.apns(alone).send(Self.message, to: .deviceTokens([token])) }
        #expect(transport.requests.map { $0[header: "apns-id"] } == alone.requests.map { $0[header: "apns-id"] })
        // One body for the whole send, the same as each send of its own.
        #expect(Set(transport.requests.map(\.body)).count == 1)
        #expect(transport.requests[0].body == alone.requests[0].body)
    }

    /// The sender's own stop still works inside an admitted send: after the credential refusal
    /// of the 2nd token, the admitted targets after it are reported refused with no request, and
    /// every admitted target is reported exactly once.
    @Test func everyAdmittedTargetIsReportedOnceAfterACredentialRefusal() async throws {
        let transport = ScriptedTransport(refusing: [Self.tokens[1].revealed])
        let gate = Gate(admitting: 6)
        let reports = Reports()
        try await Self.apns(transport).send(Self.message, to: .deviceTokens(Self.tokens), admitting: { gate.admit() }, report: reports.add)
        #expect(transport.requests.count == 2)
        #expect(reports.all.map(\.target.id?.revealed) == Self.tokens.prefix(6).map(\.revealed))
        #expect(reports.all[0].messageID != nil)
        for result in reports.all.dropFirst() {
            guard case .rejected(let rejection) = result.outcome else {
                Issue.record("expected a rejection: \(result)")
                continue
            }
            #expect(rejection.code == "InvalidProviderToken")
            #expect(rejection.stopsTheSend)
        }
        #expect(reports.all.dropFirst(2).allSatisfy { $0.attempts == 0 })
    }

    /// Without a refusal every target goes, at the options' concurrency, each reported once.
    @Test func anAdmittingSendThatIsNeverStoppedSendsEveryone() async throws {
        let transport = ScriptedTransport()
        let reports = Reports()
        try await Self.apns(transport, concurrency: 4).send(Self.message, to: .deviceTokens(Self.tokens), admitting: { true }, report: reports.add)
        #expect(transport.requests.count == 10)
        #expect(Set(reports.all.compactMap(\.target.id?.revealed)) == Set(Self.tokens.map(\.revealed)))
        #expect(reports.all.count == 10)
    }

    /// FCM: stopped after 2 of 5 registration tokens, 2 sends (after the token exchange) and 2
    /// results.
    @Test func aStoppedFCMSendSendsAndReportsOnlyWhatWasAdmitted() async throws {
        let transport = ScriptedTransport()
        let account = FCMServiceAccount(
            clientEmail: "pushbridge-test@demo-project.iam.gserviceaccount.com", privateKey: "not used: the signer is given",
            privateKeyID: "0123456789abcdef0123456789abcdef01234567", tokenURI: "https://oauth2.example.com/token", projectID: "demo-project")
        let sender = FCMSender(
            projectID: "demo-project", serviceAccount: account, signer: FixedRS256Signer(),
            options: PushSenderOptions(transport: transport, maxConcurrentRequests: 1))
        let ids: [SecretText] = (1...5).map { SecretText("fcm-token-\($0)") }
        let gate = Gate(admitting: 2)
        let reports = Reports()
        try await sender.send(Self.message, to: .registrationIDs(ids), admitting: { gate.admit() }, report: reports.add)
        #expect(gate.questions == 3)
        #expect(transport.requests.filter { $0.url.hasSuffix("/messages:send") }.count == 2)
        #expect(reports.all.map(\.target.id?.revealed) == ["fcm-token-1", "fcm-token-2"])
        #expect(reports.all.allSatisfy { $0.messageID != nil })
    }
}

/// An RS256 signer that signs nothing real: 256 bytes of 7.
struct FixedRS256Signer: RS256Signer {
    func sign(_ message: [UInt8]) throws(RS256SigningError) -> [UInt8] { [UInt8](repeating: 7, count: 256) }
}
