import Foundation
import PushBridgeAPNsTesting
import PushBridgeFCM
import PushBridgeFCMTesting
import PushBridgeJPush
import PushBridgeJPushTesting
import PushBridgeProviderKit
import PushBridgeTesting
import Testing

@testable import PushBridge

/// JPush in mainland China, FCM everywhere else: one `push.json` whose `markets` give China's
/// storefront to JPush, the provider chosen at each launch (`OneBinaryForChinaAndAbroad`), the
/// other SDK never called.
@Suite struct FCMTwoMarketsTests {
    static let file = #"""
        {"provider": "fcm", "fcm": {"projectId": "my-app-1a2b3"}, "markets": {"CHN": "jpush"}, "jpush": {"appKey": "5a6e94518f6bd85ba173cf77"}}
        """#

    struct Launch {
        var active: PushAdapter.Active?
        var events: [PushEvent]
        var fcmCalls: [MockFCMBridge.Call]
        var jpushCalls: [MockJPushBridge.Call]
        var registered: [PushEvent.Registration] {
            events.compactMap {
                if case .registered(let registration) = $0 { return registration }
                return nil
            }
        }
    }

    static func launch(storefront: String) async -> Launch {
        let fcm = MockFCMBridge(identifier: "fcm-token-abroad")
        let jpush = MockJPushBridge(registrationID: "1a0018970a1b2c3d4e5")
        let adapters: [PushAdapter] = [.fcm(system: MockAPNsBridge(grants: true), bridge: { fcm }), .jpush(bridge: { jpush })]
        let launch = LaunchContext(storefront: { storefront }, environment: .production) { _ in nil }
        let events: PushEventStream
        let active: PushAdapter.Active?
        do {  // the client goes away at the end of the scope, which ends its stream
            let client = PushClient(configurationJSON: Array(file.utf8), adapters: adapters, options: PushClientOptions(), launch: launch)
            events = client.events()
            client.start(consent: .granted)
            client.didRegisterForRemoteNotifications(deviceToken: Array(repeating: 0xAB, count: 32))
            jpush.trigger(.network(.didLogin))
            active = client.activeProvider
        }
        return Launch(active: active, events: await events.collected(), fcmCalls: fcm.calls, jpushCalls: jpush.calls)
    }

    @Test("in mainland China's storefront JPush registers and FirebaseMessaging is never called")
    func china() async {
        let launch = await Self.launch(storefront: "CHN")
        #expect(launch.active?.id == .jpush)
        #expect(launch.registered.map(\.provider) == [.jpush], "\(launch.events)")
        #expect(launch.fcmCalls.isEmpty)
    }

    @Test("elsewhere FCM registers once, with the production APNs type, topics as its only command, and JPush is never called")
    func abroad() async {
        let launch = await Self.launch(storefront: "USA")
        #expect(launch.active?.id == .fcm)
        #expect(launch.active?.capabilities == [.tags])
        #expect(launch.registered.map(\.identifier.revealed) == ["fcm-token-abroad"], "\(launch.events)")
        #expect(launch.fcmCalls.contains(.setAPNSToken(SecretText(String(repeating: "ab", count: 32)), .prod)))
        #expect(launch.jpushCalls.isEmpty)
    }
}
