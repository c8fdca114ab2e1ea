import PushBridge
import PushBridgeGetui
import PushBridgeGetuiTesting
import PushBridgeProviderKit
import PushBridgePushKit
import PushBridgeTesting
import Testing

/// VoIP and Live Activity tokens through Getui (`GeTuiSdk.h` 3.1.0.0 L146-188, L292, L514-526).
@Suite struct GetuiVoIPAndLiveActivityTests {
    static let token: [UInt8] = [0xde, 0xad, 0xbe, 0xef, 0x01, 0x02, 0x03, 0x04, 0x0a, 0x0b]
    static let hex = "deadbeef010203040a0b"

    static func make(consent: PrivacyConsent? = .granted) throws -> (MockGetuiBridge, PushClient) {
        let bridge = MockGetuiBridge()
        let provider = GetuiProvider(settings: GetuiHarness.settings, bridge: bridge, scheduler: ManualScheduler(), sdkThread: .calling)
        if let consent { try provider.setPrivacyConsent(consent) }
        return (bridge, PushClient(provider: provider))
    }

    static func pushKitCalls(_ bridge: MockGetuiBridge) -> [String] {
        bridge.calls.compactMap { call in
            switch call {
            case .registerVoipToken, .handleVoipNotification, .registerLiveActivity, .registerPushToStart: "\(call)"
            default: nil
            }
        }
    }

    @Test func tokensAndVoIPPushesReachGetuiAsItsHeaderTakesThem() async throws {
        let (bridge, client) = try Self.make()
        client.didUpdateVoIPToken(Self.token)
        client.handleVoIPPush(["caller": "Ada"], completion: {}) { _, reported in reported(nil) }
        client.didUpdateLiveActivityToken(Self.token, activityID: "order-42")
        client.didUpdatePushToStartToken(Self.token, attributesType: "DeliveryAttributes")
        client.didEndLiveActivity(activityID: "order-42")  // Getui has no call for it
        #expect(
            Self.pushKitCalls(bridge) == [
                "registerVoipTokenCredentials(••••0a0b)", "handleVoipNotification(keys: 1)",
                "registerLiveActivity(order-42, activityToken: ••••0a0b, sn: la-1)",
                "registerLiveActivity(DeliveryAttributes, pushToStartToken: ••••0a0b, sn: la-2)",
            ])
        #expect(bridge.calls.contains(.registerLiveActivity(id: "order-42", token: SecretText(Self.hex), sequenceNum: "la-1")))
    }

    @Test func refusalsBecomeEvents() async throws {
        let (bridge, client) = try Self.make()
        bridge.acceptsVoipToken = false
        bridge.liveActivityResult = false
        client.didUpdateVoIPToken(Self.token)
        client.didUpdateLiveActivityToken(Self.token, activityID: "order-42")
        bridge.liveActivityResult = nil
        bridge.hasPushToStart = false
        client.didUpdatePushToStartToken(Self.token, attributesType: "DeliveryAttributes")
        var failures: [PushKitEvent.ForwardingFailure] = []
        for await event in client.pushKitEvents() {
            if case .tokenForwardingFailed(let failure) = event { failures.append(failure) }
            if failures.count == 3 { break }
        }
        #expect(failures.map(\.kind) == [.voip, .liveActivity(activityID: "order-42"), .pushToStart(attributesType: "DeliveryAttributes")])
        #expect(failures[1].error.vendorCode?.domain == "GetuiErrorDomain")
        #expect(failures.allSatisfy { !"\($0)".contains(Self.hex) })
    }

    @Test func beforeConsentNothingReachesGetuiAndTheAppIsTold() async throws {
        let (bridge, client) = try Self.make(consent: nil)
        client.didUpdateVoIPToken(Self.token)
        client.handleVoIPPush([:], completion: {}) { _, reported in reported(nil) }
        #expect(Self.pushKitCalls(bridge).isEmpty)
        var iterator = client.pushKitEvents().makeAsyncIterator()
        guard case .tokenForwardingFailed(let failure) = await iterator.next() else {
            Issue.record("no failure event")
            return
        }
        #expect(failure.error.code == .consentRequired)
    }
}
