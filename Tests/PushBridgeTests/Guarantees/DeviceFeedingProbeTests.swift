import PushBridge
import PushBridgeProviderKit
import PushBridgeTesting
import Testing

/// What a client emitted and reported, read once the client is gone.
struct ClientRun {
    var events: [PushEvent]
    var diagnostics: [PushDiagnostic]

    /// `received foreground`, `opened coldStart`, …
    var rendered: [String] {
        events.map { event in ([event.kind.rawValue] + (event.origin.map { [$0.rawValue] } ?? [])).joined(separator: " ") }
    }

    /// Runs `body` against a new client on a manual clock, then ends the client and collects.
    static func run(
        options: PushClientOptions = PushClientOptions(), _ body: (PushClient, ManualScheduler) async throws -> Void
    ) async rethrows -> ClientRun {
        let scheduler = ManualScheduler()
        let diagnostics = Locked<[PushDiagnostic]>([])
        var client: PushClient? = PushClient(provider: NoOpProvider(), options: options, scheduler: scheduler)
        client?.setDiagnosticHandler { diagnostic in diagnostics.withLock { $0.append(diagnostic) } }
        guard let stream = client?.events() else { return ClientRun(events: [], diagnostics: []) }
        if let client { try await body(client, scheduler) }
        client = nil
        return ClientRun(events: await stream.collected(), diagnostics: diagnostics.withLock { $0 })
    }
}

/// What iOS hands each path on a device: launch options and methods 2/3 the `userInfo` only,
/// 4/5 a request identifier made anew for the delivery (what `PushAppIntegration` passes).
enum DeviceFeeding {
    static let payload: JSONObject = ["aps": ["alert": "New comment", "sound": "default"], "comment": 42]
    static let contentAvailablePayload: JSONObject = ["aps": ["alert": "New comment", "content-available": 1]]
    static let silentPayload: JSONObject = ["aps": ["content-available": 1], "sync": "inbox"]

    static func userInfo(_ payload: JSONObject = payload) throws -> PushNotification {
        try PushNotification(payload: payload)
    }

    static func request(_ identifier: String, _ payload: JSONObject = payload) throws -> PushNotification {
        try PushNotification(payload: payload, identifier: identifier)
    }

    static func fetch(_ state: ApplicationState, _ payload: JSONObject = payload) throws -> CallbackInvocation {
        CallbackInvocation(callback: .didReceiveRemoteNotificationFetch, state: state, notification: try userInfo(payload))
    }

    static func willPresent(_ identifier: String, _ payload: JSONObject = payload) throws -> CallbackInvocation {
        CallbackInvocation(callback: .willPresent, state: .active, notification: try request(identifier, payload))
    }

    static func response(_ identifier: String, _ state: ApplicationState = .inactive, _ payload: JSONObject = payload) throws -> CallbackInvocation {
        CallbackInvocation(callback: .didReceiveResponse, state: state, action: .default, notification: try request(identifier, payload))
    }
}

/// The two device-feeding probes, through `PushClient` directly: each yielded two events before
/// identities came from what each callback really carries.
@Suite struct DeviceFeedingProbeTests {
    @Test(arguments: [false, true])
    func aPlainAPNsColdStartTapIsOneOpenedEvent(becomesActiveBeforeTheResponse: Bool) async throws {
        let run = try await ClientRun.run { client, scheduler in
            let launchOptions: JSONObject = [LaunchOptionsReader.remoteNotificationKey: .object(DeviceFeeding.payload)]
            let (launch, error) = LaunchOptionsReader.invocation(launchOptions: launchOptions, state: .inactive)
            #expect(error == nil)
            client.callbacks.handle(launch)
            if becomesActiveBeforeTheResponse { client.applicationDidBecomeActive() }
            client.callbacks.handle(try DeviceFeeding.response("5F3C1D2A-7B1E-4C7A-9D2E-000000000001"), completion: .response {})
            client.applicationDidBecomeActive()
            scheduler.advance(by: 60)
        }
        #expect(run.rendered == ["opened coldStart"])
    }

    @Test func aForegroundContentAvailableAlertOnIOS10IsOneReceivedEvent() async throws {
        let run = try await ClientRun.run { client, scheduler in
            client.callbacks.handle(try DeviceFeeding.fetch(.active, DeviceFeeding.contentAvailablePayload), completion: .fetch { _ in })
            client.callbacks.handle(
                try DeviceFeeding.willPresent("9A0B7C3D-0000-4000-8000-000000000002", DeviceFeeding.contentAvailablePayload),
                completion: .presentation { _ in })
            scheduler.advance(by: 60)
        }
        #expect(run.rendered == ["received foreground"])
        #expect(Set(run.events.compactMap(\.id)).count == 1)
    }
}
