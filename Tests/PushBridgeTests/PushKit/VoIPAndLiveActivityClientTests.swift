import PushBridge
import PushBridgeMultiplex
import PushBridgeProviderKit
import PushBridgePushKit
import PushBridgeTesting
import Testing

/// The client's VoIP facade and token forwarding, with plain providers (no vendor SDK).
@Suite struct VoIPAndLiveActivityClientTests {
    /// A provider that records what the client forwards, with the capabilities given.
    final class RecordingProvider: CapabilityNarrowingProvider, VoIPProvider, LiveActivityProvider {
        let id: PushProviderID
        let declaredCapabilities: PushCapabilities
        let log = Locked<[String]>([])
        init(id: PushProviderID = .apns, capabilities: PushCapabilities = []) {
            self.id = id
            declaredCapabilities = capabilities
        }
        func attach(to sink: PushEventSink) {}
        func start(_ request: PushStartRequest) throws(PushError) {}
        func register(_ request: PushRegistrationRequest) throws(PushError) {}
        func didRegisterForRemoteNotifications(_ request: DeviceTokenRequest) {}
        func registerVoIPToken(_ request: VoIPTokenRequest) { log.withLock { $0.append("\(id) voip \(request)") } }
        func handleVoIPPush(_ request: VoIPPushRequest) { log.withLock { $0.append("\(id) push \(request.payload.count)") } }
        func registerLiveActivityToken(_ request: LiveActivityTokenRequest) { log.withLock { $0.append("\(id) activity \(request)") } }
        var entries: [String] { log.withLock { $0 } }
    }

    static let token: [UInt8] = [0xde, 0xad, 0xbe, 0xef, 0x01, 0x02, 0x03, 0x04, 0x0a, 0x0b]

    @Test func theCallIsReportedFirstAndPushKitCompletesOnceAfterCallKitAnswered() async throws {
        let provider = RecordingProvider(capabilities: .voip)
        let client = PushClient(provider: provider)
        let order = Locked<[String]>([])
        let callKitAnswer = Locked<(@Sendable ((any Error)?) -> Void)?>(nil)
        let events = client.pushKitEvents()
        try await confirmation("PushKit's completion", expectedCount: 1) { completed in
            client.handleVoIPPush(
                ["caller": "Ada"],
                completion: {
                    order.withLock { $0.append("completion") }
                    completed()
                }
            ) { push, reported in
                order.withLock { $0.append("report \(push.payload.count)") }
                #expect(provider.entries.isEmpty, "the SDK's receipt comes after the report")
                callKitAnswer.withLock { $0 = reported }  // CallKit answers later
            }
            #expect(order.withLock { $0 } == ["report 1"], "no completion before CallKit answered")
            #expect(provider.entries == ["apns push 1"])
            let answer = try #require(callKitAnswer.withLock { $0 })
            answer(nil)
            answer(nil)  // a second answer changes nothing
        }
        #expect(order.withLock { $0 } == ["report 1", "completion"])
        var iterator = events.makeAsyncIterator()
        let event = await iterator.next()
        #expect(event == .voipPush(PushKitEvent.VoIPPush(payload: ["caller": "Ada"], report: .reported)))
    }

    @Test func aRefusedCallStillCompletesAndSaysWhy() async {
        let client = PushClient(provider: NoOpProvider())
        await confirmation(expectedCount: 1) { completed in
            client.handleVoIPPush(["caller": "Ada"], completion: { completed() }) { _, reported in
                reported(PushError(.providerFailure, field: "call", "filtered by Do Not Disturb"))
            }
        }
        var iterator = client.pushKitEvents().makeAsyncIterator()
        guard case .voipPush(let push) = await iterator.next() else {
            Issue.record("no voipPush event")
            return
        }
        #expect(push.report.map { "\($0)" }?.contains("Do Not Disturb") == true)
        #expect(!"\(push)".contains("Ada"), "the payload's values are never printed")
    }

