import AdapterTestSupport
import PushBridge
import PushBridgeJPush
import PushBridgeJPushTesting
import PushBridgeProviderKit
import PushBridgeTesting
import Testing

/// Every JPush callback, triggered through the mock SDK: what the adapter hands the core (an
/// invocation in iOS's vocabulary, a message, an event), the events that result, and which
/// notifications it reported to JPush with `handleRemoteNotification:`.
@Suite struct JPushCallbackMappingTests {
    /// One row: a callback in an application state, and what must come of it.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var state: ApplicationState = .inactive
        var callback: MockJPushBridge.Callback
        var invocations: [InvocationShape] = []
        var messageIDs: [String] = []
        var events: [ExpectedPushEvent]
        var reported: [String] = []
        var testDescription: String { name }
    }

    static let customMessage: JSONObject = ["content": "hi", "title": "t", "content_type": "text", "extras": ["k": "v"], "_j_msgid": 77]
    static let noContent: JSONObject = ["title": "no content"]

    static let cases: [Case] = [
        Case(
            name: "willPresent of a push → 4, received (foreground), reported", state: .active,
            callback: .willPresent(.push(), completionHandler: { _ in }),
            invocations: [InvocationShape(.willPresent, .active, id: "20266199")], events: [.received(.foreground, id: "20266199")],
            reported: ["20266199"]),
        Case(
            name: "willPresent of a local notification → 4, received, not reported", state: .active,
            callback: .willPresent(.local(), completionHandler: { _ in }),
            invocations: [InvocationShape(.willPresent, .active, id: "local-1")], events: [.received(.foreground, id: "local-1")]),
        Case(
            name: "willPresent of something that is not a notification → nothing", state: .active,
            callback: .willPresent(JPushNotificationInfo(userInfo: ["content": "x"]), completionHandler: { _ in }), events: []),
        Case(
            name: "tap on a push → 5 default, opened (background), reported", state: .inactive,
            callback: .didReceiveResponse(JPushResponseInfo(notification: .push()), completionHandler: {}),
            invocations: [InvocationShape(.didReceiveResponse, .inactive, action: .default, id: "20266199")],
            events: [.opened(.background, action: .default, id: "20266199")], reported: ["20266199"]),
        Case(
            name: "custom action with text input → 5 with its action and text, reported", state: .background,
            callback: .didReceiveResponse(JPushResponseInfo(notification: .push(), actionIdentifier: "reply", userText: "ok"), completionHandler: {}),
            invocations: [InvocationShape(.didReceiveResponse, .background, action: .custom("reply"), textInput: "ok", id: "20266199")],
            events: [.opened(action: .custom("reply"), id: "20266199")], reported: ["20266199"]),
        Case(
            name: "dismiss action → 5 dismiss, dismissed, reported", state: .background,
            callback: .didReceiveResponse(
                JPushResponseInfo(notification: .push(), actionIdentifier: ResponseAction.dismissIdentifier), completionHandler: {}),
            invocations: [InvocationShape(.didReceiveResponse, .background, action: .dismiss, id: "20266199")],
            events: [.dismissed(id: "20266199")], reported: ["20266199"]),
        Case(
            name: "tap on a local notification → 5, opened, not reported", state: .inactive,
            callback: .didReceiveResponse(JPushResponseInfo(notification: .local()), completionHandler: {}),
            invocations: [InvocationShape(.didReceiveResponse, .inactive, action: .default, id: "local-1")],
            events: [.opened(.background, id: "local-1")]),
        Case(
            name: "response to something that is not a notification → nothing",
            callback: .didReceiveResponse(JPushResponseInfo(notification: JPushNotificationInfo(userInfo: [:])), completionHandler: {}), events: []),
        Case(name: "openSettings for a notification → settingsRequested", callback: .openSettings(.push()), events: [.settingsRequested()]),
        Case(name: "openSettings from Settings (nil) → settingsRequested", callback: .openSettings(nil), events: [.settingsRequested()]),
        Case(name: "authorization denied → registrationFailed", callback: .authorization(.denied), events: [ExpectedPushEvent(.registrationFailed)]),
        Case(name: "authorization authorized → nothing", callback: .authorization(.authorized, info: ["k": "v"]), events: []),
        Case(name: "authorization provisional → nothing", callback: .authorization(.provisional), events: []),
        Case(name: "authorization not determined → nothing", callback: .authorization(.notDetermined), events: []),
        Case(name: "isConnecting → providerState", callback: .network(.isConnecting), events: [ExpectedPushEvent(.providerState)]),
        Case(name: "didSetup → providerState", callback: .network(.didSetup), events: [ExpectedPushEvent(.providerState)]),
        Case(name: "didClose → providerState", callback: .network(.didClose), events: [ExpectedPushEvent(.providerState)]),
        Case(name: "didRegister → nothing (the ID comes at login)", callback: .network(.didRegister), events: []),
        Case(
            name: "didLogin → providerState, registered", callback: .network(.didLogin),
            events: [ExpectedPushEvent(.providerState), ExpectedPushEvent(.registered)]),
        Case(name: "failedRegister → registrationFailed", callback: .network(.failedRegister), events: [ExpectedPushEvent(.registrationFailed)]),
        Case(
            name: "serviceError → registrationFailed", callback: .network(.serviceError, userInfo: ["error": 1005]),
            events: [ExpectedPushEvent(.registrationFailed)]),
        Case(
            name: "custom message → message (_j_msgid)", state: .active, callback: .network(.didReceiveMessage, userInfo: customMessage),
            messageIDs: ["77"], events: [.message(id: "77")]),
        Case(
            name: "custom message without content → still a message, named by its payload", state: .active,
            callback: .network(.didReceiveMessage, userInfo: noContent),
            messageIDs: [NotificationIdentity.payloadHash(noContent)], events: [.message(id: NotificationIdentity.payloadHash(noContent))]),
        Case(
            name: "custom message without userInfo → a message named by the empty payload", state: .active,
            callback: .network(.didReceiveMessage), messageIDs: [NotificationIdentity.payloadHash([:])],
            events: [.message(id: NotificationIdentity.payloadHash([:]))]),
    ]

    @Test(arguments: cases)
    func eachCallback(_ row: Case) {
        let harness = JPushHarness(state: row.state)
        harness.bridge.trigger(row.callback)
        #expect(harness.invocations.map(InvocationShape.init) == row.invocations)
        #expect(harness.messages.map(\.id) == row.messageIDs)
        #expect(harness.messages.allSatisfy { $0.transport == .jpush && !$0.offline })
        let events = harness.events
        #expect(events.count == row.events.count, "\(events)")
        for (event, expected) in zip(events, row.events) {
            #expect(expected.matches(event), "\(event) is not \(expected)")
        }
        #expect(harness.reportedReceipts == row.reported)
    }

    /// The app delegate's own callbacks, through `handle(_:completion:)`: which are reported to
    /// JPush (every remote push but the launch, which `setupWithOption:` reads).
    struct OwnCallback: Sendable, CustomTestStringConvertible {
        var callback: SystemCallback
        var source: NotificationSource
        var reported: Bool
        var testDescription: String { "\(callback.seedLabel) \(source) → \(reported ? "reported" : "not reported")" }
    }

    static let ownCallbacks: [OwnCallback] = SystemCallback.allCases.flatMap { callback in
        [NotificationSource.remote, .local].map { source in
            OwnCallback(callback: callback, source: source, reported: source == .remote && callback != .didFinishLaunching)
        }
    }

    @Test(arguments: ownCallbacks)
    func theAppDelegatesOwnCallbacksReportEveryPushReceipt(_ row: OwnCallback) throws {
        let harness = JPushHarness(state: .background)
        let note = try PushNotification(payload: ["aps": ["alert": "x"], "_j_msgid": 42], identifier: "n", source: row.source)
        let invocation = CallbackInvocation(
            callback: row.callback, state: .background, launchOptionsKey: row.callback == .didFinishLaunching ? .remoteNotification : nil,
            action: row.callback.carriesResponse ? .default : nil, notification: note)
        harness.recorder.client.callbacks.handle(invocation)
        #expect(harness.invocations.isEmpty, "the client takes the app's own callbacks; the adapter only observes them")
        #expect(harness.reportedReceipts == (row.reported ? ["42"] : []))
    }

    @Test func aLaunchWithoutANotificationReportsNothing() {
        let harness = JPushHarness()
        harness.recorder.client.callbacks.handle(CallbackInvocation(callback: .didFinishLaunching, state: .inactive, notification: nil))
        #expect(harness.bridge.calls.isEmpty)
        #expect(harness.events.isEmpty)
    }

    /// JPush's `NSInteger` and `PresentationOptions`, both ways.
    static let presentations: [(options: PresentationOptions, value: Int)] = [
        ([], 0), ([.badge], 1), ([.sound], 2), ([.alert], 4), ([.list], 8), ([.banner], 16),
        ([.badge, .sound, .alert], 7), ([.banner, .sound], 18), ([.badge, .sound, .alert, .list, .banner], 31),
    ]

    @Test(arguments: presentations)
    func presentationOptionsAreJPushsInteger(options: PresentationOptions, value: Int) {
        #expect(options.jpushValue == value)
        #expect(PresentationOptions(jpushValue: value) == options)
    }

    @Test func aNegativeIntegerIsNoOptions() {
        #expect(PresentationOptions(jpushValue: -1) == [])
    }

    @Test(arguments: presentations)
    func willPresentAnswersJPushWithTheAppsOptions(options: PresentationOptions, value: Int) {
        let harness = JPushHarness(state: .active, answersAtOnce: false)
        let answers = Locked<[Int]>([])
        harness.bridge.trigger(.willPresent(.push(), completionHandler: { answer in answers.withLock { $0.append(answer) } }))
        harness.completePending(presentation: options)
        #expect(answers.withLock { $0 } == [value])
    }

    @Test func theProviderIsItsBridgesDelegateHeldWeakly() {
        let bridge = MockJPushBridge()
        var provider: JPushProvider? = JPushProvider(settings: JPushHarness.settings, bridge: bridge, scheduler: ManualScheduler())
        #expect(bridge.delegate === provider)
        provider = nil
        #expect(bridge.delegate == nil, "the bridge does not keep the provider alive")
        bridge.trigger(.network(.didLogin))
        bridge.sendCustomMessage(["content": "nobody listens"])
    }

    @Test func kindAndCapabilities() {
        let harness = JPushHarness()
        #expect(harness.provider.id == .jpush)
        #expect(
            harness.provider.capabilities == [.alias, .tags, .serverBadge, .ownChannelMessages, .voip, .liveActivities, .liveActivityPushToStart])
        #expect(!harness.provider.capabilities.contains(.customFeedback))
    }
}
