import Foundation
import PushBridge
import PushBridgeTesting
import Testing

/// The README's app with a privacy sheet on first launch, on every provider: consent first,
/// permission when the app chooses, the status read and heard changing, consent withdrawn, the
/// badge set and cleared. Each test would fail if a provider started (or a prompt appeared)
/// before consent, if a prompt or an event came twice or never, or if a withdrawal left a
/// provider on.
@Suite("Consent first, permission when the app chooses, on every provider")
struct ConsentAndPermissionTests {
    /// A client made as `PushAppDelegate` makes it, with the simulated notification settings as
    /// its notification center, launched.
    static func launch(_ provider: MockedProvider, settings: SimulatedNotificationSettings) throws -> PushClient {
        let file = try MinimalAppFlowTests.configurationFile(provider.configuration)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let client = PushClient(configurationContentsOf: file, adapters: provider.adapters)
        #expect(client.configurationProblem == nil)
        settings.install(on: client)
        client.didFinishLaunching(launchOptions: nil, state: .active)
        return client
    }

    /// The events `scenario` leads to, counted once the client is gone (which ends the stream).
    static func events(
        _ provider: MockedProvider, settings: SimulatedNotificationSettings, _ scenario: (PushClient) async throws -> Void
    ) async throws -> [PushEvent] {
        var stream: PushEventStream?
        do {
            let client = try launch(provider, settings: settings)
            stream = client.events()
            try await scenario(client)
        }
        return try await #require(stream).collected()
    }

    static func changes(_ events: [PushEvent]) -> [PushEvent.AuthorizationStatus] {
        events.compactMap {
            if case .authorizationChanged(let status) = $0 { return status }
            return nil
        }
    }

    @Test("before the user's consent: no provider started, no prompt, no registration, and one consentRequired event", arguments: MockedProvider.all)
    func nothingBeforeConsent(_ provider: MockedProvider) async throws {
        let settings = SimulatedNotificationSettings()
        let events = try await Self.events(provider, settings: settings) { client in
            client.start(consent: .denied)  // the privacy sheet is on screen
            // A token iOS hands over anyway (the app registered by itself) is not forwarded.
            provider.completeRegistration(client)
            await #expect { _ = try await client.authorizationStatus(requesting: [.alert, .sound]) } throws: {
                ($0 as? PushError)?.code == .consentRequired
            }
        }
        #expect(!provider.startedOrAsked())
        #expect(provider.registrationRequests() == 0)
        #expect(settings.prompts.isEmpty && settings.requests.isEmpty)
        #expect(!events.contains { $0.kind == .registered }, "events: \(events)")
        let failures = events.compactMap {
            if case .registrationFailed(let failure) = $0 { return failure.error.code }
            return nil
        }
        #expect(failures == [.consentRequired], "events: \(events)")
    }

    @Test(
        "consent given, quiet start: registered without a prompt; the app asks later: exactly one prompt, one change event",
        arguments: MockedProvider.all)
    func permissionWhenTheAppChooses(_ provider: MockedProvider) async throws {
        let settings = SimulatedNotificationSettings(userAllows: true)
        let events = try await Self.events(provider, settings: settings) { client in
            client.start(consent: .denied)
            client.start(consent: .granted, authorization: [.provisional])  // the user accepted the privacy policy
            provider.completeRegistration(client)
            #expect(provider.registrationRequests() == 1)
            #expect(settings.prompts.isEmpty)
            let status1 = try await client.authorizationStatus()
            #expect(status1 == .notDetermined)

            // The user reached the chat screen: the app asks now.
            let status2 = try await client.authorizationStatus(requesting: [.alert, .badge, .sound])
            #expect(status2 == .authorized)
            // Asking again, and becoming active again, prompt and announce nothing more.
            let status3 = try await client.authorizationStatus(requesting: [.alert, .badge, .sound])
            #expect(status3 == .authorized)
            client.applicationDidBecomeActive()
            client.applicationDidBecomeActive()
        }
        #expect(settings.prompts == [[.alert, .badge, .sound]])
        #expect(Self.changes(events) == [.authorized], "events: \(events)")
        #expect(events.filter { $0.kind == .registered }.count == 1, "events: \(events)")
    }

    @Test("a change in Settings is one event, seen when the app is next active; the status reads it", arguments: MockedProvider.all)
    func settingsChangeIsOneEvent(_ provider: MockedProvider) async throws {
        let settings = SimulatedNotificationSettings(status: .authorized)
        let events = try await Self.events(provider, settings: settings) { client in
            client.start(consent: .granted)
            let status4 = try await client.authorizationStatus()
            #expect(status4 == .authorized)
            settings.userTurnsOffInSettings()
            client.applicationDidBecomeActive()
            client.applicationDidBecomeActive()
            let status5 = try await client.authorizationStatus()
            #expect(status5 == .denied)
            settings.userChangesInSettings(to: .authorized)
            client.applicationDidBecomeActive()
        }
        #expect(Self.changes(events) == [.denied, .authorized], "events: \(events)")
    }

    @Test(
        "withdrawing consent turns push off: the SDK told, APNs unregistered, no more registrations; granting again registers again",
        arguments: MockedProvider.all)
    func withdrawalTurnsPushOff(_ provider: MockedProvider) async throws {
        let settings = SimulatedNotificationSettings()
        let events = try await Self.events(provider, settings: settings) { client in
            client.start(consent: .granted)
            provider.completeRegistration(client)
            client.start(consent: .denied)  // the user withdrew consent in the app's settings
            client.start(consent: .denied)
            #expect(settings.unregistrations == 1)
            #expect(provider.turnedOff())
            provider.completeRegistration(client)  // a token after the withdrawal is not forwarded
            try await client.setBadge(0)  // the icon is cleared; no server count without consent
            #expect(provider.serverBadges().isEmpty)

            client.start(consent: .granted)
            #expect(provider.registrationRequests() == 2)
            #expect(!provider.turnedOff() || provider.id == .apns)
        }
        #expect(events.filter { $0.kind == .registered }.count == 1, "events: \(events)")
        #expect(!events.contains { $0.kind == .registrationFailed }, "events: \(events)")
    }

    @Test("setBadge sets and clears the icon, and the provider's server count where it keeps one", arguments: MockedProvider.all)
    func badge(_ provider: MockedProvider) async throws {
        let settings = SimulatedNotificationSettings()
        _ = try await Self.events(provider, settings: settings) { client in
            client.start(consent: .granted)
            try await client.setBadge(5)
            #expect(settings.badge == 5)
            try await client.setBadge(0)
            #expect(settings.badge == 0)
            await #expect { try await client.setBadge(-2) } throws: { ($0 as? PushError)?.code == .outOfRange }
        }
        #expect(provider.serverBadges() == (provider.id == .apns ? [] : [5, 0]))
    }
}
