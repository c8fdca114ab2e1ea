import AdapterTestSupport
import PushBridge
import PushBridgeGetui
import PushBridgeGetuiTesting
import PushBridgeProviderKit
import PushBridgeTesting
import Testing

/// Every `GeTuiSdkDelegate` callback shape, triggered through the mock SDK: what the adapter hands
/// the core (an invocation in iOS's vocabulary, a message, an event) and the events that result.
@Suite struct GetuiCallbackMappingTests {
    /// What a message must look like.
    struct MessageShape: Sendable, Hashable {
        var id: String
        var offline: Bool
        var content: String?

        init(id: String, offline: Bool, content: String?) {
            self.id = id
            self.offline = offline
            self.content = content
        }

        init(_ message: PushEvent.Message) {
            self.init(id: message.id, offline: message.offline, content: message.content)
            #expect(message.transport == .getui)
        }
    }

    /// One row: a callback in an application state, and what must come of it.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var state: ApplicationState = .inactive
        var callback: MockGetuiBridge.Callback
        var invocations: [InvocationShape] = []
        var messages: [MessageShape] = []
        var events: [ExpectedPushEvent]
        var testDescription: String { name }
    }

    static let contentAvailable: JSONObject = ["aps": ["content-available": 1], "_gmid_": "t:m"]
    static let noIDs: JSONObject = ["payload": ["nested": true]]

    static let cases: [Case] = [
        Case(
            name: "willPresent → 4, received (foreground)", state: .active,
            callback: .willPresent(.copy(), completionHandler: { _ in }),
            invocations: [InvocationShape(.willPresent, .active, id: "task9:msg9")], events: [.received(.foreground, id: "task9:msg9")]),
        Case(
            name: "willPresent of something that is not a notification → nothing", state: .active,
            callback: .willPresent(GetuiNotificationInfo(userInfo: ["payload": "x"]), completionHandler: { _ in }), events: []),
        Case(
            name: "tap with a response (10+) → 5 default, opened (background)", state: .inactive,
            callback: .receiveNotification(.copy(), response: GetuiResponseInfo(notification: .copy()), fetchCompletionHandler: nil),
            invocations: [InvocationShape(.didReceiveResponse, .inactive, action: .default, id: "task9:msg9")],
            events: [.opened(.background, action: .default, id: "task9:msg9")]),
        Case(
            name: "custom action with text input → 5 with its action", state: .background,
            callback: .receiveNotification(
                .copy(), response: GetuiResponseInfo(notification: .copy(), actionIdentifier: "reply", userText: "ok"), fetchCompletionHandler: nil),
            invocations: [InvocationShape(.didReceiveResponse, .background, action: .custom("reply"), textInput: "ok", id: "task9:msg9")],
            events: [.opened(action: .custom("reply"), id: "task9:msg9")]),
        Case(
            name: "dismiss action → 5 dismiss, dismissed", state: .background,
            callback: .receiveNotification(
                .copy(), response: GetuiResponseInfo(notification: .copy(), actionIdentifier: ResponseAction.dismissIdentifier),
                fetchCompletionHandler: nil),
            invocations: [InvocationShape(.didReceiveResponse, .background, action: .dismiss, id: "task9:msg9")],
            events: [.dismissed(id: "task9:msg9")]),
        Case(
            name: "receipt before 10, active → 3, received (foreground)", state: .active,
            callback: .receiveNotification(.copy(), response: nil, fetchCompletionHandler: { _ in }),
            invocations: [InvocationShape(.didReceiveRemoteNotificationFetch, .active, id: "task9:msg9")],
            events: [.received(.foreground, id: "task9:msg9")]),
        Case(
            name: "receipt before 10, inactive (a tap) → 3, opened", state: .inactive,
            callback: .receiveNotification(.copy(), response: nil, fetchCompletionHandler: { _ in }),
            invocations: [InvocationShape(.didReceiveRemoteNotificationFetch, .inactive, id: "task9:msg9")],
            events: [.opened(id: "task9:msg9")]),
        Case(
            name: "receipt before 10, background → 3, received (background)", state: .background,
            callback: .receiveNotification(.copy(), response: nil, fetchCompletionHandler: { _ in }),
            invocations: [InvocationShape(.didReceiveRemoteNotificationFetch, .background, id: "task9:msg9")],
            events: [.received(.background, id: "task9:msg9")]),
        Case(
            name: "slience fromGetui NO (APNs content-available) → 3, received (background)", state: .background,
            callback: .slience(contentAvailable, fromGetui: false, offLine: false, taskID: "t", msgID: "m", fetchCompletionHandler: { _ in }),
            invocations: [InvocationShape(.didReceiveRemoteNotificationFetch, .background, id: "t:m")],
            events: [.received(.background, id: "t:m")]),
        Case(
            name: "slience fromGetui NO without _gmid_ → named by taskId:msgId", state: .background,
            callback: .slience(
                ["aps": ["content-available": 1]], fromGetui: false, offLine: false, taskID: "t", msgID: "m", fetchCompletionHandler: { _ in }),
            invocations: [InvocationShape(.didReceiveRemoteNotificationFetch, .background, id: "t:m")],
            events: [.received(.background, id: "t:m")]),
        Case(
            name: "slience fromGetui YES → message, online", state: .active,
            callback: .slience(["payload": "hello"], fromGetui: true, offLine: false, taskID: "t1", msgID: "m1"),
            messages: [MessageShape(id: "t1:m1", offline: false, content: "hello")], events: [.message(id: "t1:m1")]),
        Case(
            name: "slience fromGetui YES offLine YES → message, offline", state: .active,
            callback: .slience(["payload": "hello"], fromGetui: true, offLine: true, taskID: "t1", msgID: "m1"),
            messages: [MessageShape(id: "t1:m1", offline: true, content: "hello")], events: [.message(id: "t1:m1")]),
        Case(
            name: "slience fromGetui NO without aps → message, flags kept", state: .background,
            callback: .slience(["payload": "quiet"], fromGetui: false, offLine: true, taskID: "t4", msgID: "m4", fetchCompletionHandler: { _ in }),
            messages: [MessageShape(id: "t4:m4", offline: true, content: "quiet")], events: [.message(id: "t4:m4")]),
        Case(
            name: "slience with content that is not a string → still named taskId:msgId", state: .active,
            callback: .slience(noIDs, fromGetui: true, offLine: false, taskID: "t5", msgID: "m5"),
            messages: [MessageShape(id: "t5:m5", offline: false, content: nil)], events: [.message(id: "t5:m5")]),
        Case(
            name: "slience without taskId/msgId → named by its content", state: .active,
            callback: .slience(["payload": "x"], fromGetui: true, offLine: false, taskID: nil, msgID: nil),
            messages: [MessageShape(id: NotificationIdentity.payloadHash(["payload": "x"]), offline: false, content: "x")],
            events: [.message(id: NotificationIdentity.payloadHash(["payload": "x"]))]),
        Case(
            name: "PayloadData (1.4.1–2.5.2) → message", state: .active,
            callback: .payloadData(Array("data".utf8), taskID: "t2", msgID: "m2", offLine: true),
            messages: [MessageShape(id: "t2:m2", offline: true, content: "data")], events: [.message(id: "t2:m2")]),
        Case(
            name: "Payload (1.3.x) → message, content by retrivePayloadById:", state: .active,
            callback: .payload(id: "p-1", taskID: "t3", messageID: "m3", offLine: false),
            messages: [MessageShape(id: "t3:m3", offline: false, content: "stored")], events: [.message(id: "t3:m3")]),
        Case(name: "client ID → registered", callback: .registerClient("b4d1f5c2e8a94f7c9d0e1f2a3b4c5d6e"), events: [ExpectedPushEvent(.registered)]),
        Case(name: "empty client ID → registrationFailed", callback: .registerClient(""), events: [ExpectedPushEvent(.registrationFailed)]),
        Case(name: "SDK state → providerState", callback: .sdkState(.started), events: [ExpectedPushEvent(.providerState)]),
        Case(
            name: "error before a client ID → registrationFailed", callback: .error(PushError.VendorCode(domain: "GetuiErrorDomain", code: 10001)),
            events: [ExpectedPushEvent(.registrationFailed)]),
        Case(
            name: "alias result nobody waits for → nothing",
            callback: .aliasAction("bindAlias", result: true, sequenceNum: "42"), events: []),
    ]

    @Test(arguments: cases)
    func eachCallbackShape(_ row: Case) {
        let harness = GetuiHarness(state: row.state)
        harness.bridge.storePayload("stored", id: "p-1")
        harness.bridge.trigger(row.callback)
        #expect(harness.invocations.map(InvocationShape.init) == row.invocations)
        #expect(harness.messages.map(MessageShape.init) == row.messages)
        let events = harness.events
        #expect(events.count == row.events.count, "\(events)")
        for (event, expected) in zip(events, row.events) {
            #expect(expected.matches(event), "\(event) is not \(expected)")
        }
    }

    @Test(arguments: GetuiSdkStatus.allCases)
    func sdkStatusIsTheProviderState(status: GetuiSdkStatus) {
        let expected: [GetuiSdkStatus: PushEvent.ConnectionState] = [
            .starting: .connecting, .started: .online, .stoped: .stopped, .offline: .offline,
        ]
        let harness = GetuiHarness()
        harness.bridge.trigger(.sdkState(status))
        guard case .providerState(let state)? = harness.events.first else {
            Issue.record("no providerState event")
            return
        }
        #expect(state.provider == .getui)
        #expect(state.state == expected[status])
        #expect(GetuiSdkStatus(rawValue: status.rawValue) == status)
    }

    @Test func anErrorAfterTheClientIDIsNotARegistrationFailure() {
        let harness = GetuiHarness()
        harness.bridge.trigger(.registerClient("b4d1f5c2e8a94f7c9d0e1f2a3b4c5d6e"))
        harness.bridge.trigger(.error(PushError.VendorCode(domain: "GetuiErrorDomain", code: 10002)))
        #expect(harness.events.map(\.kind) == [.registered])
    }

    @Test func theAppDelegatesOwnCallbacksGoToTheClientAndNoReceiptIsReported() throws {
        let harness = GetuiHarness(state: .inactive)
        let note = try PushNotification(payload: ["aps": ["alert": "x"], "_gmid_": "t7:m7"])
        harness.recorder.client.callbacks.handle(
            CallbackInvocation(callback: .didFinishLaunching, state: .inactive, launchOptionsKey: .remoteNotification, notification: note))
        harness.provider.didRegisterForRemoteNotifications(DeviceTokenRequest(token: [1, 2, 3]))
        #expect(harness.invocations.isEmpty, "the client takes the app's own callbacks; the adapter relays none")
        #expect(harness.bridge.calls.isEmpty, "no handleRemoteNotification:, nothing for the device token")
        #expect(harness.events.map(\.kind) == [.opened])
        #expect(harness.events.first?.origin == .coldStart)
    }

    @Test func startAndRegisterAreTheSDKsCalls() throws {
        let harness = GetuiHarness()
        let note = try PushNotification(payload: ["aps": ["alert": "x"]])
        try harness.provider.start(PushStartRequest(iosVersion: IOSVersion(15), launchNotification: note, launchOptionsKey: .remoteNotification))
        try harness.provider.register(PushRegistrationRequest(iosVersion: IOSVersion(15), options: [.alert, .badge, .sound]))
        try harness.provider.setPushModeForOff(true)
        #expect(
            harness.bridge.calls == [
                .start(appID: "AppId1234567", appKey: "AppKey1234567", appSecret: "AppSecret1234567", launchedWithNotification: true),
                .registerRemoteNotification(7),
                .pushModeForOff(true),
            ])
        #expect(harness.bridge.callsOffSDKThread.isEmpty, "start and registerRemoteNotification: on the main thread, as Getui requires")
        #expect(harness.provider.id == .getui)
        #expect(
            harness.provider.capabilities == [
                .alias, .tags, .serverBadge, .customFeedback, .ownChannelMessages, .voip, .liveActivities, .liveActivityPushToStart,
            ])
    }

    @Test func theProviderIsItsBridgesDelegateHeldWeakly() {
        let bridge = MockGetuiBridge()
        var provider: GetuiProvider? = GetuiProvider(settings: GetuiHarness.settings, bridge: bridge, scheduler: ManualScheduler())
        #expect(bridge.delegate === provider)
        provider = nil
        #expect(bridge.delegate == nil, "the bridge does not keep the provider alive")
        bridge.trigger(.registerClient("b4d1f5c2e8a94f7c9d0e1f2a3b4c5d6e"))
    }
}
