@_spi(ProviderAuthor) import PushBridge
import PushBridgeModel
import PushBridgeMultiplex
import PushBridgeProviderKit
import PushBridgeTesting
import PushBridgeValidation
import Testing

/// A provider the core has never heard of, added in this test target alone (``AcmeAdapter``):
/// its configuration is read, its message IDs name deliveries, its channel holds messages, and it
/// runs through the client, the multiplexer, the validator and the simulator.
@Suite struct FourthProviderTests {
    static let tap: JSONObject = ["aps": ["alert": "Your parcel"], "acme_id": "p-17"]

    @Test func itsConfigurationSectionIsReadByItsDefinition() throws {
        let bytes = Array(#"{"provider": "acme", "acme": {"token": "acme-secret-token"}}"#.utf8)
        let configuration = try PushConfiguration(jsonBytes: bytes, providers: [AcmeDefinition()])
        #expect(configuration.provider == .acme)
        let settings = try configuration.settings(AcmeSettings.self, for: .acme)
        #expect(settings.token.revealed == "acme-secret-token")
        #expect(!configuration.description.contains("acme-secret-token"))
        #expect(throws: PushConfigurationError.self) {
            try PushConfiguration(jsonBytes: Array(#"{"provider": "acme", "acme": {"token": "x"}}"#.utf8), providers: [AcmeDefinition()])
        }
        #expect(throws: PushConfigurationError.self) {
            try PushConfiguration(jsonBytes: Array(#"{"provider": "acme"}"#.utf8), providers: [AcmeDefinition()])
        }
        // Without its definition the section is kept unread, every value masked.
        let unread = try PushConfiguration(jsonBytes: bytes)
        #expect(unread.settings(for: .acme) is UnreadProviderSettings)
        #expect(!unread.description.contains("acme-secret-token"))
    }

    /// Every event `body` makes the client emit: the stream ends when the client goes away.
    static func events(of provider: any PushProvider, _ body: (PushClient) throws -> Void) async throws -> [PushEvent] {
        let stream: PushEventStream
        do {
            let client = PushClient(provider: provider, scheduler: ManualScheduler())
            stream = client.events()
            try body(client)
        }
        return await stream.collected()
    }

    @Test func itsMessageIDNamesOneDeliveryOnEveryPath() async throws {
        let acme = AcmeProvider()
        // A content-available alert in the foreground: 3 (userInfo only), then 4 (a request identifier).
        let payload: JSONObject = ["aps": ["alert": "x", "content-available": 1], "acme_id": "p-18"]
        let events = try await Self.events(of: acme) { client in
            client.systemCallbacks.handle(
                CallbackInvocation(callback: .didReceiveRemoteNotificationFetch, state: .active, notification: try PushNotification(payload: payload))
            )
            client.systemCallbacks.handle(
                CallbackInvocation(callback: .willPresent, state: .active, notification: try PushNotification(payload: payload, identifier: "req-1")))
        }
        try events.check([.received(.foreground, id: "acme-p-18")])
        #expect(acme.observed == ["acme-p-18", "acme-p-18"], "the adapter observes both calls, named alike")
    }

    @Test func itsInboxMessagesAndTheirCopiesAreOneEvent() async throws {
        let acme = AcmeProvider()
        let events = try await Self.events(of: acme) { _ in
            try acme.receiveInbox(["id": "m-1", "text": "hello"], offline: false)
            try acme.receiveInbox(["id": "m-1", "text": "hello"], offline: true)
        }
        try events.check([.message(id: "acme-m-1")])
        #expect(throws: PushError.self) { try acme.receiveInbox(["id": "m-2"], offline: false) }
    }

    @Test func itsCapabilitiesFollowFromWhatItImplements() {
        #expect(AcmeProvider().capabilities == [.ownChannelMessages])
        #expect(PushClient(provider: AcmeProvider()).activeProvider?.capabilities == [.ownChannelMessages])
    }

    @Test func theMultiplexerRoutesByItsMessageID() throws {
        let acme = AcmeProvider()
        let other = InMemoryProvider()
        let client = PushClient(provider: MultiplexProvider(primary: other, others: [acme]), scheduler: ManualScheduler())
        client.systemCallbacks.handle(
            CallbackInvocation(callback: .willPresent, state: .active, notification: try PushNotification(payload: Self.tap, identifier: "r")))
        #expect(acme.observed == ["acme-p-17"])
        #expect(other.handledCallbacks.isEmpty)
    }

    @Test func theValidatorChecksItsPayloadKey() throws {
        #expect(PayloadValidator.validate(Self.tap, provider: AcmeDefinition()).isValid)
        let bad: JSONObject = ["aps": ["alert": "x"], "acme_id": 5]
        #expect(PayloadValidator.validate(bad, provider: AcmeDefinition()).warnings.map(\.field) == ["acme_id"])
    }

    @Test(arguments: [ArrivalState.foreground, .background, .notRunning])
    func aTapRunsThroughTheSimulatorLikePlainAPNs(state: ArrivalState) throws {
        let scenario = DispatchScenario(
            ios: IOSVersion(17), state: state, implements: [.didReceiveRemoteNotificationFetch, .willPresent, .didReceiveResponse],
            notification: .remote(Self.tap), presentation: [.banner], user: .tap)
        let acme = try ScenarioSimulator.run(scenario, provider: AcmeSimulator())
        let apns = try ScenarioSimulator.run(scenario, provider: SystemSimulator())
        #expect(acme.calls == apns.calls)
        #expect(acme.events.map(\.kind) == apns.events.map(\.kind))
        #expect(acme.events.allSatisfy { $0.id == "acme-p-17" })
        #expect(acme.events.filter { $0.kind == .opened }.count == 1)
    }

    @Test func itsChannelHoldsMessagesWhileTheAppIsAwayAndFlagsThemOffline() throws {
        let scenario = DispatchScenario(
            ios: IOSVersion(17), state: .background, notification: ScenarioNotification(source: .acmeInbox, payload: ["id": "m-3", "text": "hi"]),
            user: .openAppIcon)
        let result = try ScenarioSimulator.run(scenario, provider: AcmeSimulator())
        try result.events.check([.message(id: "acme-m-3")])
        guard case .message(let message) = result.events.first else { return }
        #expect(message.offline, "Acme's channel flags held messages")
        #expect(throws: PushError.self) { _ = try ScenarioSimulator.run(scenario, provider: SystemSimulator()) }
    }
}
