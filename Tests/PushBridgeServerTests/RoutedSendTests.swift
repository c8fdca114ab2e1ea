import EmulatorSupport
import PushBridge
import PushBridgeAPNsServer
import PushBridgeGetuiServer
import PushBridgeJPushServer
import PushBridgeServer
import Testing

/// A mixed audience in one send (issue 46): each target through its provider's sender, the
/// results in one list in the order the targets were given.
@Suite(.enabled(if: EmulatorProcess.python != nil, "needs python3 for the emulators"))
struct RoutedSendTests {
    @Test func aMixedAudienceIsRoutedPerProviderAndAnsweredInInputOrder() async throws {
        let jpush = try JPushEmulatorTests.emulator()
        let getui = try GetuiEmulatorTests.emulator()
        let router = RoutedPushSender([
            JPushEmulatorTests.sender(jpush, RecordingSleeper()), GetuiEmulatorTests.sender(getui),
        ])
        let targets: [RoutedPushTarget] = [
            .jpush(registrationID: "1a0018970a9b2c3d4e5"), .getui(clientID: "1d4a1b3c5e7f9a0b2c4d6e8f0a1b3c5d"),
            .jpush(registrationID: "1a0018970a9b2c3d4e6"), .getui(clientID: "1d4a1b3c5e7f9a0b2c4d6e8f0a1b3c5e"),
            RoutedPushTarget(.jpush, PushTarget(kind: .tags, id: "vip,beta")),
        ]
        let results = try await router.send(PushMessage(alert: .init(body: "x")), to: targets)
        #expect(results.map(\.target) == targets.map(\.target))
        #expect(results.allSatisfy { $0.messageID != nil }, "\(results)")
        let jpushPushes = jpush.requests.filter { $0.method == "POST" }
        #expect(jpushPushes.count == 2, "the two registration IDs in one push, the tags in another")
        #expect(jpushPushes.contains { $0.body?["audience"] == ["registration_id": ["1a0018970a9b2c3d4e5", "1a0018970a9b2c3d4e6"]] })
        #expect(jpushPushes.contains { $0.body?["audience"] == ["tag": ["vip", "beta"]] })
        #expect(getui.requests.contains { $0.path.hasSuffix("/push/list/cid") })
    }

    /// Nothing is sent when a provider of the audience has no sender, or cannot carry the
    /// message: the error names the target or the field, with the provider.
    @Test func anAudienceAProviderCannotTakeSendsNothing() async throws {
        let jpush = try JPushEmulatorTests.emulator()
        let router = RoutedPushSender([JPushEmulatorTests.sender(jpush, RecordingSleeper())])
        await #expect(throws: PushError.self) {
            _ = try await router.send(
                PushMessage(alert: .init(body: "x")), to: [.jpush(registrationID: "1a0018970a9b2c3d4e5"), .getui(clientID: "c1")])
        }
        var message = PushMessage(alert: .init(body: "x"))
        message.relevanceScore = 0.5  // JPush has no field for it
        do {
            _ = try await router.send(message, to: [.jpush(registrationID: "1a0018970a9b2c3d4e5")])
            Issue.record("sent a message JPush cannot carry")
        } catch {
            #expect(error.field == "relevanceScore")
            #expect(error.message.hasPrefix("jpush: "))
        }
        #expect(jpush.requests.isEmpty)
    }
}
