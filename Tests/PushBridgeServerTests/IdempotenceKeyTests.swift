import Foundation
import PushBridge
import PushBridgeAPNsServer
import PushBridgeGetuiServer
import PushBridgeServer
import Testing

/// `PushMessage.idempotenceKey`: the same message to the same targets carries the same APNs
/// `apns-id` and Getui `request_id` on every send (what a campaign's worker relies on to re-send
/// a dead worker's requests in flight), and new random ones without it.
@Suite struct IdempotenceKeyTests {
    /// Answers every request as the provider accepts it, and keeps the requests.
    final class AcceptingTransport: PushHTTPTransport, @unchecked Sendable {
        private let lock = NSLock()
        private var sent: [PushHTTPRequest] = []
        var requests: [PushHTTPRequest] { lock.withLock { sent } }

        func send(_ request: PushHTTPRequest) async throws(PushTransportError) -> PushHTTPResponse {
            lock.withLock { sent.append(request) }
            if request.url.hasSuffix("/auth") {
                return PushHTTPResponse(
                    status: 200, body: Array(#"{"code": 0, "msg": "", "data": {"expire_time": "4102444800000", "token": "t0"}}"#.utf8))
            }
            if request.url.contains("/push/") {
                let cid = request.bodyText.contains("cid-2") ? "cid-2" : "cid-1"
                return PushHTTPResponse(
                    status: 200, body: Array(#"{"code": 0, "msg": "", "data": {"task-1": {"\#(cid)": "successed_online"}}}"#.utf8))
            }
            return PushHTTPResponse(status: 200, headers: ["apns-id": request[header: "apns-id"] ?? ""])
        }
    }

    static let tokens: [SecretText] = [SecretText(String(repeating: "ab", count: 32)), SecretText(String(repeating: "cd", count: 32))]

    func apnsIDs(_ message: PushMessage) async throws -> [String] {
        let transport = AcceptingTransport()
        let sender = APNsSender(
            keyID: "ABC123DEFG", teamID: "DEF123GHIJ", topic: "com.example.app", signer: FixedSigner(),
            options: PushSenderOptions(transport: transport))
        for token in Self.tokens { _ = try await sender.send(message, to: .deviceTokens([token])) }
        return transport.requests.compactMap { $0[header: "apns-id"] }
    }

    func getuiRequestIDs(_ message: PushMessage) async throws -> [String] {
        let transport = AcceptingTransport()
        let sender = GetuiSender(
            appID: "djYjSlFVMf6p5YOy2OQUs8", appKey: "hPJ4a0Gr4r7QjWmTwxoNF2", masterSecret: "kYnqvnKQ5lA4IDhlMtDj07",
            options: PushSenderOptions(transport: transport))
        for cid in ["cid-1", "cid-2"] { _ = try await sender.send(message, to: .clientIDs([SecretText(cid)])) }
        return transport.requests.compactMap { (try? JSONParser.parse($0.body))?["request_id"]?.stringValue }
    }

    @Test func apnsIDIsDerivedFromTheKeyAndTheToken() async throws {
        var message = PushMessage(alert: .init(body: "Hi"))
        message.idempotenceKey = "campaign-7"
        let first = try await apnsIDs(message)
        let again = try await apnsIDs(message)
        #expect(first.count == 2)
        #expect(first == again)
        #expect(first[0] != first[1])
        // A canonical UUID of version 8 (RFC 9562 §5.8), variant 10xx.
        let uuid = try #require(UUID(uuidString: first[0]))
        #expect(uuid.uuidString == first[0])
        #expect(Array(first[0])[14] == "8")
        #expect("89AB".contains(Array(first[0])[19]))
        message.idempotenceKey = "campaign-8"
        #expect(try await apnsIDs(message) != first)
        message.idempotenceKey = nil
        let random = try await apnsIDs(message)
        #expect(random != (try await apnsIDs(message)))
    }

    @Test func getuiRequestIDIsDerivedFromTheKeyAndTheTargets() async throws {
        var message = PushMessage(alert: .init(title: "Hi", body: "There"))
        message.idempotenceKey = "campaign-7"
        let first = try await getuiRequestIDs(message)
        #expect(first.count == 2)
        #expect(first == (try await getuiRequestIDs(message)))
        #expect(first[0] != first[1])
        #expect(first.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
        message.idempotenceKey = nil
        #expect(try await getuiRequestIDs(message) != (try await getuiRequestIDs(message)))
    }
}
