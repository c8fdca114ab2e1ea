import PushBridgeGetui
import PushBridgeGetuiTesting
import PushBridgeProviderKit
import PushBridgeTesting
import Testing

@testable import PushBridge

/// The Getui provider behind a real `PushClient`: starting, registering, a silent push answered
/// with the app's result.
/// The start call the mock records for ``GetuiClientTests/settings``.
private enum PushStartRequestCall {
    static let start = MockGetuiBridge.Call.start(
        appID: "AppId1234567", appKey: "AppKey1234567", appSecret: "AppSecret1234567", launchedWithNotification: false)
}

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
        #expect(
            bridge.calls == [
                .start(appID: "AppId1234567", appKey: "AppKey1234567", appSecret: "AppSecret1234567", launchedWithNotification: false),
                .registerRemoteNotification(5),
            ])
        for secret in ["AppId1234567", "AppKey1234567", "AppSecret1234567"] {
            #expect(!"\(bridge.calls)".contains(secret))
            #expect(!"\(Self.settings)".contains(secret))
        }
        #expect(throws: PushError.self) { try client.register(PushRegistrationRequest(iosVersion: IOSVersion(12), options: [.announcement])) }
    }

    @Test func theServiceExtensionsAppGroupReachesGetuiBeforeItStarts() throws {
        // A client built from a configuration that switches the extension on hands Getui's SDK the
        // group (GeTuiSdk.h 3.1.0.0 L53: set it when the app uses the extension SDK), before it starts.
        let json = #"""
            {"provider": "getui", "getui": {"appId": "AppId1234567", "appKey": "AppKey1234567", "appSecret": "AppSecret1234567"},
             "serviceExtension": {"appGroup": "group.com.example.app"}}
            """#
        for (configuration, expected) in [
            (json, "group.com.example.app"),
            (#"{"provider": "getui", "getui": {"appId": "AppId1234567", "appKey": "AppKey1234567", "appSecret": "AppSecret1234567"}}"#, nil),
        ] {
            let bridge = MockGetuiBridge()
            let adapter = PushAdapter(id: .getui, definition: nil) { configuration in
                let provider = GetuiProvider(settings: try configuration.require(\.getui, "getui"), bridge: bridge, scheduler: ManualScheduler())
                try provider.setPrivacyConsent(.granted)
                return provider
            }
            let parsed = try PushConfiguration(jsonBytes: Array(configuration.utf8), providers: [GetuiDefinition()])
            let client = try PushClient(configuration: parsed, adapters: [adapter], scheduler: ManualScheduler())
            try client.start(PushStartRequest(iosVersion: IOSVersion(17)))
            let start = PushStartRequestCall.start
            if let expected {
                #expect(bridge.calls == [.setApplicationGroupIdentifier(expected), start])
            } else {
                #expect(bridge.calls == [start], "no extension, no app group")
            }
        }
    }

    @Test func anAPNsSilentPushIsAFetchAnsweredOnce() async {
        let (_, provider, client) = make(.background)
        client.setBackgroundWorkHandler { _ in .newData }
        let results = Locked<[BackgroundFetchResult]>([])
        await confirmation(expectedCount: 1) { done in
            provider.geTuiSdkDidReceiveSlience(
                ["aps": ["content-available": 1], "_gmid_": "t:m"], fromGetui: false, offLine: false,
                appID: nil, taskID: "t", msgID: "m"
            ) { result in
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
