import AdapterTestSupport
import PushBridge
import PushBridgeGetui
import PushBridgeGetuiTesting
import PushBridgeJPush
import PushBridgeJPushTesting
import PushBridgeModel
import PushBridgeProviderKit
import PushBridgeTesting
import Testing

/// One owner of the notification center's calls, in every supported arrangement, whatever the
/// order of installation: each call reaches the client once (one event) and each completion
/// handler the system passed runs once — for plain APNs, JPush (replaces the delegate) and Getui
/// (replaces and hooks it).
@Suite struct CenterArrangementTests {
    enum Provider: String, CaseIterable, Sendable { case apns, jpush, getui }

    /// A client over `provider`'s adapter (on its mock SDK) and a center whose SDK delegate is the mock's.
    static func make(_ provider: Provider) -> (client: PushClient, center: SimulatedNotificationCenter) {
        switch provider {
        case .apns:
            let client = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
            return (client, SimulatedNotificationCenter(relay: NotificationCenterRelay(client: client), sdk: nil))
        case .jpush:
            let bridge = MockJPushBridge()
            let jpush = JPushProvider(settings: JPushSettings(appKey: "5a6e94518f6bd85ba173cf77"), bridge: bridge, scheduler: ManualScheduler())
            let client = PushClient(provider: jpush, scheduler: ManualScheduler())
            let sdk = SimulatedNotificationCenter.SDKDelegate(
                willPresent: { note, completion in
                    bridge.trigger(
                        .willPresent(Self.info(note), completionHandler: { bits in completion(PresentationOptions(rawValue: UInt(bits))) }))
                },
                didReceive: { note, action, _, completion in
                    bridge.trigger(
                        .didReceiveResponse(
                            JPushResponseInfo(notification: Self.info(note), actionIdentifier: action.identifier), completionHandler: completion))
                })
            return (client, SimulatedNotificationCenter(relay: NotificationCenterRelay(client: client), sdk: sdk))
        case .getui:
            let bridge = MockGetuiBridge()
            let getui = GetuiProvider(
                settings: GetuiSettings(appID: "AppId1234567", appKey: "AppKey1234567", appSecret: "AppSecret1234567"), bridge: bridge,
                scheduler: ManualScheduler())
            let client = PushClient(provider: getui, scheduler: ManualScheduler())
            let sdk = SimulatedNotificationCenter.SDKDelegate(
                willPresent: { note, completion in
                    bridge.trigger(
                        .willPresent(Self.info(note), completionHandler: { bits in completion(PresentationOptions(rawValue: UInt(bits))) }))
                },
                didReceive: { note, action, _, completion in
                    bridge.trigger(
                        .receiveNotification(
                            Self.info(note), response: GetuiResponseInfo(notification: Self.info(note), actionIdentifier: action.identifier),
                            fetchCompletionHandler: { _ in completion() }))
                })
            return (client, SimulatedNotificationCenter(relay: NotificationCenterRelay(client: client), sdk: sdk))
        }
    }

    static func info(_ note: PushNotification) -> SystemNotification {
        SystemNotification(userInfo: note.payload, identifier: note.requestIdentifier, isRemote: true)
    }

    /// Sets the center up as the app's launch code does; with PushBridge owning the delegate,
    /// an analytics SDK installed its own first, which PushBridge's forwards to.
    static func arrange(_ center: SimulatedNotificationCenter, _ arrangement: NotificationCenterArrangement, _ order: DelegateInstallOrder) {
        if arrangement == .pushBridge { center.installOtherDelegate() }
        center.arrange(arrangement, order: order)
    }

    typealias Case = (Provider, NotificationCenterArrangement, DelegateInstallOrder)

    static let cases: [Case] = Provider.allCases.flatMap { (provider: Provider) -> [Case] in
        NotificationCenterArrangement.allCases.flatMap { (arrangement: NotificationCenterArrangement) -> [Case] in
            DelegateInstallOrder.allCases.map { (order: DelegateInstallOrder) -> Case in (provider, arrangement, order) }
        }
    }.filter { (provider, arrangement, _) in !(provider == .apns && arrangement == .sdk) }  // plain APNs has no SDK to own the delegate

    @Test(arguments: cases)
    func eachCallReachesTheClientOnceAndEachHandlerRunsOnce(
        provider: Provider, arrangement: NotificationCenterArrangement, order: DelegateInstallOrder
    ) throws {
        let (client, center) = Self.make(provider)
        let tap = client.eventDrain()
        Self.arrange(center, arrangement, order)
        let payload: JSONObject = ["aps": ["alert": "New comment"], "commentId": "c-1"]
        let presented = Locked([PresentationOptions]())
        let responded = Locked(0)
        let shown = try PushNotification(payload: payload, identifier: "REQ-1")
        #expect(center.willPresent(shown) { options in presented.withLock { $0.append(options) } })
        let tapped = try PushNotification(payload: payload, identifier: "REQ-1")
        #expect(center.didReceive(tapped, action: .default, state: .inactive) { responded.withLock { $0 += 1 } })

        // The origin of the response depends on the application state each path reads; not the subject here.
        try tap.take().check([.received(.foreground), .opened(action: .default)])
        #expect(presented.withLock { $0.count } == 1, "the system's presentation handler ran once")
        #expect(responded.withLock { $0 } == 1, "the system's response handler ran once")
        if arrangement == .pushBridge, provider == .apns {
            #expect(center.otherDelegateCalls == 2, "PushBridge forwarded both calls to the delegate it replaced")
            #expect(presented.withLock { $0.first }?.contains(.sound) == true, "its options are united with the client's")
        }
        if provider == .getui, arrangement != .sdk {
            // Getui's hook gets each call too, with handlers of its own: each runs once.
            #expect(center.hookCompletionCount == (arrangement == .app && order == .registerFirst ? 2 : 0))
        }
    }

    @Test func pushBridgeInstallsItsDelegateOnlyWhenNoSDKTakesIt() {
        for provider in Provider.allCases {
            let (_, center) = Self.make(provider)
            #expect(center.relay.installsDelegate == (provider == .apns))
        }
    }
}

/// The same rule on the simulated device: each provider × arrangement × order, a notification in
/// the foreground (4) then a tap on one in the background (5) — one event each, and each
/// completion handler iOS passed run once.
@Suite struct DeviceCenterArrangementTests {
    @Test(arguments: CenterArrangementTests.cases)
    func eachCallOnceEachHandlerOnce(
        provider: CenterArrangementTests.Provider, arrangement: NotificationCenterArrangement, order: DelegateInstallOrder
    ) throws {
        let taps = Locked<[PushEventDrain]>([])
        let app = SimulatedApp(notificationCenter: arrangement, installOrder: order)
        let device = SimulatedDevice(
            ios: IOSVersion(17), app: app, provider: try #require(allSimulators.first { $0.id.rawValue == provider.rawValue })
        ) { client in
            taps.withLock { $0.append(client.eventDrain()) }
        }
        device.openFromIcon()
        try device.deliver(.remote(["aps": ["alert": "in the foreground"], "n": 1]))
        device.sendToBackground()
        let shown = try device.deliver(.remote(["aps": ["alert": "in the background"], "n": 2]))
        try device.tap(shown)
        device.advance(by: 60)
        let events = taps.withLock { $0 }.flatMap { $0.take() }
        try events.check([.received(.foreground), .opened(action: .default)])
        #expect(device.systemCompletionCounts == [1, 1], "each handler iOS passed ran once")
    }
}
