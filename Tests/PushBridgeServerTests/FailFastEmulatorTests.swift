import EmulatorSupport
import PushBridge
import PushBridgeGetuiServer
import PushBridgeJPushServer
import PushBridgeServer
import Testing

/// Credentials fail fast (issue 46, item 3's first sentence): the first refusal that holds for
/// every target stops the send; the targets not yet sent are rejected with that reason and no
/// request, never once per target. Against the JPush and Getui emulators over loopback.
@Suite(.enabled(if: EmulatorProcess.python != nil, "needs python3 for the emulator"))
struct FailFastEmulatorTests {
    /// A wrong master secret (issue 46: 2,501 rejections, every chunk sent): the cid request is
    /// refused with 1004 and no push is sent.
    @Test func aWrongJPushSecretSendsNoPush() async throws {
        let emulator = try JPushEmulatorTests.emulator()
        var options = PushSenderOptions.emulated(.jpush, at: emulator.baseURL, sleeper: RecordingSleeper())
        options.maxConcurrentRequests = 2
        let sender = JPushSender(appKey: JPushEmulatorTests.appKey, masterSecret: "ffffffffffffffffffffffff", options: options)
        let ids = (0..<5_000).map { SecretText(String(format: "1a0018970a%09d", $0)) }
        let results = try await sender.send(PushMessage(alert: .init(body: "x")), to: .registrationIDs(ids))
        #expect(results.count == 5_000)
        #expect(emulator.requests.map(\.method) == ["GET"], "the cid request only, no push")
        #expect(results.allSatisfy { $0.attempts == 0 })
        for result in results.prefix(3) + results.suffix(3) {
            guard case .rejected(let rejection) = result.outcome else {
                Issue.record("not rejected: \(result)")
                return
            }
            #expect(rejection.code == "1004")
            #expect(rejection.stopsTheSend)
        }
    }

    /// A refusal of the server on a push (2004: not in the app's IP allow list): the pushes
    /// already in flight only; the other 9,000 aliases are rejected with it and no request.
    @Test func aJPushRefusalOnAPushStopsTheRest() async throws {
        let emulator = try JPushEmulatorTests.emulator(#"{"answers": {"user-00000": [{"status": 403, "code": 2004, "message": "ip not allowed"}]}}"#)
        var options = PushSenderOptions.emulated(.jpush, at: emulator.baseURL, sleeper: RecordingSleeper())
        options.maxConcurrentRequests = 1
        let sender = JPushSender(appKey: JPushEmulatorTests.appKey, masterSecret: JPushEmulatorTests.masterSecret, options: options)
        let aliases = (0..<10_000).map { SecretText(String(format: "user-%05d", $0)) }
        let results = try await sender.send(PushMessage(alert: .init(body: "x")), to: .aliases(aliases))
        #expect(results.count == 10_000)
        #expect(emulator.requests.filter { $0.method == "POST" }.count == 1)
        #expect(results.filter { $0.attempts == 0 }.count == 9_000)
        #expect(
            results.allSatisfy { result in
                if case .rejected(let rejection) = result.outcome { return rejection.code == "2004" && rejection.stopsTheSend }
                return false
            })
    }

    /// Getui's token refused (10001) again after one new token, on the first list push: the
    /// other list pushes are not sent.
    @Test func aGetuiTokenRefusedTwiceStopsTheListPushes() async throws {
        let emulator = try GetuiEmulatorTests.emulator(#"{"refuseTokensAfter": 1}"#)
        var options = PushSenderOptions.emulated(.getui, at: emulator.baseURL, sleeper: RecordingSleeper())
        options.maxConcurrentRequests = 1
        let sender = GetuiSender(
            appID: GetuiEmulatorTests.appID, appKey: GetuiEmulatorTests.appKey, masterSecret: GetuiEmulatorTests.masterSecret, options: options)
        let cids = (0..<3_000).map { SecretText(String(format: "1d4a1b3c5e7f9a0b2c4d6e8f%08d", $0)) }
        let results = try await sender.send(PushMessage(alert: .init(body: "x")), to: .clientIDs(cids))
        #expect(results.count == 3_000)
        let listPushes = emulator.requests.filter { $0.path.hasSuffix("/push/list/cid") }
        #expect(listPushes.count == 2, "one list push, and once more with a new token; not the other two")
        #expect(results.filter { $0.attempts == 0 }.count == 2_000)
        #expect(
            results.allSatisfy { result in
                if case .rejected(let rejection) = result.outcome { return rejection.code == "10001" && rejection.stopsTheSend }
                return false
            })
    }
}
