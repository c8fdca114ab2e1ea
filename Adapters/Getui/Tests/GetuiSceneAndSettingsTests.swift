import PushBridge
import PushBridgeGetui
import PushBridgeGetuiTesting
import PushBridgeProviderKit
import PushBridgeTesting
import Testing

/// Getui's scene hook and settings request: a scene app's connection reaches
/// `handleSceneWillConnectWithOptions:` once, and `openSettingsFor` is one event.
@Suite struct GetuiSceneAndSettingsTests {
    final class Options {}

    @Test func aSceneConnectionIsHandedToGetuiOnceAndTheColdStartIsOneOpened() throws {
        let harness = GetuiHarness(state: .inactive)
        let client = harness.recorder.client
        client.callbacks.handle(CallbackInvocation(callback: .didFinishLaunching, state: .inactive, notification: nil))
        let note = try PushNotification(payload: ["aps": ["alert": "x"], "_gmid_": "t1:m1:z"], identifier: "REQ-9")
        client.sceneWillConnect(response: (note, .default, nil), options: PlatformObject(Options()))
        #expect(harness.bridge.calls == [.handleSceneWillConnect(withOptions: true)])
        try harness.events.check([.opened(.coldStart, action: .default, id: "t1:m1")])
    }

    @Test func openSettingsIsASettingsRequestWithOrWithoutItsNotification() throws {
        let harness = GetuiHarness()
        harness.bridge.trigger(.openSettings(.copy()))
        harness.bridge.trigger(.openSettings(nil))
        let events = harness.events
        try events.check([.settingsRequested(), .settingsRequested()])
        guard case .settingsRequested(let first) = events.first else { return }
        #expect(first.notification?.id == "task9:msg9")
    }
}
