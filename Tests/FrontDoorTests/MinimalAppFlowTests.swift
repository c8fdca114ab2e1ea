import Foundation
import PushBridge
import PushBridgeProviderKit
import PushBridgeTesting
import Testing

/// The README's minimal app ("Receive events in an app"), run as `PushAppDelegate` runs it, with
/// each provider's mock SDK: the client made from a configuration file and the adapters the app
/// lists, launched by a tap, then the launch routine `PushAppDelegate` runs (`PushApp.launch`):
/// subscribed, started with consent, registered. If the example stopped starting or
/// registering, these fail.
@Suite("The README's minimal app, on every provider")
struct MinimalAppFlowTests {
    /// The tapped notification's payload.
    static let payload: JSONObject = ["aps": ["alert": "New comment"], "type": "comment", "id": "7"]

    /// A temporary `push.json` holding `contents`, in a folder of its own (the caller removes it).
    static func configurationFile(_ contents: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("front-door-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("push.json")
        try Data(contents.utf8).write(to: file)
        return file
    }

    /// The README's minimal app's push code as `PushAppDelegate` runs it: the README's consent,
    /// the adapters (each with its mock SDK), and a handler that keeps every event.
    @MainActor final class MinimalApp: PushApp {
        let pushAdapters: [PushAdapter]
        private(set) var events: [PushEvent] = []
        var privacyConsent: PrivacyConsent { .granted }
        init(adapters: [PushAdapter]) { pushAdapters = adapters }
        func handle(_ event: PushEvent) { events.append(event) }
    }

    /// The app's flow, up to the point where the user has tapped and the app is registered; the
    /// client goes away when this returns, ending the app's event loop (returned) once it has
    /// handled every event.
    @MainActor
    static func run(_ provider: MockedProvider, app: MinimalApp, completions: Locked<Int>) throws -> Task<Void, Never> {
        let file = try configurationFile(provider.configuration)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let client = PushClient(configurationContentsOf: file, adapters: app.pushAdapters)
        #expect(client.configurationProblem == nil)
        #expect(client.provider.id == provider.id)

        // didFinishLaunching, as PushAppDelegate forwards it: the tap's payload in the launch options.
        if provider.id == .apns { client.notificationCenterDelegateSet() }  // PushBridge's delegate, installed first
        client.didFinishLaunching(launchOptions: [LaunchOptionsReader.remoteNotificationKey: payload.foundationDictionary], state: .inactive)
        let loop = app.launch(client)  // PushAppDelegate's launch routine: subscribe, start with the app's consent
        #expect(provider.registrationRequests() == 1)

        provider.deliverTap(client, payload) { completions.withLock { $0 += 1 } }
        client.applicationDidBecomeActive()
        provider.completeRegistration(client)
        // Starting again (the user accepted the policy a second time) asks for nothing more.
        client.start(consent: .granted)
        #expect(provider.registrationRequests() == 1)
        return loop
    }

    @Test(
        "made from push.json, started and registered: one registration request, one registered, one opened for the cold-start tap",
        arguments: MockedProvider.all)
    @MainActor
    func coldStartTapAndRegistration(_ provider: MockedProvider) async throws {
        let completions = Locked(0)
        let app = MinimalApp(adapters: provider.adapters)
        let loop = try Self.run(provider, app: app, completions: completions)
        await loop.value
        let all = app.events
        let opened = all.compactMap { event -> PushEvent.Opened? in
            if case .opened(let opened) = event { return opened }
            return nil
        }
        let registered = all.filter { $0.kind == .registered }
        #expect(opened.count == 1, "events: \(all)")
        #expect(opened.first?.origin == .coldStart)
        #expect(opened.first?.notification.payload["type"] == "comment")
        #expect(registered.count == 1, "events: \(all)")
        #expect(!all.contains { $0.kind == .registrationFailed }, "events: \(all)")
        if provider.tapHasCompletion { #expect(completions.withLock { $0 } == 1) }
    }
}
