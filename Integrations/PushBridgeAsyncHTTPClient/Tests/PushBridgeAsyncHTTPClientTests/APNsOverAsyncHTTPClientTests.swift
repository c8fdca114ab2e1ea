import PushBridge
import PushBridgeAPNsServer
import PushBridgeAsyncHTTPClient
import PushBridgeServer
import Testing

/// The APNs sender on ``AsyncHTTPClientTransport`` against the local APNs: HTTP/2 over TLS on
/// one multiplexed connection, early answers taken as answers, dropped connections retried.
@Suite(.enabled(if: APNsSetup.isAvailable, "needs PUSHBRIDGE_APNS_EMULATOR_TLS, python3 with h2 and cryptography, and openssl"))
struct APNsOverAsyncHTTPClientTests {
    @Test func notificationsTravelOverHTTP2OnOneConnectionWithAVerifiedProviderToken() async throws {
        let setup = try APNsSetup()
        let tokens = APNsSetup.tokens(200)
        var message = PushMessage(alert: .init(title: "Hi", body: "There"), customData: ["orderID": "A-1042"])
        message.collapseID = "order"
        let results = try await setup.sender(AsyncHTTPClientTransport()).send(message, to: .deviceTokens(tokens))
        #expect(results.count == 200)
        #expect(results.allSatisfy { $0.messageID != nil && $0.attempts == 1 })
        let requests = setup.emulator.requests
        #expect(requests.count == 200)
        #expect(requests.allSatisfy { $0["protocol"] == "HTTP/2" && $0["answer"] == 200 })
        // 100 in flight, multiplexed: the pool opened one connection.
        #expect(Set(requests.compactMap { $0["connection"]?.integerValue }).count == 1)
        let first = try #require(requests.first)
        #expect(first["headers"]?["apns-topic"] == "com.example.app")
        #expect(first["headers"]?["apns-collapse-id"] == "order")
        #expect(first["headers"]?["authorization"]?.stringValue?.hasPrefix("bearer ") == true)
        #expect(first["body"] == ["aps": ["alert": ["title": "Hi", "body": "There"]], "orderID": "A-1042"])
        #expect(Set(setup.emulator.deliveries) == Set(results.compactMap(\.messageID)))
    }

    /// A server that answers 200 before it reads the body, then resets the stream with NO_ERROR
    /// (RFC 9113 §8.1): every answer is an answer, nothing is retried, each notification is
    /// delivered once. (60: SwiftNIO's HTTP/2 closes a connection after 200 "glitches", stream
    /// resets among them, its defence against "rapid reset"; 150 early answers at 16 in flight
    /// already lost a connection in some runs: see the README.)
    @Test func anEarlyAnswerIsAnAnswerAndNothingIsSentTwice() async throws {
        let setup = try APNsSetup(script: #"{"earlyAnswer": true}"#)
        let tokens = APNsSetup.tokens(60)
        let results = try await setup.sender(AsyncHTTPClientTransport(), inFlight: 16).send(
            PushMessage(alert: .init(body: "early")), to: .deviceTokens(tokens))
        #expect(results.filter { $0.messageID != nil }.count == 60)
        #expect(results.allSatisfy { $0.attempts == 1 })
        #expect(setup.sleeper.waits == 0)
        let requests = setup.emulator.requests
        #expect(requests.count == 60)
        #expect(requests.allSatisfy { $0["early"] == true })
        // The client was still sending the body when the answer came (the emulator's window is
        // 16 bytes once the client has its settings): the early answer really was early.
        #expect(requests.filter { $0["bodyUnsent"] == true }.count > 40)
        #expect(setup.emulator.deliveries.count == 60)
        #expect(Set(setup.emulator.deliveries).count == 60)
    }

    /// The connection dropped before APNs accepted: the transport says the connection was lost,
    /// the sender retries under the same apns-id on a new connection, one delivery. (A retry
    /// may meet the dropped connection before the pool has seen it close: then it is lost too,
    /// and the next goes out on a new connection.)
    @Test func aDroppedConnectionIsRetriedUnderTheSameAPNsID() async throws {
        let token = APNsSetup.tokens(1)[0]
        let setup = try APNsSetup(script: #"{"answers": {"\#(token.revealed)": [{"action": "drop"}]}}"#)
        let results = try await setup.sender(AsyncHTTPClientTransport()).send(PushMessage(alert: .init(body: "x")), to: .deviceTokens([token]))
        #expect(results[0].messageID != nil)
        #expect(results[0].attempts >= 2)
        let requests = setup.emulator.requests
        #expect(requests.count == 2)
        #expect(requests.first?["answer"] == "dropped")
        #expect(requests.last?["answer"] == 200)
        #expect(Set(requests.compactMap { $0["headers"]?["apns-id"]?.stringValue }).count == 1)
        #expect(Set(requests.compactMap { $0["connection"]?.integerValue }).count == 2)
        #expect(setup.emulator.deliveries.count == 1)
    }

    /// With no retry allowed, a dropped connection is reported as `connectionLost`: the request
    /// may have arrived (here APNs had accepted it).
    @Test func aConnectionDroppedAfterAcceptanceIsReportedAsLost() async throws {
        let token = APNsSetup.tokens(1)[0]
        let setup = try APNsSetup(script: #"{"answers": {"\#(token.revealed)": [{"action": "drop-after-accept"}]}}"#)
        let results = try await setup.sender(AsyncHTTPClientTransport(), policy: .never).send(
            PushMessage(alert: .init(body: "x")), to: .deviceTokens([token]))
        guard case .failed(let failure) = results[0].outcome else {
            Issue.record("\(results)")
            return
        }
        #expect(failure.code == PushTransportError.Kind.connectionLost.rawValue)
        #expect(setup.emulator.deliveries.count == 1)
    }

    /// A server that does not answer in time: the request's deadline ends it as `timedOut`.
    @Test func everyRequestHasADeadline() async throws {
        let token = APNsSetup.tokens(1)[0]
        let setup = try APNsSetup(script: #"{"answers": {"\#(token.revealed)": [{"action": "slow", "seconds": 30}]}}"#)
        let transport = AsyncHTTPClientTransport(timeout: .milliseconds(500))
        let results = try await setup.sender(transport, policy: .never).send(PushMessage(alert: .init(body: "x")), to: .deviceTokens([token]))
        guard case .failed(let failure) = results[0].outcome else {
            Issue.record("\(results)")
            return
        }
        #expect(failure.code == PushTransportError.Kind.timedOut.rawValue)
        // The token is in the URL: no error message carries it.
        #expect(!failure.message.contains(token.revealed))
    }
}
