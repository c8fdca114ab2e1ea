import Foundation
import PushBridgeProviderKit
import PushBridgeTesting
import Testing

@testable import PushBridge

/// A scene that connects with the user's response after launch has ended belongs to a running
/// app (a tap whose `target-content-id` no connected scene takes, on an app that supports several
/// scenes): one `opened`, never a second cold start.
@Suite struct RunningAppSceneTests {
    static func payload() -> [AnyHashable: Any] { ["aps": ["alert": "Hi", "target-content-id": "chat-7"] as [String: Any], "id": 1] }

    static func openedOrigins(afterLaunchEnded: Bool) async throws -> [PushOrigin?] {
        let client = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
        client.notificationCenterDelegateSet()
        client.didFinishLaunching(launchOptions: nil, state: .active)
        if afterLaunchEnded { client.applicationDidBecomeActive() }
        let note = try PushNotification(userInfo: Self.payload(), identifier: "req-1")
        client.sceneWillConnect(response: (note, .default, nil), options: nil)
        client.callbacks.handle(CallbackInvocation(callback: .didReceiveResponse, state: .inactive, action: .default, notification: note))
        client.applicationDidBecomeActive()
        let events = await client.events().first(1)
        #expect(client.heldEventCount == 0)
        return events.map(\.origin)
    }

    @Test func aSceneConnectingAfterLaunchIsNoColdStart() async throws {
        let origins = try await Self.openedOrigins(afterLaunchEnded: true)
        #expect(origins.count == 1)
        #expect(origins.first != .coldStart)
    }

    @Test func aSceneConnectingDuringLaunchIsTheColdStart() async throws {
        #expect(try await Self.openedOrigins(afterLaunchEnded: false) == [.coldStart])
    }
}
