import EmulatorSupport
import PushBridge
import PushBridgeJPushServer
import PushBridgeServer
import Testing

/// The JPush sender against the local JPush (Emulators/jpush_emulator.py) over real HTTP on
/// loopback: the exact requests, the typed results, retries and the cid's idempotency.
@Suite(.enabled(if: EmulatorProcess.python != nil, "needs python3 for the emulator"))
struct JPushEmulatorTests {
    static let appKey: SecretText = "5a6e94518f6bd85ba173cf77"
    static let masterSecret: SecretText = "0123456789abcdef01234567"

    static func emulator(_ script: String? = nil) throws -> EmulatorProcess {
        try EmulatorProcess(
            "jpush_emulator.py", arguments: ["--app-key", appKey.revealed, "--master-secret", masterSecret.revealed], scriptJSON: script)
    }

    static func sender(_ emulator: EmulatorProcess, _ sleeper: RecordingSleeper, timeout: Double = 10) -> JPushSender {
        JPushSender(appKey: appKey, masterSecret: masterSecret, options: .emulated(.jpush, at: emulator.baseURL, sleeper: sleeper, timeout: timeout))
    }

    @Test func aPushIsAcceptedWithItsMessageIDAndTheRequestIsExact() async throws {
        let emulator = try Self.emulator()
        let results = try await Self.sender(emulator, RecordingSleeper()).send(
            PushMessage(alert: .init(title: "Hi", body: "There"), badge: 1, customData: ["k": "v"]), to: .registrationIDs(["1a0018970a9b2c3d4e5"]))
        #expect(results.count == 1)
        let messageID = try #require(results[0].messageID)
        let requests = emulator.requests
        try #require(requests.map(\.method) == ["GET", "POST"])
        #expect(requests[0].path == "/v3/push/cid?count=1&type=push")
        let push = requests[1]
        #expect(push.path == "/v3/push")
        #expect(push.header("authorization") == "Basic NWE2ZTk0NTE4ZjZiZDg1YmExNzNjZjc3OjAxMjM0NTY3ODlhYmNkZWYwMTIzNDU2Nw==")
        #expect(push.header("content-type") == "application/json")
        let body = try #require(push.body?.objectValue)
        #expect(body["audience"] == ["registration_id": ["1a0018970a9b2c3d4e5"]])
        #expect(body["notification"] == ["ios": ["alert": ["title": "Hi", "body": "There"], "badge": 1, "extras": ["k": "v"]]])
        #expect(body["options"]?["sendno"] == 1)
        #expect(body["cid"]?.stringValue?.hasPrefix(Self.appKey.revealed + "-") == true)
        #expect(emulator.deliveries.map(\.key) == [messageID])
    }

