import PushBridgeCore
import PushBridgeProviderKit

/// The events the normaliser emitted lately, by delivery and share: an event is emitted once
/// per (delivery, share), whichever channel carries it.
///
/// One push, two channels (<doc:OneDeliveryOneEvent>, rule 1): a provider's own-channel message
/// (a JPush custom message, a Getui passthrough) is its delivery's **arrival**, as the APNs
/// notification of the same push is. Whichever of the two reaches the app first is told (a
/// `message` or a `received`); the later one is the same arrival and is dropped, with a
/// `PushDiagnostic.Code.channelCopyDropped` diagnostic. A message after the user's response to
/// the notification is dropped the same way: the app was told of the delivery. This is the only
/// place the rule is written: the resolver names both by the provider's message ID.
struct EventLedger: Sendable {
    /// A delivery's identity with its hash computed once, so the window hashes each identity
    /// string a single time per event.
    struct IdentityKey: Hashable, Sendable {
        let id: String
        let hash: Int

        init(_ id: String, hash: Int) {
            self.id = id
            self.hash = hash
        }

        init(_ id: String) {
            self.id = id
            hash = id.hashValue
        }

        /// A notification's identity, with the hash it computed when it was read.
        init(_ notification: borrowing PushNotification) {
            id = notification.id
            hash = notification.idHash
        }

        static func == (lhs: IdentityKey, rhs: IdentityKey) -> Bool { lhs.hash == rhs.hash && lhs.id == rhs.id }
        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }

    /// What an event tells of its delivery: a delivery has one arrival (a `received`, or a
    /// `message` on the provider's channel) and one response (the user's tap, action or
    /// dismissal). Two marks, not events, say which channel told the arrival: `message` when
    /// the provider's did, `copyReported` once the other channel's copy was dropped and
    /// reported (once per push). They take a place in the window only for a provider's message.
    enum Share: Int, Sendable {
        case arrival = 1
        case response = 2
        case message = 3
        case copyReported = 4
    }

    private struct EventKey: Hashable, Sendable {
        var identity: IdentityKey
        var share: Share

        /// The identity's hash with the share mixed in: no second pass over the ID.
        var windowHash: Int { identity.hash ^ (share.rawValue &* Self.mixer) }

        /// An odd 64-bit constant (the golden ratio's fraction) spreading the tag over every bit.
        private static let mixer = Int(truncatingIfNeeded: 0x9E37_79B9_7F4A_7C15 as UInt64)
    }

    private var recent: DedupeWindow<EventKey>
    /// The copies dropped because the other channel told the delivery first, not yet reported.
    private var droppedCopies: [PushDiagnostic] = []

    /// A ledger remembering the last `capacity` events.
    init(capacity: Int) {
        recent = DedupeWindow(capacity: capacity)
    }

    /// How many events it remembers now.
    var count: Int { recent.count }

    /// Whether an event of `share` was emitted for `record`'s delivery.
    func told(_ record: KnownDelivery, _ share: Share) -> Bool {
        let key = EventKey(identity: IdentityKey(record.deliveryID, hash: record.deliveryHash), share: share)
        return recent.contains(key, hash: key.windowHash)
    }

    /// Emits `event` (about `identity`, carried by iOS's callbacks) unless an event of its share
    /// was emitted already.
    ///
    /// The event is moved along to `emit`, not copied: no reference count is touched on its way.
    mutating func tell(_ event: consuming PushEvent, _ identity: IdentityKey, _ share: Share, _ emit: (consuming PushEvent) -> Void) {
        guard insert(identity, share) else {
            if share == .arrival, contains(identity, .message) { reportCopy(identity, dropped: "the APNs notification", told: "its message") }
            return
        }
        emit(event)
    }

    /// Emits a provider's own-channel message (`event`, a `message` about `identity`): the
    /// delivery's arrival, unless the app was already told of the delivery — its arrival by
    /// either channel, or the user's response to its notification.
    mutating func tellMessage(_ event: consuming PushEvent, _ identity: IdentityKey, _ emit: (consuming PushEvent) -> Void) {
        if contains(identity, .arrival) {
            // The same message again on its own channel is a redelivery, not a copy.
            if !contains(identity, .message) { reportCopy(identity, dropped: "the message", told: "its APNs notification") }
        } else if contains(identity, .response) {
            _ = insert(identity, .arrival)
            reportCopy(identity, dropped: "the message", told: "the user's response to its notification")
        } else {
            _ = insert(identity, .arrival)
            _ = insert(identity, .message)
            emit(event)
        }
    }

    private func contains(_ identity: IdentityKey, _ share: Share) -> Bool {
        let key = EventKey(identity: identity, share: share)
        return recent.contains(key, hash: key.windowHash)
    }

    private mutating func insert(_ identity: IdentityKey, _ share: Share) -> Bool {
        let key = EventKey(identity: identity, share: share)
        return recent.insert(key, hash: key.windowHash)
    }

    /// Reports the copy of a push dropped because the other channel told the app first, once per push.
    private mutating func reportCopy(_ identity: IdentityKey, dropped: String, told: String) {
        guard insert(identity, .copyReported) else { return }
        droppedCopies.append(
            PushDiagnostic(
                code: .channelCopyDropped, notificationID: identity.id,
                message: "one push on two channels: \(dropped) was dropped, the app was told by \(told)"))
    }

    /// The diagnostics of copies dropped since the last call, oldest first; the list is emptied.
    mutating func takeDroppedCopies() -> [PushDiagnostic] {
        guard !droppedCopies.isEmpty else { return [] }
        defer { droppedCopies = [] }
        return droppedCopies
    }
}
