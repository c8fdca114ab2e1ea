import Foundation
import PushBridge
import PushBridgeJPush
import SDKBindingChecks
import Testing

/// JPush keeps its registration delegate without retaining it (`assign` in `libJPush.a` 5.9.0), so
/// the object it is handed must outlive every callback JPush can make. These tests hold the
/// arrangement that ensures it: JPush is handed one process-lifetime object, which forwards
/// through ``JPushRegistrationDelegateAnchor`` to the client in use, held weakly.
@Suite struct JPushDelegateOwnershipTests {
    /// A `JPushBridgeDelegate` that counts what reaches it.
    final class CountingDelegate: JPushBridgeDelegate, @unchecked Sendable {
        // @unchecked: `counts` is guarded by its lock.
        let counts = Locked<[String: Int]>([:])
        func count(_ name: String) { counts.withLock { $0[name, default: 0] += 1 } }
        subscript(_ name: String) -> Int { counts.withLock { $0[name] ?? 0 } }

        func jpushNotificationCenter(
            willPresent notification: JPushNotificationInfo, withCompletionHandler completionHandler: @escaping @Sendable (Int) -> Void
        ) {
            count("willPresent")
            completionHandler(7)
        }
        func jpushNotificationCenter(didReceive response: JPushResponseInfo, withCompletionHandler completionHandler: @escaping @Sendable () -> Void)
        {
            count("didReceive")
            completionHandler()
        }
        func jpushNotificationCenter(openSettingsFor notification: JPushNotificationInfo?) { count("openSettings") }
        func jpushNotificationAuthorization(_ status: JPushAuthorizationStatus, withInfo info: JSONObject?) { count("authorization") }
        func jpushNetworkNotification(_ name: JPushNetworkNotification, userInfo: JSONObject?) { count("network") }
        func sdkBridgeCouldNotRead(_ diagnostic: PushDiagnostic) { count("couldNotRead") }
    }

    static let note = JPushNotificationInfo.push()
    static let response = JPushResponseInfo(notification: .push(), actionIdentifier: "com.apple.UNNotificationDefaultActionIdentifier")

    @Test func aReleasedClientLeavesTheDelegateAliveAndEveryHandlerCalledOnce() async {
        let anchor = JPushRegistrationDelegateAnchor()
        weak var released: CountingDelegate?
        do {
            let client = CountingDelegate()
            anchor.attach(client)
            released = client
        }
        #expect(released == nil, "the anchor must not keep the client alive")
        #expect(anchor.delegate == nil)
        // JPush calls the delegate it holds after the client is gone: each handler runs once, neutral.
        await confirmation("willPresent's handler", expectedCount: 1) { done in
            anchor.willPresent(Self.note) { options in
                #expect(options == 0)
                done()
            }
        }
        await confirmation("didReceive's handler", expectedCount: 1) { done in anchor.didReceive(Self.response) { done() } }
        anchor.openSettings(for: nil)
        anchor.authorization(.authorized, info: nil)
    }

    @Test func aRebuiltClientTakesJPushsCallbacksOver() async {
        let anchor = JPushRegistrationDelegateAnchor()
        let first = CountingDelegate()
        let second = CountingDelegate()
        anchor.attach(first)
        anchor.attach(second)
        await confirmation(expectedCount: 1) { done in
            anchor.willPresent(Self.note) { options in
                #expect(options == 7)
                done()
            }
        }
        await confirmation(expectedCount: 1) { done in anchor.didReceive(Self.response) { done() } }
        anchor.openSettings(for: Self.note)
        anchor.authorization(.denied, info: nil)
        #expect(second["willPresent"] == 1 && second["didReceive"] == 1 && second["openSettings"] == 1 && second["authorization"] == 1)
        #expect(first.counts.withLock { $0.isEmpty }, "the replaced client hears nothing")
        #expect(anchor.delegate === second)
    }

    @Test func aProviderMadeOnTheRealBridgeShapeIsReachedAfterTheFirstIsReleased() async throws {
        // Two harnesses in turn, as an app that rebuilds its client: the anchor follows the newest.
        let anchor = JPushRegistrationDelegateAnchor()
        weak var firstProvider: JPushProvider?
        do {
            let first = JPushHarness()
            anchor.attach(first.provider)
            firstProvider = first.provider
        }
        #expect(firstProvider == nil)
        let second = JPushHarness(state: .active)
        anchor.attach(second.provider)
        await confirmation(expectedCount: 1) { done in anchor.willPresent(Self.note) { _ in done() } }
        #expect(second.events.count == 1, "the rebuilt client's provider got the notification: \(second.events)")
    }

    @Test func jpushIsHandedTheProcessLifetimeProxyNeverTheBridge() throws {
        let bridge = try JPushSDKBindingTests.bridge().code
        #expect(JPushRegistrationDelegateAnchor.process === JPushRegistrationDelegateAnchor.process)
        // The registration hands JPush the proxy, a `static let` (never released), not `self`.
        #expect(bridge.contains("call(service, selector, config, JPushRegisterDelegateProxy.process)"))
        #expect(!bridge.contains("call(service, selector, config, self)"))
        #expect(bridge.contains("package static let process = JPushRegisterDelegateProxy(anchor: .process)"))
        // The proxy holds nothing but the anchor, and the bridge's delegate is attached to it when set.
        #expect(bridge.contains("JPushRegistrationDelegateAnchor.process.attach(newValue)"))
    }
}
