/// The subscribers of a ``PushClient`` and the events held while there are none.
///
/// A plain value: the client keeps it under the same lock as its normaliser, so events reach
/// every subscriber in the order the normaliser emitted them. Its subscriptions' producer side
/// is guarded by that same lock (the client creates them so), which is held whenever the hub is
/// used: the hub queues events with ``EventSubscription/yieldHoldingLock(_:)``.
struct EventHub {
    private var subscribers: [EventSubscription] = []
    private var held: [PushEvent] = []
    private var heldStart = 0
    let heldLimit: Int
    /// Events dropped because more than ``heldLimit`` were held.
    private(set) var droppedCount = 0

    init(heldLimit: Int) {
        self.heldLimit = heldLimit
    }

    var subscriberCount: Int { subscribers.count }
    var heldCount: Int { held.count - heldStart }

    /// Queues `event` for every subscriber, or holds it when there is none.
    mutating func publish(_ event: PushEvent) {
        guard subscribers.isEmpty else {
            for subscriber in subscribers { subscriber.yieldHoldingLock(event) }
            return
        }
        guard heldLimit > 0 else {
            droppedCount += 1
            return
        }
        if heldCount == heldLimit {
            heldStart += 1
            droppedCount += 1
        }
        held.append(event)
        if heldStart > heldLimit {  // compact now and then, keeping memory bounded
            held.removeFirst(heldStart)
            heldStart = 0
        }
    }

    /// Adds a subscriber and hands it every held event, in order.
    mutating func add(_ subscriber: EventSubscription) {
        for event in held[heldStart...] { subscriber.yieldHoldingLock(event) }
        held.removeAll(keepingCapacity: false)
        heldStart = 0
        subscribers.append(subscriber)
    }

    /// Removes a subscriber whose consumer went away.
    mutating func remove(_ subscriber: EventSubscription) {
        subscribers.removeAll { $0 === subscriber }
    }

    /// Ends every subscriber's stream (each reads what is queued first).
    mutating func finishAll() {
        for subscriber in subscribers { subscriber.finishHoldingLock() }
        subscribers.removeAll()
    }
}
