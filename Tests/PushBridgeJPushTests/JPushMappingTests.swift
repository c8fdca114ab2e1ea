import PushBridge
import PushBridgeJPush
import PushBridgeTesting
import Testing

/// JPush's callbacks become the same events as plain APNs; every push receipt is reported.
@Suite struct JPushMappingTests {
    static let settings = JPushSettings(appKey: "5a6e94518f6bd85ba173cf77", channel: "App Store", production: true)

    private func make(_ state: ApplicationState = .inactive) -> (MockJPushBridge, JPushProvider, PushClient) {
        let bridge = MockJPushBridge()
        let provider = JPushProvider(settings: Self.settings, bridge: bridge, scheduler: ManualScheduler(), applicationState: { state })
        return (bridge, provider, PushClient(provider: provider, scheduler: ManualScheduler()))
    }

    static let payload: JSONObject = ["aps": ["alert": "hi"], "_j_msgid": 20266199]

    @Test func startPassesTheSettingsAndLaunchOptions() throws {
        let (bridge, _, client) = make()
        let note = try PushNotification(payload: Self.payload)
        try client.start(PushStartRequest(iosVersion: IOSVersion(12), launchNotification: note, launchOptionsKey: .remoteNotification))
        #expect(bridge.calls == [.setup(appKey: "5a6e94518f6bd85ba173cf77", channel: "App Store", production: true, launchedWithNotification: true)])
        #expect(!"\(bridge.calls)".contains("5a6e94518f6bd85ba173cf77"))
    }

    @Test func willPresentIsReceivedReportedAndAnsweredOnce() async throws {
        let (bridge, provider, client) = make()
        client.setPresentationHandler { _ in [.banner, .sound] }
        let answers = Locked<[Int]>([])
        await confirmation(expectedCount: 1) { answered in
            provider.jpushNotificationCenter(willPresent: JPushNotificationInfo(userInfo: Self.payload)) { options in
                answers.withLock { $0.append(options) }
                answered()
            }
            for _ in 0..<1_000 where answers.withLock({ $0.isEmpty }) { await Task.yield() }
        }
        #expect(answers.withLock { $0 } == [Int(PresentationOptions([.banner, .sound]).rawValue)])
        #expect(bridge.calls == [.handleRemoteNotification(id: "20266199")])
        let events = await client.events().first(1)
        #expect(events.map(\.kind) == [.received])
        #expect(events.first?.id == "20266199")
    }

    @Test(arguments: [
        (ResponseAction.defaultIdentifier, PushEvent.Kind.opened),
        ("reply", .opened),
        (ResponseAction.dismissIdentifier, .dismissed),
    ])
    func responsesBecomeOpenedOrDismissed(action: String, kind: PushEvent.Kind) async throws {
        let (_, provider, client) = make(.inactive)
        await confirmation(expectedCount: 1) { done in
            provider.jpushNotificationCenter(didReceive: JPushResponseInfo(notification: JPushNotificationInfo(userInfo: Self.payload), actionIdentifier: action)) { done() }
        }
        let events = await client.events().first(1)
        #expect(events.map(\.kind) == [kind])
        if kind == .opened { #expect(events.first?.origin == .background) }
    }

    @Test func localNotificationsAreNotReportedToJPush() async throws {
        let (bridge, provider, client) = make()
        provider.jpushNotificationCenter(willPresent: JPushNotificationInfo(userInfo: ["aps": ["alert": "local"]], identifier: "l-1", isRemote: false)) { _ in }
        #expect(bridge.calls.isEmpty)
        #expect(await client.events().first(1).first?.notification?.source == .local)
    }

    @Test func theAppsOwnFetchHandlerReportsTheReceipt() async throws {
        let (bridge, _, client) = make()
        let note = try PushNotification(payload: Self.payload)
        await confirmation(expectedCount: 1) { done in
            client.handle(CallbackInvocation(callback: .didReceiveRemoteNotificationFetch, state: .background, notification: note), completion: .fetch { _ in done() })
        }
        client.handle(CallbackInvocation(callback: .didFinishLaunching, state: .inactive, launchOptionsKey: .remoteNotification, notification: note))
        #expect(bridge.calls == [.handleRemoteNotification(id: "20266199")])
    }

    @Test func loginPublishesTheMaskedRegistrationIDAndConnectionStates() async throws {
        let (_, provider, client) = make()
        for name in [JPushNetworkNotification.isConnecting, .didSetup, .didRegister, .didLogin, .didClose] {
            provider.networkNotification(name)
        }
        let events = await client.events().first(5)
        #expect(events.map(\.kind) == [.providerState, .providerState, .providerState, .registered, .providerState])
        let states = events.compactMap { event -> ProviderConnectionState? in
            if case .providerState(let change) = event { change.state } else { nil }
        }
        #expect(states == [.connecting, .connecting, .online, .offline])
        guard case .registered(let registration) = events[3] else { return }
        #expect(registration.identifier.revealed == "1a0018970a1b2c3d4e5")
        var dumped = ""
        dump(events, to: &dumped)
        for text in ["\(events)", String(reflecting: events), dumped] {
            #expect(!text.contains("1a0018970a1b2c3d4e5"))
        }
    }

    @Test func failuresAreRegistrationFailures() async throws {
        let bridge = MockJPushBridge(registrationID: nil)
        let provider = JPushProvider(settings: Self.settings, bridge: bridge, scheduler: ManualScheduler())
        let client = PushClient(provider: provider, scheduler: ManualScheduler())
        provider.networkNotification(.failedRegister)
        provider.networkNotification(.didLogin)
        provider.jpushNotificationAuthorization(.denied)
        provider.jpushNotificationAuthorization(.authorized)
        #expect(await client.events().first(4).map(\.kind) == [.registrationFailed, .providerState, .registrationFailed, .registrationFailed])
        #expect(client.heldEventCount == 0)
    }

    @Test func customMessagesAreMessages() async throws {
        let (_, provider, client) = make()
        provider.networkNotification(.didReceiveMessage, userInfo: ["content": "hi", "title": "t", "extras": ["k": "v"], "_j_msgid": 77])
        provider.networkNotification(.didReceiveMessage, userInfo: ["content": "hi", "_j_msgid": 77])
        provider.networkNotification(.didReceiveMessage, userInfo: ["title": "no content"])
        let events = await client.events().first(2)
        guard case .message(let message) = events.first else { Issue.record("\(events)"); return }
        #expect(message.transport == .jpush)
        #expect(message.offline == false)
        #expect(message.id == "77")
        #expect(message.content == "hi")
        // The malformed one is not lost: it arrives under a payload hash.
        guard case .message(let malformed) = events.last else { return }
        #expect(malformed.id.hasPrefix("payload-"))
        #expect(client.heldEventCount == 0)
    }

    @Test func badgeAndUnsupportedFeedback() throws {
        let (bridge, _, client) = make()
        try client.setBadge(3)
        try client.setBadge(0)
        #expect(throws: PushError.self) { try client.setBadge(-1) }
        #expect(bridge.calls == [.badge(3), .badge(0)])
        #expect(!client.capabilities.contains(.customFeedback))
        let message = PushEvent.Message(transport: .jpush, offline: false, id: "1", payload: [:])
        #expect { _ = try client.report(.custom(90001), for: message) } throws: { ($0 as? PushError)?.code == .unsupported }
    }
}
