import PushBridge
import PushBridgeJPush
import PushBridgeJPushTesting
import PushBridgeProviderKit
import PushBridgePushKit
import PushBridgeTesting
import Testing

/// VoIP and Live Activity tokens through JPush (`JPUSHService.h` 5.7.0/5.9.0 L265-310).
@Suite struct JPushVoIPAndLiveActivityTests {
    static let token: [UInt8] = [0xde, 0xad, 0xbe, 0xef, 0x01, 0x02, 0x03, 0x04, 0x0a, 0x0b]

    static func make(consent: PrivacyConsent? = .granted) throws -> (MockJPushBridge, PushClient) {
        let bridge = MockJPushBridge()
        let provider = JPushProvider(settings: JPushHarness.settings, bridge: bridge, scheduler: ManualScheduler(), sdkThread: .calling)
        if let consent { try provider.setPrivacyConsent(consent) }
        return (bridge, PushClient(provider: provider))
    }

    static func pushKitCalls(_ bridge: MockJPushBridge) -> [String] {
        bridge.calls.compactMap { call in
            switch call {
            case .registerVoipToken, .handleVoipNotification, .registerLiveActivity, .registerPushToStart: "\(call)"
            default: nil
            }
        }
    }

    @Test func theVoIPTokenAndEachVoIPPushReachJPush() async throws {
        let (bridge, client) = try Self.make()
        #expect(client.activeProvider?.capabilities.isSuperset(of: [.voip, .liveActivities, .liveActivityPushToStart]) == true)
        client.didUpdateVoIPToken(Self.token)
        await confirmation(expectedCount: 1) { completed in
            client.handleVoIPPush(["caller": "Ada", "uuid": "A1"], completion: { completed() }) { _, reported in reported(nil) }
        }
        #expect(Self.pushKitCalls(bridge) == ["registerVoipToken(••••0a0b)", "handleVoipNotification(keys: 2)"])
        #expect(bridge.calls.contains(.registerVoipToken(SecretText("deadbeef010203040a0b"))))
    }

    @Test func liveActivityTokensReachJPushWithNilWhenTheActivityEnds() async throws {
        let (bridge, client) = try Self.make()
        client.didUpdateLiveActivityToken(Self.token, activityID: "order-42")
        client.didUpdatePushToStartToken(Self.token, attributesType: "DeliveryAttributes")
        client.didEndLiveActivity(activityID: "order-42")
        #expect(
            Self.pushKitCalls(bridge) == [
                "registerLiveActivity(order-42, pushToken: ••••0a0b, seq: 1)",
                "registerLiveActivity(DeliveryAttributes, pushToStartToken: ••••0a0b, seq: 2)",
                "registerLiveActivity(order-42, pushToken: nil, seq: 3)",
            ])
    }

    @Test func aFailureCodeOrAnSDKWithoutPushToStartIsAnEvent() async throws {
        let (bridge, client) = try Self.make()
        bridge.liveActivityResultCode = 6002
        bridge.hasPushToStart = false
        client.didUpdateLiveActivityToken(Self.token, activityID: "order-42")
        client.didUpdatePushToStartToken(Self.token, attributesType: "DeliveryAttributes")
        var failures: [PushKitEvent.ForwardingFailure] = []
        for await event in client.pushKitEvents() {
            if case .tokenForwardingFailed(let failure) = event { failures.append(failure) }
            if failures.count == 2 { break }
        }
        #expect(failures.map(\.kind) == [.liveActivity(activityID: "order-42"), .pushToStart(attributesType: "DeliveryAttributes")])
        #expect(failures[0].error.vendorCode == JPushResultCode.vendorCode(6002))
        #expect(failures[1].error.code == .unsupported)
        #expect(failures.allSatisfy { !"\($0)".contains("deadbeef") })
    }

    @Test func nothingReachesJPushBeforeConsent() throws {
        let (bridge, client) = try Self.make(consent: nil)
        client.didUpdateVoIPToken(Self.token)
        client.handleVoIPPush([:], completion: {}) { _, reported in reported(nil) }
        client.didUpdateLiveActivityToken(Self.token, activityID: "a")
        #expect(Self.pushKitCalls(bridge).isEmpty)
    }
}
