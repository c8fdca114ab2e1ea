import Foundation
@_spi(ProviderAuthor) import PushBridge
import PushBridgeTesting
import Testing

/// The README's minimal app ("Receive events in an app"), run as `PushAppDelegate` runs it, with
/// each provider's mock SDK: the client made from a configuration file and the adapters the app
/// lists, launched by a tap, started with consent, registered. If the example stopped starting or
/// registering, these fail.
@Suite("The README's minimal app, on every provider")
struct MinimalAppFlowTests {
    /// The tapped notification's payload.
    static let payload: JSONObject = ["aps": ["alert": "New comment"], "type": "comment", "id": "7"]

    /// A temporary `push.json` holding `contents`.
    static func configurationFile(_ contents: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("front-door-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("push.json")
        try Data(contents.utf8).write(to: file)
        return file
    }

    /// The app's flow, up to the point where the user has tapped and the app is registered; the
    /// client goes away when this returns, ending `events` so that every event can be counted.
    static func run(_ provider: MockedProvider, completions: Locked<Int>) throws -> PushEventStream {
        let client = PushClient(configurationContentsOf: try configurationFile(provider.configuration), adapters: provider.adapters)
        #expect(client.configurationProblem == nil)
        #expect(client.provider.id == provider.id)

        // didFinishLaunching, as PushAppDelegate forwards it: the tap's payload in the launch options.
        if provider.id == .apns { client.notificationCenterDelegateSet() }  // PushBridge's delegate, installed first
        client.didFinishLaunching(launchOptions: [LaunchOptionsReader.remoteNotificationKey: payload.foundationDictionary], state: .inactive)
        let events = client.events()  // the app's event loop
        client.start(consent: .granted)
        #expect(provider.registrationRequests() == 1)

        provider.deliverTap(client, payload) { completions.withLock { $0 += 1 } }
        client.applicationDidBecomeActive()
        provider.completeRegistration(client)
        // Starting again (the user accepted the policy a second time) asks for nothing more.
        client.start(consent: .granted)
        #expect(provider.registrationRequests() == 1)
        return events
    }

    @Test("made from push.json, started and registered: one registration request, one registered, one opened for the cold-start tap", arguments: MockedProvider.all)
    func coldStartTapAndRegistration(_ provider: MockedProvider) async throws {
        let completions = Locked(0)
        let all = try await Self.run(provider, completions: completions).collected()
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