    @Test func tokensReachTheProvidersThatTakeThemAndTheAppAsMaskedEvents() async {
        let voipOnly = RecordingProvider(id: .jpush, capabilities: .voip)
        let activities = RecordingProvider(id: .getui, capabilities: [.liveActivities, .liveActivityPushToStart])
        let client = PushClient(provider: MultiplexProvider(primary: voipOnly, others: [activities]))
        client.didUpdateVoIPToken(Self.token)
        client.didUpdateVoIPToken(Self.token)  // unchanged: neither forwarded nor published again
        client.didUpdateLiveActivityToken(Self.token, activityID: "order-42")
        client.didUpdatePushToStartToken(Self.token, attributesType: "DeliveryAttributes")
        client.didEndLiveActivity(activityID: "order-42")
        client.didInvalidateVoIPToken()
        #expect(voipOnly.entries == ["jpush voip VoIPTokenRequest(••••0a0b)"])
        #expect(
            activities.entries == [
                "getui activity LiveActivityTokenRequest(liveActivity(order-42), ••••0a0b)",
                "getui activity LiveActivityTokenRequest(pushToStart(DeliveryAttributes), ••••0a0b)",
                "getui activity LiveActivityTokenRequest(liveActivity(order-42), ended)",
            ])
        let hex = "deadbeef010203040a0b"
        var iterator = client.pushKitEvents().makeAsyncIterator()  // the held events, in order
        var changes: [PushKitEvent.TokenChange] = []
        for _ in 0..<5 {
            if case .tokenChanged(let change) = await iterator.next() { changes.append(change) }
        }
        #expect(
            changes.map(\.kind) == [
                .voip, .liveActivity(activityID: "order-42"), .pushToStart(attributesType: "DeliveryAttributes"),
                .liveActivity(activityID: "order-42"), .voip,
            ])
        #expect(changes.map { $0.token?.revealed } == [hex, hex, hex, nil, nil])
        #expect(changes.map(\.forwardedTo) == [[.jpush], [.getui], [.getui], [.getui], []])
        for change in changes {
            #expect(!"\(change)".contains(hex))
            #expect(!String(reflecting: change).contains(hex))
        }
    }

    @Test func plainAPNsForwardsNothingButTheAppGetsTheToken() async {
        let client = PushClient(provider: NoOpProvider())
        client.didUpdateVoIPToken(Self.token)
        var iterator = client.pushKitEvents().makeAsyncIterator()
        #expect(
            await iterator.next() == .tokenChanged(PushKitEvent.TokenChange(kind: .voip, token: SecretText("deadbeef010203040a0b"), forwardedTo: [])))
    }

    /// The PushKit stream runs on the client's generic hub (`EventHub<PushKitEvent>`): every
    /// subscriber gets every event once, a dropped stream unsubscribes (no queue left filling for
    /// nobody), and the client's end ends each stream after what it queued.
    @Test func pushKitStreamsShareTheHubUnsubscribeWhenDroppedAndEndWithTheClient() async throws {
        var client: PushClient? = PushClient(provider: NoOpProvider())
        let first = try #require(client).pushKitEvents()
        do {
            let second = try #require(client).pushKitEvents()
            withExtendedLifetime(second) { #expect(client?.pushKitSubscriberCount == 2) }
        }
        #expect(client?.pushKitSubscriberCount == 1, "the dropped stream unsubscribed")
        try #require(client).didUpdateVoIPToken(Self.token)
        client = nil
        var received: [PushKitEvent] = []
        for await event in first { received.append(event) }
        #expect(received == [.tokenChanged(PushKitEvent.TokenChange(kind: .voip, token: SecretText("deadbeef010203040a0b"), forwardedTo: []))])
    }

    @Test func requestsAndEventsAreMaskedWhenPrintedDumpedOrReflected() {
        let hex = "deadbeef010203040a0b"
        let values: [Any] = [
            VoIPTokenRequest(token: Self.token), LiveActivityTokenRequest(kind: .liveActivity(activityID: "a"), token: Self.token),
            PushKitEvent.tokenChanged(PushKitEvent.TokenChange(kind: .voip, token: SecretText(hex), forwardedTo: [.jpush])),
        ]
        for value in values {
            var dumped = ""
            dump(value, to: &dumped)
            #expect(!"\(value)".contains(hex))
            #expect(!String(reflecting: value).contains(hex))
            #expect(!dumped.contains(hex), "\(dumped)")
        }
    }

    @Test func aProviderWithOnlyTheCoreTakesNoTokenAndTheAppsServerStillGetsIt() async {
        let provider = NoOpProvider()
        #expect(!provider.capabilities.contains(.voip))
        let client = PushClient(provider: provider)
        var events = client.pushKitEvents().makeAsyncIterator()
        client.didUpdateVoIPToken(Self.token)
        guard case .tokenChanged(let change)? = await events.next() else {
            Issue.record("no tokenChanged event")
            return
        }
        #expect(change.kind == .voip)
        #expect(change.forwardedTo.isEmpty)
        #expect(
            PushCapabilities([.voip, .liveActivities, .liveActivityPushToStart]).description == "[voip, liveActivities, liveActivityPushToStart]")
    }
}
