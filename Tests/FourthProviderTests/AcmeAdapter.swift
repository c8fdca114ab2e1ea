import Foundation
import PushBridge
import PushBridgeModel
import PushBridgeProviderKit

// A fourth provider, written here with no change to the core: its name, settings section,
// message ID, payload key, own channel, adapter and simulator. What `Adapters/README.md`'s
// "Adding a provider" asks of a new adapter, in one file.

extension PushProviderID {
    /// The fictional provider "Acme Push".
    static let acme: PushProviderID = "acme"
}

extension NotificationSource {
    /// Acme's in-app inbox channel.
    static let acmeInbox = NotificationSource(channel: "inbox", of: .acme)
}

/// Acme's settings: one `token` (a secret, masked when printed).
struct AcmeSettings: PushProviderSettings {
    var token: SecretText
    var provider: PushProviderID { .acme }
    var description: String { "AcmeSettings(token: \(token))" }
    var summary: [(key: String, value: String)] { [("acme.token", token.description)] }
}

/// What the core knows of Acme.
struct AcmeDefinition: PushProviderDefinition {
    static let messageIDKey = "acme_id"

    var id: PushProviderID { .acme }
    var requiresSettings: Bool { true }
    var channels: [ProviderChannel] { [ProviderChannel(source: .acmeInbox, flagsHeldMessagesOffline: true)] }

    func messageID(in payload: JSONObject) -> String? {
        guard case .string(let id) = payload[Self.messageIDKey], !id.isEmpty else { return nil }
        return "acme-" + id
    }

    func readSettings(_ section: JSONObject, field: String) throws(PushConfigurationError) -> any PushProviderSettings {
        guard case .string(let token) = section["token"], token.count >= 8 else {
            throw PushConfigurationError(problems: [PushError(.invalidConfiguration, field: "\(field).token", "missing or shorter than 8 characters")]
            )
        }
        return AcmeSettings(token: SecretText(token))
    }

    func payloadKeyProblems(_ payload: JSONObject) -> [PushError] {
        guard let value = payload[Self.messageIDKey], value.stringValue == nil else { return [] }
        return [PushError(.invalidPayload, field: Self.messageIDKey, "is \(value.typeDescription), expected a string")]
    }

    func readMessage(_ message: JSONObject, channel: NotificationSource, offline: Bool, field: String) throws(PushError) -> PushEvent.Message {
        guard case .string(let id) = message["id"], case .string = message["text"] else {
            throw PushError(.invalidPayload, field: "\(field).text", "missing (an inbox message has an id and a text)")
        }
        return PushEvent.Message(transport: .acme, offline: offline, id: "acme-" + id, payload: message)
    }
}

/// Acme's adapter: it observes the app's callbacks (counting them, as Acme's SDK would report
/// receipts), names deliveries by Acme's message ID and delivers its inbox messages. Its
/// capabilities (`ownChannelMessages`) follow from the opt-in protocols it conforms to.
final class AcmeProvider: PushProvider, CallbackObservingProvider, MessageIdentifyingProvider, OwnChannelProvider, @unchecked Sendable {
    // An outside author's own lock: PushBridge's lock box is not part of what it exports.
    private let lock = NSLock()
    private var sink = PushEventSink.discarding
    private var observedIDs: [String] = []

    var id: PushProviderID { .acme }
    var observed: [String] { lock.withLock { observedIDs } }

    func attach(to sink: PushEventSink) { lock.withLock { self.sink = sink } }
    func start(_ request: PushStartRequest) throws(PushError) {}
    func register(_ request: PushRegistrationRequest) throws(PushError) {}
    func didRegisterForRemoteNotifications(_ request: DeviceTokenRequest) {}

    func observe(_ invocation: CallbackInvocation) {
        lock.withLock { observedIDs.append(invocation.notification?.id ?? "-") }
    }

    func messageID(in payload: JSONObject) -> String? { AcmeDefinition().messageID(in: payload) }

    /// Acme's SDK received an inbox message on its socket.
    func receiveInbox(_ message: JSONObject, offline: Bool) throws(PushError) {
        let event = try AcmeDefinition().readMessage(message, channel: .acmeInbox, offline: offline, field: "message")
        lock.withLock { sink }.receive(event)
    }
}

/// Acme in `ScenarioSimulator` and the simulated device: iOS's calls reach the app's delegate
/// unchanged (Acme installs no delegate); inbox messages come through the adapter.
struct AcmeSimulator: ProviderSimulator {
    var definition: any PushProviderDefinition { AcmeDefinition() }

    func makeSession(scenario: DispatchScenario) throws(PushError) -> any ProviderSimulationSession {
        Session()
    }

    final class Session: ProviderSimulationSession {
        let acme = AcmeProvider()
        var provider: any PushProvider { acme }

        func replay(_ call: SystemCall, notification: PushNotification?, to client: PushClient) -> [TraceCall] {
            replayToApp(call, notification: notification, to: client)
        }

        func replay(_ delivery: ChannelDelivery, message: JSONObject) throws(PushError) -> [TraceCall] {
            try acme.receiveInbox(message, offline: delivery.offline)
            return [TraceCall(phase: delivery.phase, method: "acmeInboxDidReceive:", state: .active)]
        }
    }
}
