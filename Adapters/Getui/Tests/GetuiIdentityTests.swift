import PushBridgeGetui
import PushBridgeGetuiTesting
import PushBridgeProviderKit
import PushBridgeTesting
import Testing

@testable import PushBridge

/// A message Getui delivers twice — as an APNs notification while the app was offline, then over
/// its socket with `offLine` YES — is one event: the adapter names both `taskId:msgId`, and the
/// core's normaliser drops the passthrough of a message whose copy the app already handled.
@Suite struct GetuiIdentityTests {
    /// How the APNs copy reached the app.
    struct Copy: Sendable, CustomTestStringConvertible {
        var name: String
        var state: ApplicationState
        var callback: MockGetuiBridge.Callback
        var event: ExpectedPushEvent
        var testDescription: String { name }
    }

    /// How the offline passthrough reached the app.
    struct Passthrough: Sendable, CustomTestStringConvertible {
        var name: String
        var callback: @Sendable (_ task: String, _ msg: String) -> MockGetuiBridge.Callback
        var testDescription: String { name }
    }

    static let copies: [Copy] = [
        Copy(
            name: "shown in the foreground", state: .active, callback: .willPresent(.copy(), completionHandler: { _ in }),
            event: .received(.foreground, id: "task9:msg9")),
        Copy(
            name: "tapped", state: .inactive,
            callback: .receiveNotification(.copy(), response: GetuiResponseInfo(notification: .copy()), fetchCompletionHandler: nil),
            event: .opened(id: "task9:msg9")),
        Copy(
            name: "received before iOS 10", state: .background,
            callback: .receiveNotification(.copy(), response: nil, fetchCompletionHandler: { _ in }),
            event: .received(.background, id: "task9:msg9")),
        Copy(
            name: "a silent push with _gmid_", state: .background,
            callback: .slience(
                ["aps": ["content-available": 1], "_gmid_": "task9:msg9"], fromGetui: false, offLine: false, taskID: "task9", msgID: "msg9",
                fetchCompletionHandler: { _ in }),
            event: .received(.background, id: "task9:msg9")),
        Copy(
            name: "a silent push without _gmid_", state: .background,
            callback: .slience(
                ["aps": ["content-available": 1]], fromGetui: false, offLine: false, taskID: "task9", msgID: "msg9", fetchCompletionHandler: { _ in }),
            event: .received(.background, id: "task9:msg9")),
    ]

    static let passthroughs: [Passthrough] = [
        Passthrough(
            name: "GeTuiSdkDidReceiveSlience", callback: { .slience(["payload": "hi"], fromGetui: true, offLine: true, taskID: $0, msgID: $1) }),
        Passthrough(name: "GeTuiSdkDidReceivePayloadData", callback: { .payloadData(Array("hi".utf8), taskID: $0, msgID: $1, offLine: true) }),
        Passthrough(name: "GeTuiSdkDidReceivePayload", callback: { .payload(id: "p", taskID: $0, messageID: $1, offLine: true) }),
    ]

    @Test(arguments: copies, passthroughs)
    func theCopyThenItsOfflinePassthroughIsOneEvent(copy: Copy, passthrough: Passthrough) {
        let harness = GetuiHarness(state: copy.state)
        harness.bridge.trigger(copy.callback)
        harness.state = .active
        harness.bridge.trigger(passthrough.callback("task9", "msg9"))
        harness.bridge.trigger(passthrough.callback("task10", "msg10"))
        let events = harness.events
        #expect(events.count == 2, "\(events)")
        #expect(events.first.map(copy.event.matches) == true, "\(events)")
        #expect(events.last.map(ExpectedPushEvent.message(id: "task10:msg10").matches) == true, "another message still arrives")
    }

    @Test func thePassthroughFirstThenItsCopyTappedIsBoth() {
        let harness = GetuiHarness(state: .active)
        harness.bridge.trigger(.slience(["payload": "hi"], fromGetui: true, offLine: false, taskID: "task9", msgID: "msg9"))
        harness.state = .inactive
        harness.bridge.trigger(.receiveNotification(.copy(), response: GetuiResponseInfo(notification: .copy()), fetchCompletionHandler: nil))
        #expect(harness.events.map(\.kind) == [.message, .opened], "a user's action is never swallowed")
        #expect(harness.events.map(\.id) == ["task9:msg9", "task9:msg9"])
    }

    @Test func throughAClientTheOfflinePassthroughOfAHandledCopyIsDropped() async {
        let bridge = MockGetuiBridge()
        let provider = GetuiProvider(settings: GetuiHarness.settings, bridge: bridge, scheduler: ManualScheduler(), applicationState: { .inactive })
        let client = PushClient(provider: provider, scheduler: ManualScheduler())
        bridge.trigger(.receiveNotification(.copy(), response: GetuiResponseInfo(notification: .copy()), fetchCompletionHandler: nil))
        bridge.trigger(.slience(["payload": "hi"], fromGetui: true, offLine: true, taskID: "task9", msgID: "msg9"))
        bridge.trigger(.slience(["payload": "other"], fromGetui: true, offLine: true, taskID: "task10", msgID: "msg10"))
        let events = await client.events().first(2)
        #expect(events.map(\.kind) == [.opened, .message])
        #expect(events.map(\.id) == ["task9:msg9", "task10:msg10"])
        #expect(client.heldEventCount == 0)
    }

    @Test func theMessageIDIsWhatFeedbackTakes() throws {
        let harness = GetuiHarness(state: .active)
        harness.bridge.trigger(.slience(["payload": "hi"], fromGetui: true, offLine: true, taskID: "task9", msgID: "msg9"))
        let message = try #require(harness.messages.first)
        #expect(try harness.provider.report(FeedbackRequest(.custom(90_001), messageID: message.id)).submitted)
        #expect(harness.bridge.calls == [.feedback(actionID: 90_001, taskID: "task9", msgID: "msg9")])
    }
}
