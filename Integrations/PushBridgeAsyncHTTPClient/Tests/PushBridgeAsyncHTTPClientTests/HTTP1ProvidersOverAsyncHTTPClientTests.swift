import PushBridge
import PushBridgeAsyncHTTPClient
import PushBridgeGetuiServer
import PushBridgeJPushServer
import PushBridgeServer
import Testing

/// JPush's and Getui's senders on ``AsyncHTTPClientTransport`` against their local emulators
/// (HTTP/1.1 on loopback; their real hosts are HTTPS): the same requests as on `URLSession`,
/// kept-alive connections, a dropped connection retried without a second delivery.
@Suite(.enabled(if: Emulator.python != nil, "needs python3 for the emulators"))
struct HTTP1ProvidersOverAsyncHTTPClientTests {
    static let jpushKey: SecretText = "5a6e94518f6bd85ba173cf77"
    static let jpushSecret: SecretText = "0123456789abcdef01234567"
    static let getuiID: SecretText = "djYjSlFVMf6p5YOy2OQUs8"
    static let getuiKey: SecretText = "hPJ4a0Gr4r7QjWmTwxoNF2"
    static let getuiSecret: SecretText = "kYnqvnKQ5lA4IDhlMtDj07"

    static func options(_ provider: PushProviderID, _ emulator: Emulator, _ sleeper: CountingSleeper) -> PushSenderOptions {
        PushSenderOptions(
            transport: AsyncHTTPClientTransport(timeout: .seconds(10)), sleeper: sleeper, random: { 0.5 }, baseURLs: [provider: emulator.baseURL])
    }

    static func jpush(_ script: String? = nil) throws -> Emulator {
        try Emulator("jpush_emulator.py", arguments: ["--app-key", jpushKey.revealed, "--master-secret", jpushSecret.revealed], scriptJSON: script)
    }

    @Test func aJPushPushIsAcceptedAndTheRequestIsExact() async throws {
        let emulator = try Self.jpush()
        let sender = JPushSender(appKey: Self.jpushKey, masterSecret: Self.jpushSecret, options: Self.options(.jpush, emulator, CountingSleeper()))
        let results = try await sender.send(
            PushMessage(alert: .init(title: "Hi", body: "There"), badge: 1), to: .registrationIDs(["1a0018970a9b2c3d4e5"]))
        let messageID = try #require(results.first?.messageID)
        let requests = emulator.requests
        try #require(requests.compactMap { $0["method"]?.stringValue } == ["GET", "POST"])
        #expect(requests[0]["path"] == "/v3/push/cid?count=1&type=push")
        #expect(requests[1]["path"] == "/v3/push")
        #expect(requests[1]["headers"]?["authorization"] == "Basic NWE2ZTk0NTE4ZjZiZDg1YmExNzNjZjc3OjAxMjM0NTY3ODlhYmNkZWYwMTIzNDU2Nw==")
        #expect(requests[1]["body"]?["notification"] == ["ios": ["alert": ["title": "Hi", "body": "There"], "badge": 1]])
        #expect(emulator.deliveries == [messageID])
    }

    /// The connection dropped before JPush took the push: retried with the same cid, delivered
    /// once.
    @Test func aDroppedJPushConnectionIsRetriedWithTheSameCID() async throws {
        let emulator = try Self.jpush(#"{"answers": {"abc0000000000001": [{"action": "drop"}]}}"#)
        let sleeper = CountingSleeper()
        let sender = JPushSender(appKey: Self.jpushKey, masterSecret: Self.jpushSecret, options: Self.options(.jpush, emulator, sleeper))
        let results = try await sender.send(PushMessage(alert: .init(body: "x")), to: .registrationIDs(["abc0000000000001"]))
        #expect(results[0].messageID != nil)
        #expect(results[0].attempts >= 2)
        #expect(sleeper.waits == results[0].attempts - 1)
        let pushes = emulator.requests.filter { $0["method"] == "POST" }
        #expect(pushes.count == 2)
        #expect(pushes.first?["answer"] == "dropped")
        #expect(Set(pushes.compactMap { $0["body"]?["cid"]?.stringValue }).count == 1)
        #expect(emulator.deliveries.count == 1)
    }

    @Test func aGetuiPushAuthenticatesThenIsAcceptedWithItsTaskID() async throws {
        let emulator = try Emulator(
            "getui_emulator.py",
            arguments: ["--app-id", Self.getuiID.revealed, "--app-key", Self.getuiKey.revealed, "--master-secret", Self.getuiSecret.revealed])
        let sender = GetuiSender(
            appID: Self.getuiID, appKey: Self.getuiKey, masterSecret: Self.getuiSecret, options: Self.options(.getui, emulator, CountingSleeper()))
        let cid = SecretText("1d4a1b3c5e7f9a0b2c4d6e8f0a1b3c5d")
        let results = try await sender.send(
            PushMessage(alert: .init(title: "Hi", body: "There"), badge: 3), to: .clientIDs([cid, SecretText("2d4a1b3c5e7f9a0b2c4d6e8f0a1b3c5d")]))
        #expect(results.count == 2)
        let taskID = try #require(results.first?.messageID)
        let requests = emulator.requests
        #expect(requests.first?["path"]?.stringValue == "/v2/\(Self.getuiID.revealed)/auth")
        #expect(requests.dropFirst().allSatisfy { $0["headers"]?["token"]?.stringValue?.count == 32 })
        #expect(emulator.deliveries.contains(taskID))
    }
}
