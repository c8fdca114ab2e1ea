import PushBridge
import PushBridgeGetuiTesting
import PushBridgeGetui
import PushBridgeTesting
import Testing

/// The Getui provider behind a real `PushClient`: starting, registering, a silent push answered
/// with the app's result.
@Suite struct GetuiClientTests {
    static let settings = GetuiSettings(appID: "AppId1234567", appKey: "AppKey1234567", appSecret: "AppSecret1234567")

    private func make(_ state: ApplicationState = .inactive) -> (MockGetuiBridge, GetuiProvider, PushClient) {
        let bridge = MockGetuiBridge()
        let provider = GetuiProvider(settings: Self.settings, bridge: bridge, scheduler: ManualScheduler(), applicationState: { state })
        try? provider.setPrivacyConsent(.granted)
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
}
