import PushBridgeGetui
import PushBridgeJPush
import PushBridgeMultiplex
import PushBridgeProviderKit
import PushBridgeTesting
import Testing

@testable import PushBridge

/// A provider that records the callbacks it observes and finds its own message IDs.
final class RecordingProvider: CapabilityNarrowingProvider, CallbackObservingProvider, MessageIdentifyingProvider, FeedbackProvider {
    let id: PushProviderID
    let declaredCapabilities: PushCapabilities
    private let state = Locked((sink: PushEventSink.discarding, handled: [String](), started: 0, reports: [FeedbackRequest]()))

    init(_ id: PushProviderID, capabilities: PushCapabilities = []) {
        self.id = id
        declaredCapabilities = capabilities
    }

    var handledIDs: [String] { state.withLock { $0.handled } }
    var startCount: Int { state.withLock { $0.started } }
    var reports: [FeedbackRequest] { state.withLock { $0.reports } }

    func attach(to sink: PushEventSink) { state.withLock { $0.sink = sink } }
    func start(_ request: PushStartRequest) throws(PushError) { state.withLock { $0.started += 1 } }
    func register(_ request: PushRegistrationRequest) throws(PushError) {}
    func didRegisterForRemoteNotifications(_ request: DeviceTokenRequest) {}
    func observe(_ invocation: CallbackInvocation) {
        state.withLock { $0.handled.append(invocation.notification?.id ?? "-") }
    }
    func messageID(in payload: JSONObject) -> String? {
        switch id {
        case .jpush: JPushDefinition().messageID(in: payload)
        case .getui: GetuiDefinition().messageID(in: payload)
        default: nil
        }
    }
    func report(_ request: FeedbackRequest) throws(PushError) -> FeedbackAction.Receipt {
        guard capabilities.contains(.customFeedback) else { throw unsupported("custom feedback") }
        state.withLock { $0.reports.append(request) }
        return FeedbackAction.Receipt(submitted: true)
    }
}

/// Two providers behind one client: each callback routed to one, each event delivered once.
@Suite struct MultiplexProviderTests {
    static let payloads: [(payload: JSONObject, owner: PushProviderID)] = [
        (["aps": ["alert": "j"], "_j_msgid": 123], .jpush),
        (["aps": ["alert": "g"], "_gmid_": "task:msg:x"], .getui),
        (["aps": ["alert": "plain"]], .getui),  // the primary
    ]

    @Test(arguments: payloads)
    func callbacksAreRoutedByProviderKeysAndDeliveredOnce(payload: JSONObject, owner: PushProviderID) async throws {
        let getui = RecordingProvider(.getui)
        let jpush = RecordingProvider(.jpush)
        let client = PushClient(provider: MultiplexProvider(primary: getui, others: [jpush]), scheduler: ManualScheduler())
        let note = try PushNotification(payload: payload, identifier: "plain-1")
        let invocation = CallbackInvocation(callback: .willPresent, state: .active, notification: note)
        await confirmation(expectedCount: 1) { answered in
            client.callbacks.handle(invocation, completion: .presentation { _ in answered() })
        }
        client.callbacks.handle(invocation)  // the same delivery again: no second event
        // The client names the delivery by the owner's message ID before its provider observes it.
        let name = (owner == .jpush ? jpush : getui).messageID(in: payload) ?? note.id
        #expect((owner == .jpush ? jpush : getui).handledIDs == [name, name])
        #expect((owner == .jpush ? getui : jpush).handledIDs.isEmpty)
        #expect(client.heldEventCount == 1)
    }

    @Test func commandsReachTheProvidersThatSupportThem() async throws {
        let getui = RecordingProvider(.getui, capabilities: [.customFeedback])
        let jpush = RecordingProvider(.jpush)
        let multiplex = MultiplexProvider(primary: jpush, others: [getui])
        let client = PushClient(provider: multiplex, scheduler: ManualScheduler())
        try client.start(PushStartRequest(iosVersion: IOSVersion(14)))
        #expect(getui.startCount == 1 && jpush.startCount == 1)
        #expect(client.activeProvider?.capabilities == [.customFeedback])
        #expect(client.provider.id == .jpush)
        let message = PushEvent.Message(transport: .getui, offline: true, id: "t:m", payload: ["payload": "x"])
        #expect(try client.report(.custom(90001), for: message).submitted)
        #expect(getui.reports == [FeedbackRequest(.custom(90001), messageID: "t:m")])
        await #expect(throws: PushError.self) { try await client.setBadge(1) }
    }

    @Test func noOpProviderPassesCallbacksAndSupportsNothing() async throws {
        let client = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
        #expect(client.provider.id == .apns)
        #expect(client.activeProvider?.capabilities.isEmpty == true)
        try client.start(PushStartRequest(iosVersion: IOSVersion(17)))
        let note = try PushNotification(payload: ["aps": ["alert": "x"]], identifier: "n")
        client.callbacks.handle(CallbackInvocation(callback: .willPresent, state: .active, notification: note))
        #expect(await client.events().first(1).map(\.kind) == [.received])
        let message = PushEvent.Message(transport: .getui, offline: false, id: "t:m", payload: [:])
        #expect { _ = try client.report(.custom(90001), for: message) } throws: { ($0 as? PushError)?.code == .unsupported }
    }

    @Test func aPassthroughOfAnAlreadyHandledNotificationIsDropped() async throws {
        let client = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
        let copy = try PushNotification(payload: ["aps": ["alert": "x"], "_gmid_": "task1:msg1:zz"])
        client.callbacks.handle(CallbackInvocation(callback: .didReceiveResponse, state: .inactive, action: .default, notification: copy))
        client.receive(PushEvent.Message(transport: .getui, offline: true, id: "task1:msg1", payload: ["payload": "x"]))
        client.receive(PushEvent.Message(transport: .getui, offline: true, id: "task2:msg2", payload: ["payload": "y"]))
        client.receive(PushEvent.Message(transport: .getui, offline: true, id: "task2:msg2", payload: ["payload": "y"]))
        #expect(await client.events().first(2).map(\.kind) == [.opened, .message])
        #expect(client.heldEventCount == 0)
    }
}
