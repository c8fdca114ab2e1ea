import PushBridge
import PushBridgeGetui
import PushBridgeTesting
import Testing

/// Getui's callbacks become the same events as plain APNs; passthrough keeps its flags.
@Suite struct GetuiMappingTests {
    static let settings = GetuiSettings(appID: "AppId1234567", appKey: "AppKey1234567", appSecret: "AppSecret1234567")
    static let copy: JSONObject = ["aps": ["alert": "hi"], "_gmid_": "task9:msg9:zz"]

    private func make(_ state: ApplicationState = .inactive) -> (MockGetuiBridge, GetuiProvider, PushClient) {
        let bridge = MockGetuiBridge()
        let provider = GetuiProvider(settings: Self.settings, bridge: bridge, scheduler: ManualScheduler(), applicationState: { state })
        bridge.delegate = provider
        return (bridge, provider, PushClient(provider: provider, scheduler: ManualScheduler()))
    }

    @Test func startPassesMaskedCredentials() throws {
        let (bridge, _, client) = make()
        try client.start(PushStartRequest(iosVersion: IOSVersion(15)))
        try client.register(PushRegistrationRequest(iosVersion: IOSVersion(15), options: [.alert, .badge]))
        #expect(bridge.calls == [
            .start(appID: "AppId1234567", appKey: "AppKey1234567", appSecret: "AppSecret1234567", launchedWithNotification: false),
            .registerRemoteNotification(5),
        ])
        for secret in ["AppId1234567", "AppKey1234567", "AppSecret1234567"] {
            #expect(!"\(bridge.calls)".contains(secret))
            #expect(!"\(Self.settings)".contains(secret))
        }
        #expect(throws: PushError.self) { try client.register(PushRegistrationRequest(iosVersion: IOSVersion(12), options: [.announcement])) }
    }

    @Test(arguments: [
        (true, false, PushEvent.Kind.message),
        (true, true, .message),
    ])
    func passthroughKeepsItsOfflineFlag(fromGetui: Bool, offline: Bool, kind: PushEvent.Kind) async {
        let (_, provider, client) = make()
        provider.geTuiSdkDidReceiveSlience(["payload": "hello"], fromGetui: fromGetui, offLine: offline, appID: "a", taskID: "t1", msgID: "m1", fetchCompletionHandler: nil)
        let events = await client.events().first(1)
        guard case .message(let message) = events.first else { Issue.record("\(events)"); return }
        #expect(message.transport == .getui)
        #expect(message.offline == offline)
        #expect(message.id == "t1:m1")
        #expect(message.content == "hello")
    }

    @Test func theOlderPassthroughShapesAreMessagesToo() async {
        let (bridge, provider, client) = make()
        provider.geTuiSdkDidReceivePayloadData(Array("data".utf8), taskID: "t2", msgID: "m2", offLine: true, appID: nil)
        bridge.storePayload("stored", id: "p-1")
        provider.geTuiSdkDidReceivePayload("p-1", taskID: "t3", messageID: "m3", offLine: false, application: nil)
        let events = await client.events().first(2)
        let messages = events.compactMap { event -> PushEvent.Message? in if case .message(let m) = event { m } else { nil } }
        #expect(messages.map(\.id) == ["t2:m2", "t3:m3"])
        #expect(messages.map(\.content) == ["data", "stored"])
        #expect(messages.map(\.offline) == [true, false])
    }

    @Test func anAPNsSilentPushIsAFetchAnsweredOnce() async {
        let (_, provider, client) = make(.background)
        client.setBackgroundWorkHandler { _ in .newData }
        let results = Locked<[BackgroundFetchResult]>([])
        await confirmation(expectedCount: 1) { done in
            provider.geTuiSdkDidReceiveSlience(["aps": ["content-available": 1], "_gmid_": "t:m"], fromGetui: false, offLine: false,
                                               appID: nil, taskID: "t", msgID: "m") { result in
                results.withLock { $0.append(result) }
                done()
            }
            for _ in 0..<1_000 where results.withLock({ $0.isEmpty }) { await Task.yield() }
        }
        #expect(results.withLock { $0 } == [.newData])
        let events = await client.events().first(1)
        #expect(events.map(\.kind) == [.received])
        #expect(events.first?.origin == .background)
    }

    @Test func thePassthroughCompletionIsAlwaysCompletedExactlyOnce() async {
        let (_, provider, _) = make()
        await confirmation(expectedCount: 3) { done in
            // Over Getui's socket with a handler anyway, twice; and a malformed APNs copy.
            for _ in 0..<2 {
                provider.geTuiSdkDidReceiveSlience(["payload": "x"], fromGetui: true, offLine: true, appID: nil, taskID: "t", msgID: "m") { _ in done() }
            }
            provider.geTuiSdkDidReceiveSlience(["aps": "broken"], fromGetui: false, offLine: false, appID: nil, taskID: nil, msgID: nil) { _ in done() }
        }
    }

    @Test func theAPNsCopyThenItsOfflinePassthroughIsOneEvent() async throws {
        let (_, provider, client) = make(.inactive)
        await confirmation(expectedCount: 1) { done in
            provider.geTuiSdkDidReceiveNotification(GetuiNotificationInfo(userInfo: Self.copy), response: GetuiResponseInfo()) { _ in done() }
        }
        provider.geTuiSdkDidReceiveSlience(["payload": "hi"], fromGetui: true, offLine: true, appID: nil, taskID: "task9", msgID: "msg9", fetchCompletionHandler: nil)
        provider.geTuiSdkDidReceiveSlience(["payload": "other"], fromGetui: true, offLine: true, appID: nil, taskID: "task10", msgID: "msg10", fetchCompletionHandler: nil)
        let events = await client.events().first(2)
        #expect(events.map(\.kind) == [.opened, .message])
        #expect(events.map(\.id) == ["task9:msg9", "task10:msg10"])
        #expect(client.heldEventCount == 0)
    }

    @Test func beforeIOS10TheReceiptComesWithAFetchCompletion() async {
        let (_, provider, client) = make(.active)
        await confirmation(expectedCount: 1) { done in
            provider.geTuiSdkDidReceiveNotification(GetuiNotificationInfo(userInfo: Self.copy), response: nil) { _ in done() }
        }
        #expect(await client.events().first(1).map(\.origin) == [.foreground])
    }

    @Test func clientIDAndStateEventsAreMasked() async {
        let (_, provider, client) = make()
        provider.geTuiSdkDidOccurError("network")
        provider.geTuiSDkDidNotifySdkState(.starting)
        provider.geTuiSdkDidRegisterClient("b4d1f5c2e8a94f7c9d0e1f2a3b4c5d6e")
        provider.geTuiSDkDidNotifySdkState(.started)
        provider.geTuiSdkDidOccurError("after registration: ignored")
        provider.geTuiSDkDidNotifySdkState(.offline)
        provider.geTuiSDkDidNotifySdkState(.stoped)
        let events = await client.events().first(6)
        #expect(events.map(\.kind) == [.registrationFailed, .providerState, .registered, .providerState, .providerState, .providerState])
        var dumped = ""
        dump(events, to: &dumped)
        #expect(!"\(events) \(dumped)".contains("b4d1f5c2e8a94f7c9d0e1f2a3b4c5d6e"))
        let states = events.compactMap { event -> ProviderConnectionState? in if case .providerState(let s) = event { s.state } else { nil } }
        #expect(states == [.connecting, .online, .offline, .stopped])
    }
}