    /// 1011: no target satisfies the audience. JPush does not say the ID is gone (a device that
    /// has not uploaded its APNs token yet gets it too): not dead, a distinct outcome.
    @Test func anUnmatchedIDIsRejectedAsMatchingNothingNotDead() async throws {
        let emulator = try Self.emulator(#"{"unregistered": ["gone0000000000001"]}"#)
        let results = try await Self.sender(emulator, RecordingSleeper()).send(
            PushMessage(alert: .init(body: "x")), to: .registrationIDs(["gone0000000000001"]))
        guard case .rejected(let rejection) = results[0].outcome else {
            Issue.record("\(results)")
            return
        }
        #expect(rejection.status == 400)
        #expect(rejection.code == "1011")
        #expect(!results[0].tokenIsDead)
        #expect(results[0].audienceMatchedNothing)
        #expect(results[0].attempts == 1)
    }

    /// 1000 (internal error) is retried after the backoff; then accepted, one delivery.
    @Test func anInternalErrorIsRetriedWithBackoff() async throws {
        let emulator = try Self.emulator(#"{"answers": {"abc0000000000001": [{"status": 500, "code": 1000}, {"status": 503, "code": 1030}]}}"#)
        let sleeper = RecordingSleeper()
        let results = try await Self.sender(emulator, sleeper).send(PushMessage(alert: .init(body: "x")), to: .registrationIDs(["abc0000000000001"]))
        #expect(results[0].messageID != nil)
        #expect(results[0].attempts == 3)
        #expect(sleeper.delays.count == 2)
        #expect(sleeper.delays[0] < sleeper.delays[1])  // 0.5 then 1.0 at the jitter's ceiling
        #expect(emulator.deliveries.count == 1)
    }

    /// 429 waits X-Rate-Limit-Reset seconds before the next attempt.
    @Test func theRateLimitsResetIsHonoured() async throws {
        // A fixed reset: what the test expects does not depend on how fast it runs (TSan, a busy machine).
        let emulator = try Self.emulator(#"{"rateLimit": 1, "rateLimitReset": 30}"#)
        let sleeper = RecordingSleeper()
        let sender = Self.sender(emulator, sleeper)
        // The cid request and the first push use the window's quota; the second push is refused.
        _ = try await sender.send(PushMessage(alert: .init(body: "1")), to: .registrationIDs(["abc0000000000001"]))
        let results = try await sender.send(PushMessage(alert: .init(body: "2")), to: .registrationIDs(["abc0000000000001"]))
        #expect(sleeper.delays.allSatisfy { $0 >= 1 })  // the reset, not the 0.5 s backoff
        #expect(!sleeper.delays.isEmpty)
        let refused = emulator.requests.filter { $0.answer == 429 }
        #expect(!refused.isEmpty)
        if case .failed(let rejection) = results[0].outcome { #expect(rejection.code == "2002") }
    }

    /// An answer that says none are left in the window makes the next request wait for the reset
    /// first, instead of being refused with 429.
    @Test func noneLeftInTheWindowWaitsForTheResetBeforeTheNextRequest() async throws {
        let emulator = try Self.emulator(#"{"rateLimit": 2, "rateLimitReset": 30}"#)
        let sleeper = RecordingSleeper()
        let sender = Self.sender(emulator, sleeper)
        let results = try await sender.send(PushMessage(alert: .init(body: "1")), to: .registrationIDs(["abc0000000000001"]))
        #expect(results[0].messageID != nil)
        #expect(emulator.requests.last?.answer == 200)
        #expect(sleeper.delays.isEmpty)
        // The cid request and the push used the window: the next request first waits the reset.
        _ = try await sender.send(PushMessage(alert: .init(body: "2")), to: .registrationIDs(["abc0000000000001"]))
        // The announced 30 s, less the moments between that answer and this request.
        let delay = sleeper.delays.first ?? 0
        #expect(delay >= 1 && delay <= 30)
    }

    /// The connection drops after JPush took the push: the retry carries the same cid, JPush
    /// answers the first result, the device gets it once.
    @Test func aDroppedAnswerIsRetriedWithTheSameCidAndDeliveredOnce() async throws {
        let emulator = try Self.emulator(#"{"answers": {"abc0000000000001": [{"action": "drop-after-accept"}]}}"#)
        let results = try await Self.sender(emulator, RecordingSleeper()).send(
            PushMessage(alert: .init(body: "x")), to: .registrationIDs(["abc0000000000001"]))
        let pushes = emulator.requests.filter { $0.method == "POST" }
        try #require(pushes.count == 2)
        #expect(pushes[0].body?["cid"] == pushes[1].body?["cid"])
        #expect(results[0].attempts == 2)
        #expect(emulator.deliveries.count == 1)
        #expect(results[0].messageID == emulator.deliveries.first?.key)
    }

    /// A slow server is a timeout; the retry's cid keeps it to one delivery.
    @Test func aSlowServerTimesOutAndIsRetriedOnce() async throws {
        let emulator = try Self.emulator(#"{"answers": {"abc0000000000001": [{"action": "slow", "seconds": 3}]}}"#)
        let results = try await Self.sender(emulator, RecordingSleeper(), timeout: 1).send(
            PushMessage(alert: .init(body: "x")), to: .registrationIDs(["abc0000000000001"]))
        #expect(results[0].messageID != nil)
        #expect(results[0].attempts == 2)
        #expect(emulator.deliveries.count == 1)
    }

    @Test func wrongCredentialsAreRejectedNotRetried() async throws {
        let emulator = try Self.emulator()
        let sender = JPushSender(
            appKey: Self.appKey, masterSecret: "wrong-secret-000000000000",
            options: .emulated(.jpush, at: emulator.baseURL, sleeper: RecordingSleeper()))
        let results = try await sender.send(PushMessage(alert: .init(body: "x")), to: .aliases(["ada"]))
        guard case .rejected(let rejection) = results[0].outcome else {
            Issue.record("\(results)")
            return
        }
        #expect(rejection.code == "1004")
        #expect(!"\(results)".contains("wrong-secret"))
    }

    /// 2,500 registration IDs: three pushes of at most 1,000, every target reported once.
    @Test func aLargeAudienceIsSplitAndEveryTargetReportedOnce() async throws {
        let emulator = try Self.emulator()
        let ids = (0..<2_500).map { SecretText(String(format: "id%014d", $0)) }
        // The streaming form: every report call counted, so a target reported twice would show.
        let reported = Locked<[PushSendResult]>([])
        try await Self.sender(emulator, RecordingSleeper()).send(PushMessage(alert: .init(body: "x")), to: .registrationIDs(ids)) { result in
            reported.withLock { $0.append(result) }
        }
        let results = reported.withLock { $0 }
        #expect(results.count == 2_500)
        #expect(Set(results.map(\.target)).count == 2_500)
        #expect(Set(results.compactMap(\.messageID)).count == 3)
        #expect(emulator.requests.filter { $0.method == "POST" }.count == 3)
        #expect(emulator.requests.first?.path == "/v3/push/cid?count=3&type=push")
    }
}
