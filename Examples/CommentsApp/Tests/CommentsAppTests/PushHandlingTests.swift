import CommentsApp
import PushBridge
import PushBridgeModel
import PushBridgeGetui
import PushBridgeGetuiTesting
import PushBridgeJPush
import PushBridgeJPushTesting
import PushBridgeTesting
import Testing

/// The example app's push handling, tested on a simulated device, without a phone.
@Suite struct PushHandlingTests {
    @Test func aColdStartTapOnIOS12ThroughJPushRoutesToTheCommentScreenExactlyOnce() async throws {
        let app = PushHandling()
        let device = SimulatedDevice(ios: IOSVersion(12), app: SimulatedApp(), provider: JPushSimulator()) { client in
            app.launched(with: client)
        }
        let note = try device.deliver(.remote(["aps": ["alert": "New comment"], "type": "comment", "id": "42", "_j_msgid": 8_801]))
        #expect(device.client == nil)  // the app was not running
        try device.tap(note)
        #expect(device.calls.map(\.method).last == JPushCallbackName.didReceiveResponse)
        device.terminate()
        await app.finished()
        #expect(app.navigations == [.comment(id: 42)])
    }

    @Test func aGetuiPassthroughReceivedOfflineIsNotShownTwice() async throws {
        let app = PushHandling()
        let device = SimulatedDevice(ios: IOSVersion(15), app: SimulatedApp(), provider: GetuiSimulator()) { client in
            app.launched(with: client)
        }
        // Sent while the app was away: Getui delivers an APNs copy now and holds the passthrough.
        let copy = try device.deliver(ScenarioNotification(
            source: .getuiPassthrough, payload: ["payload": "{\"type\":\"comment\",\"id\":7}", "taskId": "T1", "msgId": "M1"],
            apnsCopy: ["aps": ["alert": "New comment"], "_gmid_": "T1:M1:x", "type": "comment", "id": "7"]))
        try device.tap(copy)  // the app opens; Getui now delivers the held passthrough, offline
        device.sendToBackground()
        device.openFromIcon()
        device.terminate()
        await app.finished()
        #expect(app.navigations == [.comment(id: 7)])
        #expect(app.banners.isEmpty)  // the passthrough of the message already opened is not shown again
    }

    @Test func aPassthroughNeverSeenAsANotificationIsShownOnce() async throws {
        let app = PushHandling()
        let device = SimulatedDevice(ios: IOSVersion(15), app: SimulatedApp(), provider: GetuiSimulator()) { client in
            app.launched(with: client)
        }
        try device.deliver(ScenarioNotification(source: .getuiPassthrough, payload: ["payload": "hi", "taskId": "T2", "msgId": "M2"]))
        device.openFromIcon()
        device.sendToBackground()
        device.openFromIcon()
        device.terminate()
        await app.finished()
        #expect(app.banners == ["T2:M2"])
    }
}
