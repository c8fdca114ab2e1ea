/// The events the normaliser emitted lately, by delivery and share: an event is emitted once
/// per (delivery, share), and a provider's own-channel copy of a notification the app was told
/// of is not delivered again.
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

    /// What an event tells of its delivery: a delivery has one arrival, one response (the
    /// user's tap, action or dismissal) and, on a provider's channel, one message.
    enum Share: Int, Sendable {
        case arrival = 1
        case response = 2
        case message = 3
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

    /// What tells the app of a notification: its arrival or the user's response to it.
    private static let toldShares: [Share] = [.arrival, .response]

    /// Whether an arrival or a response of `identity` was emitted.
    func wasToldOf(_ identity: IdentityKey) -> Bool {
        for share in Self.toldShares {
            let key = EventKey(identity: identity, share: share)
            if recent.contains(key, hash: key.windowHash) { return true }
        }
        return false
    }

    /// Emits `event` (about `identity`) unless an event of its share was emitted already.
    ///
    /// The event is moved along to `emit`, not copied: no reference count is touched on its way.
    mutating func deliver(_ event: consuming PushEvent, _ identity: IdentityKey, _ share: Share, _ emit: (consuming PushEvent) -> Void) {
        let key = EventKey(identity: identity, share: share)
        guard recent.insert(key, hash: key.windowHash) else { return }
        emit(event)
    }
}
