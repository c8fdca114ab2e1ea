import PushBridge
import PushBridgeGetui
import PushBridgeJPush
import PushBridgeJPushTesting
import PushBridgeProviderKit
import PushBridgeTesting
import Testing

/// The app-delegate callbacks that are not notifications: a registration failure and a request
/// for the app's notification settings reach the app as events, once each, for every provider.
@Suite struct SystemEdgeCallbackTests {
    static let providers: [@Sendable () -> any PushProvider] = [
        { NoOpProvider() },
        { InMemoryProvider(definition: JPushDefinition()) },
        { InMemoryProvider(definition: GetuiDefinition()) },
        { JPushProvider(settings: JPushSettings(appKey: "5a6e94518f6bd85ba173cf77"), bridge: MockJPushBridge(), scheduler: ManualScheduler()) },
    ]

    @Test(arguments: 0..<providers.count)
    func aRegistrationFailureIsOneEventForEveryProvider(index: Int) throws {
        let provider = Self.providers[index]()
        let client = PushClient(provider: provider, scheduler: ManualScheduler())
        let tap = client.eventDrain()
        // 3010: registering is not supported in this simulator (Apple's NSCocoaErrorDomain code).
        client.didFailToRegisterForRemoteNotifications(error: PushError(.providerFailure, field: "deviceToken", "NSCocoaErrorDomain 3010"))
        let events = tap.take()
        try events.check([ExpectedPushEvent(.registrationFailed)])
        guard case .registrationFailed(let failure) = events.first else { return }
        #expect(failure.provider == provider.id)
        #expect(failure.error.field == "deviceToken")
    }

    @Test func aSettingsRequestCarriesItsNotificationOrNone() throws {
        let client = PushClient(provider: InMemoryProvider(definition: JPushDefinition()), scheduler: ManualScheduler())
        let tap = client.eventDrain()
        let note = try PushNotification(payload: ["aps": ["alert": "x"], "_j_msgid": 77], identifier: "request-1")
        client.openSettings(for: note)
        client.openSettings(for: nil)
        client.openSettings(for: nil)
        let events = tap.take()
        try events.check([.settingsRequested(), .settingsRequested(), .settingsRequested()])
        guard case .settingsRequested(let first) = events.first else { return }
        #expect(first.notification?.id == "77", "named by the provider's message ID")
        #expect(events.dropFirst().allSatisfy { if case .settingsRequested(let request) = $0 { request.notification == nil } else { false } })
    }
}
