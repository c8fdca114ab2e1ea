import PushBridge
import PushBridgeAPNs
import PushBridgeAPNsTesting
import PushBridgeProviderKit
import PushBridgeTesting
import Testing

/// The APNs adapter: registration, the device token, pass-through callbacks, unsupported commands.
@Suite struct APNsProviderTests {
    @Test func registrationAsksThenRegistersAndTheTokenIsAMaskedEvent() async throws {
        let bridge = MockAPNsBridge(grants: true)
        let client = PushClient(provider: APNsProvider(bridge: bridge), scheduler: ManualScheduler())
        try client.register(PushRegistrationRequest(iosVersion: IOSVersion(12), options: [.alert, .badge, .provisional]))
        #expect(bridge.calls == [.requestAuthorization([.alert, .badge, .provisional]), .registerForRemoteNotifications])

        let token: [UInt8] = [0xDE, 0xAD, 0xBE, 0xEF, 0x00, 0x01, 0x02, 0x03]
        client.didRegisterForRemoteNotifications(deviceToken: token)
        let events = await client.events().first(1)
        guard case .registered(let registration) = events.first else {
            Issue.record("expected registered, got \(events)")
            return
        }
        #expect(registration.provider == .apns)
        #expect(registration.identifier.revealed == "deadbeef00010203")
        #expect("\(registration)".contains("deadbeef") == false)
        #expect("\(events)".contains("deadbeef") == false)
    }

    @Test func aDenialIsARegistrationFailure() async throws {
        let denied = PushError.VendorCode(domain: "UNErrorDomain", code: 1)
        let bridge = MockAPNsBridge(grants: false, error: denied)
        let client = PushClient(provider: APNsProvider(bridge: bridge), scheduler: ManualScheduler())
        try client.register(PushRegistrationRequest(iosVersion: IOSVersion(15)))
        #expect(bridge.calls == [.requestAuthorization([.alert, .badge, .sound])])
        let events = await client.events().first(1)
        #expect(events.map(\.kind) == [.registrationFailed])
        guard case .registrationFailed(let failure)? = events.first else { return }
        #expect(failure.error.vendorCode == denied, "the system error's domain and code survive")
        #expect(failure.error.field == "authorization")
    }

    @Test func aDeviceTokenFailureKeepsTheSystemErrorsCode() async {
        let provider = APNsProvider(bridge: MockAPNsBridge())
        let client = PushClient(provider: provider, scheduler: ManualScheduler())
        let code = PushError.VendorCode(domain: "NSCocoaErrorDomain", code: 3010)
        provider.didFailToRegisterForRemoteNotifications(errorCode: code)
        let events = await client.events().first(1)
        guard case .registrationFailed(let failure)? = events.first else {
            Issue.record("\(events)")
            return
        }
        #expect(failure.error.vendorCode == code)
        #expect(failure.error.description == "deviceToken: iOS could not register for remote notifications (NSCocoaErrorDomain 3010)")
    }

    @Test(arguments: [
        (IOSVersion(11, 4), AuthorizationOptions.provisional, false),
        (IOSVersion(12), AuthorizationOptions.provisional, true),
        (IOSVersion(12, 4), AuthorizationOptions.announcement, false),
        (IOSVersion(13), AuthorizationOptions.announcement, true),
        (IOSVersion(9, 3), AuthorizationOptions.carPlay, false),
        (IOSVersion(10), AuthorizationOptions.carPlay, true),
        (IOSVersion(11), AuthorizationOptions.criticalAlert, false),
        (IOSVersion(12), AuthorizationOptions.providesAppNotificationSettings, true),
    ])
    func optionsTheVersionLacksAreReportedNotDropped(version: IOSVersion, option: AuthorizationOptions, available: Bool) {
        let bridge = MockAPNsBridge()
        let provider = APNsProvider(bridge: bridge)
        let request = PushRegistrationRequest(iosVersion: version, options: [.alert, option])
        if available {
            #expect(throws: Never.self) { try provider.register(request) }
            #expect(bridge.calls.first == .requestAuthorization([.alert, option]))
        } else {
            #expect {
                try provider.register(request)
            } throws: { error in
                (error as? PushError)?.code == .unsupported && (error as? PushError)?.field == "options"
            }
            #expect(bridge.calls.isEmpty)
        }
    }

    @Test func callbacksPassThroughToTheClient() async throws {
        let client = PushClient(provider: APNsProvider(bridge: MockAPNsBridge()), scheduler: ManualScheduler())
        let note = try PushNotification(payload: ["aps": ["alert": "hi"]], identifier: "a-1")
        await confirmation(expectedCount: 1) { answered in
            client.callbacks.handle(
                CallbackInvocation(callback: .willPresent, state: .active, notification: note), completion: .presentation { _ in answered() })
        }
        let events = await client.events().first(1)
        #expect(events.map(\.kind) == [.received])
    }

    @Test func providerCommandsAreUnsupported() async {
        let client = PushClient(provider: APNsProvider(bridge: MockAPNsBridge()), scheduler: ManualScheduler())
        #expect(client.activeProvider?.capabilities.isEmpty == true)
        await #expect(throws: PushError.self) { _ = try await client.alias(AliasRequest(.set("user-1"))) }
        await #expect(throws: PushError.self) { _ = try await client.tags(TagsRequest(.add(["a"]))) }
        let message = PushEvent.Message(transport: "getui", offline: false, id: "t:m", payload: [:])
        #expect {
            _ = try client.report(.custom(90001), for: message)
        } throws: { error in
            (error as? PushError)?.code == .unsupported
        }
    }

    @Test("setBadge sets the icon on plain APNs (no server count to set), and clears it with 0")
    func badgeIsTheIcon() async throws {
        let client = PushClient(provider: APNsProvider(bridge: MockAPNsBridge()), scheduler: ManualScheduler())
        let settings = SimulatedNotificationSettings()
        settings.install(on: client)
        try await client.setBadge(3)
        #expect(settings.badge == 3)
        try await client.setBadge(0)
        #expect(settings.badge == 0)
        await #expect { try await client.setBadge(-1) } throws: { ($0 as? PushError)?.field == "badge" }
        #expect(settings.badge == 0)
    }

    @Test("registering with no options asks nothing and registers for the token")
    func emptyOptionsRegisterWithoutAsking() throws {
        let bridge = MockAPNsBridge()
        let client = PushClient(provider: APNsProvider(bridge: bridge), scheduler: ManualScheduler())
        try client.register(PushRegistrationRequest(iosVersion: IOSVersion(17), options: []))
        #expect(bridge.calls == [.registerForRemoteNotifications])
    }
}
