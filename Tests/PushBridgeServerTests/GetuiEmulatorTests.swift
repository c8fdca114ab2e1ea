import EmulatorSupport
import PushBridge
import PushBridgeGetuiServer
import PushBridgeServer
import Testing

/// The Getui sender against the local Getui (Emulators/getui_emulator.py) over real HTTP on
/// loopback: the signed auth, the token's lifecycle, single and list pushes, dead client IDs and
/// the request_id's idempotency.
@Suite(.enabled(if: EmulatorProcess.python != nil, "needs python3 for the emulator"))
struct GetuiEmulatorTests {
    static let appID: SecretText = "djYjSlFVMf6p5YOy2OQUs8"
    static let appKey: SecretText = "hPJ4a0Gr4r7QjWmTwxoNF2"
    static let masterSecret: SecretText = "kYnqvnKQ5lA4IDhlMtDj07"
    static let cid: SecretText = "1d4a1b3c5e7f9a0b2c4d6e8f0a1b3c5d"

    static func emulator(_ script: String? = nil) throws -> EmulatorProcess {
        try EmulatorProcess(
            "getui_emulator.py", arguments: ["--app-id", appID.revealed, "--app-key", appKey.revealed, "--master-secret", masterSecret.revealed],
            scriptJSON: script)
    }

    static func sender(_ emulator: EmulatorProcess, _ sleeper: RecordingSleeper = RecordingSleeper(), masterSecret: SecretText = masterSecret)
        -> GetuiSender
    {
        GetuiSender(appID: appID, appKey: appKey, masterSecret: masterSecret, options: .emulated(.getui, at: emulator.baseURL, sleeper: sleeper))
    }

    @Test func aSignedAuthThenASinglePushAcceptedWithItsTaskID() async throws {
        let emulator = try Self.emulator()
        let results = try await Self.sender(emulator).send(
            PushMessage(alert: .init(title: "Hi", body: "There"), badge: 3), to: .clientIDs([Self.cid]))
        let taskID = try #require(results.first?.messageID)
        let requests = emulator.requests
        try #require(requests.count == 2)
        #expect(requests[0].path == "/v2/\(Self.appID.revealed)/auth")
        let auth = try #require(requests[0].body?.objectValue)
        let timestamp = try #require(auth["timestamp"]?.stringValue)
        #expect(auth["sign"]?.stringValue == SHA256.hexDigest(Self.appKey.revealed + timestamp + Self.masterSecret.revealed))
        #expect(auth["appkey"]?.stringValue == Self.appKey.revealed)
        #expect(requests[1].path == "/v2/\(Self.appID.revealed)/push/single/cid")
        #expect(requests[1].header("token")?.count == 32)
        #expect(requests[1].body?["push_channel"]?["ios"]?["auto_badge"] == "3")
        #expect(emulator.deliveries.map(\.key) == [taskID])
    }

    /// One token serves every push until it expires; 10001 makes a new one, once.
    @Test func anExpiredTokenIsReplacedOnceAndThePushRetried() async throws {
        let emulator = try Self.emulator(#"{"expireTokensAfter": 1}"#)
        let sender = Self.sender(emulator)
        let first = try await sender.send(PushMessage(alert: .init(body: "1")), to: .clientIDs([Self.cid]))
        let second = try await sender.send(PushMessage(alert: .init(body: "2")), to: .clientIDs([Self.cid]))
        #expect(first[0].messageID != nil)
        #expect(second[0].messageID != nil)
        #expect(second[0].attempts == 2)
        let paths = emulator.requests.map { $0.path.split(separator: "/").dropFirst(2).joined(separator: "/") }
        #expect(paths == ["auth", "push/single/cid", "push/single/cid", "auth", "push/single/cid"])
        #expect(emulator.deliveries.count == 2)
    }

    @Test func anInvalidClientIDIsRejectedAsDead() async throws {
        let emulator = try Self.emulator(#"{"invalid": ["\#(Self.cid.revealed)"]}"#)
        let results = try await Self.sender(emulator).send(PushMessage(alert: .init(body: "x")), to: .clientIDs([Self.cid]))
        guard case .rejected(let rejection) = results[0].outcome else {
            Issue.record("\(results)")
            return
        }
        #expect(rejection.code == "20001")
        #expect(rejection.message == "target user is invalid")
        #expect(results[0].tokenIsDead)
    }

    /// Several client IDs: a task, then the list push; one result per client ID.
    @Test func aListPushReportsEveryClientID() async throws {
        let emulator = try Self.emulator()
        let cids = (0..<3).map { SecretText("cid\($0)000000000000000000000000000") }
        let results = try await Self.sender(emulator).send(PushMessage(alert: .init(body: "x")), to: .clientIDs(cids))
        #expect(results.map(\.target.id) == cids)
        #expect(Set(results.compactMap(\.messageID)).count == 1)
        let paths = emulator.requests.map { $0.path.split(separator: "/").dropFirst(2).joined(separator: "/") }
        #expect(paths == ["auth", "push/list/message", "push/list/cid"])
        #expect(emulator.requests.last?.body?["is_async"] == false)
    }

    /// The connection drops after Getui took the push: the retry carries the same request_id,
    /// Getui drops the repeat, the device gets it once.
    @Test func aDroppedAnswerIsRetriedWithTheSameRequestIDAndDeliveredOnce() async throws {
        let emulator = try Self.emulator(#"{"answers": {"\#(Self.cid.revealed)": [{"action": "drop-after-accept"}]}}"#)
        let results = try await Self.sender(emulator).send(PushMessage(alert: .init(body: "x")), to: .clientIDs([Self.cid]))
        let pushes = emulator.requests.filter { $0.path.hasSuffix("/push/single/cid") }
        try #require(pushes.count == 2)
        #expect(pushes[0].body?["request_id"] == pushes[1].body?["request_id"])
        #expect(results[0].messageID != nil)
        #expect(emulator.deliveries.count == 1)
    }

    @Test func aWrongMasterSecretFailsTheSendBeforeAnyPushNamingTheKey() async throws {
        let emulator = try Self.emulator()
        await #expect {
            _ = try await Self.sender(emulator, masterSecret: "wrongwrongwrongwrong00").send(
                PushMessage(alert: .init(body: "x")), to: .clientIDs([Self.cid]))
        } throws: { error in
            (error as? PushError)?.field == "server.getui.masterSecret" && !"\(error)".contains("wrongwrong")
        }
        #expect(emulator.requests.allSatisfy { $0.path.hasSuffix("/auth") })
    }

    @Test func tagsAndEveryoneUseTheirOwnAPIs() async throws {
        let emulator = try Self.emulator()
        let sender = Self.sender(emulator)
        let tagged = try await sender.send(PushMessage(alert: .init(body: "x")), to: .tags(["vip", "beta"]))
        let all = try await sender.send(PushMessage(alert: .init(body: "x")), to: .everyone)
        // The task ID is data.taskid's value (getui-pushapi-java-client-v2 TaskIdDTO), not the key.
        let taggedID = try #require(tagged[0].messageID)
        let allID = try #require(all[0].messageID)
        #expect(taggedID != "taskid")
        #expect(emulator.deliveries.map(\.key) == [taggedID, allID])
        let bodies = emulator.requests.filter { !$0.path.hasSuffix("/auth") }
        #expect(bodies.map { $0.path.split(separator: "/").suffix(2).joined(separator: "/") } == ["push/tag", "push/all"])
        #expect(bodies[0].body?["audience"] == ["tag": [["key": "custom_tag", "values": ["vip", "beta"], "opt_type": "or"]]])
        #expect(bodies[1].body?["audience"] == "all")
    }
}
