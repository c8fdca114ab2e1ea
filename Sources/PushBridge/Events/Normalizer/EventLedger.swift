/// The events the normaliser emitted lately, by delivery and share: an event is emitted once
/// per (delivery, share), whichever channel carries it.
///
/// One push, two channels (<doc:OneDeliveryOneEvent>, rule 1): a provider's own-channel message
/// (a JPush custom message, a Getui passthrough) is its delivery's **arrival**, as the APNs
/// notification of the same push is. Whichever of the two reaches the app first is told (a
/// `message` or a `received`); the later one is the same arrival and is dropped, with a
/// ``PushDiagnostic/Code/channelCopyDropped`` diagnostic. A message after the user's response to
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
    /// dismissal).
    enum Share: Int, Sendable {
        case arrival = 1
        case response = 2
    }

    /// The channel that carried an event: iOS's callbacks (the APNs notification), or the
    /// provider's own connection; `both` once the other channel's copy was dropped (and
    /// reported: once per push).
    enum Carrier: Sendable, Equatable {
        case system
        case providerChannel
        case both
    }

    private struct EventKey: Hashable, Sendable {
        var identity: IdentityKey
        var share: Share

        /// The identity's hash with the share mixed in: no second pass over the ID.
        var windowHash: Int { identity.hash ^ (share.rawValue &* Self.mixer) }

        /// An odd 64-bit constant (the golden ratio's fraction) spreading the tag over every bit.
        private static let mixer = Int(truncatingIfNeeded: 0x9E37_79B9_7F4A_7C15 as UInt64)
    }

    /// The events told, each with the channel that carried it.
    private var recent: RecentTable<EventKey, Carrier>
    /// The copies dropped because the other channel told the delivery first, not yet reported.
    private var droppedCopies: [PushDiagnostic] = []

    /// A ledger remembering the last `capacity` events.
    init(capacity: Int) {
        recent = RecentTable(capacity: capacity)
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
    mutating func deliver(_ event: consuming PushEvent, _ identity: IdentityKey, _ share: Share, _ emit: (consuming PushEvent) -> Void) {
        let key = EventKey(identity: identity, share: share)
        guard recent.insert(key, hash: key.windowHash, value: .system) else {
            if share == .arrival, recent.value(for: key, hash: key.windowHash) == .providerChannel {
                recent.set(.both, for: key, hash: key.windowHash)
                droppedCopies.append(Self.copyDropped(identity.id, told: "its message on the provider's channel", dropped: "the APNs notification"))
            }
            return
        }
        emit(event)
    }

    /// Emits a provider's own-channel message (`event`, a `message` about `identity`): the
    /// delivery's arrival, unless the app was already told of the delivery — its arrival by
    /// either channel, or the user's response to its notification.
    mutating func deliverMessage(_ event: consuming PushEvent, _ identity: IdentityKey, _ emit: (consuming PushEvent) -> Void) {
        let arrival = EventKey(identity: identity, share: .arrival)
        let response = EventKey(identity: identity, share: .response)
        switch recent.value(for: arrival, hash: arrival.windowHash) {
        case .system:
            recent.set(.both, for: arrival, hash: arrival.windowHash)
            droppedCopies.append(Self.copyDropped(identity.id, told: "its APNs notification", dropped: "its message on the provider's channel"))
        case .providerChannel, .both:
            // The same message again on its own channel is a redelivery, not a copy (or its copy
            // was reported already).
            break
        case nil where recent.contains(response, hash: response.windowHash):
            // Its arrival, as far as the ledger is concerned: a redelivery is not reported again.
            _ = recent.insert(arrival, hash: arrival.windowHash, value: .both)
            droppedCopies.append(Self.copyDropped(identity.id, told: "the user's response to its APNs notification", dropped: "its message"))
        case nil:
            _ = recent.insert(arrival, hash: arrival.windowHash, value: .providerChannel)
            emit(event)
        }
    }

    /// The diagnostics of copies dropped since the last call, oldest first; the list is emptied.
    mutating func takeDroppedCopies() -> [PushDiagnostic] {
        guard !droppedCopies.isEmpty else { return [] }
        defer { droppedCopies = [] }
        return droppedCopies
    }

    private static func copyDropped(_ id: String, told: String, dropped: String) -> PushDiagnostic {
        PushDiagnostic(
            code: .channelCopyDropped, notificationID: id,
            message: "one push on two channels: the app was told of \(id) by \(told), so \(dropped), the same delivery, was dropped")
    }
}
