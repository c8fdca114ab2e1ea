import PushBridgeCore
import PushBridgeProviderKit
import _PushBridgeEventQueue

/// The subscribers of a ``PushClient`` and the events held while there are none.
///
/// A plain value: the client keeps it under the same lock as its normaliser, so events reach
/// every subscriber in the order the normaliser emitted them. Its subscriptions' producer side
/// is guarded by that same lock (the client creates them so), which is held whenever the hub is
/// used: the hub queues events with `EventSubscription.yieldHoldingLock(taking:waking:)` and
/// collects the consumers to wake in ``wakeups``, which the client resumes once it has released
/// the lock (``takeWakeups()``).
struct EventHub {
    /// Contiguous: an `Array` of class references would check, on every subscript, whether it is
    /// a bridged `NSArray` (one more specialisation shipped, and a branch per access).
    private var subscribers: ContiguousArray<EventSubscription> = []
    private var held: [PushEvent] = []
    private var heldStart = 0
    let heldLimit: Int
    /// Events dropped because more than ``heldLimit`` were held.
    private(set) var droppedCount = 0
    /// Consumers to resume once the client's lock is released.
    private var wakeups: [EventSubscription.Waiter] = []

    init(heldLimit: Int) {
        self.heldLimit = heldLimit
    }

    var subscriberCount: Int { subscribers.count }
    var heldCount: Int { held.count - heldStart }

    /// Queues `event` for every subscriber, or holds it when there is none. The event moves to
    /// the last subscriber (or the held events); only the others get copies.
    mutating func publish(_ event: consuming PushEvent) {
        guard subscribers.isEmpty else {
            var pending: PushEvent? = consume event
            let last = subscribers.count - 1
            for index in subscribers.indices {
                // Each call retains its subscription for its duration (the optimiser does not
                // borrow an array element across a call it cannot see through, and no public API
                // does): one uncontended retain and release per subscriber and event, in the
                // object header beside the producer-side fields the call writes anyway.
                if index == last {
                    subscribers[index].yieldHoldingLock(taking: &pending, waking: &wakeups)
                } else {
                    var copy = pending
                    subscribers[index].yieldHoldingLock(taking: &copy, waking: &wakeups)
                }
            }
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
        for event in held[heldStart...] {
            var pending: PushEvent? = event
            subscriber.yieldHoldingLock(taking: &pending, waking: &wakeups)
        }
        held.removeAll(keepingCapacity: false)
        heldStart = 0
        subscribers.append(subscriber)
    }

    /// Finishes a subscription that never joined (its client had already closed).
    mutating func finish(_ subscriber: EventSubscription) {
        subscriber.finishHoldingLock(waking: &wakeups)
    }

    /// The consumers to resume, handed over (empty when nobody was waiting); the caller resumes
    /// them with `EventSubscription.resume(_:)` after releasing the client's lock.
    mutating func takeWakeups() -> [EventSubscription.Waiter] {
        guard !wakeups.isEmpty else { return [] }
        defer { wakeups.removeAll() }
        return wakeups
    }

    /// Removes a subscriber whose consumer went away.
    mutating func remove(_ subscriber: EventSubscription) {
        subscribers.removeAll { $0 === subscriber }
    }

    /// Ends every subscriber's stream (each reads what is queued first).
    mutating func finishAll() {
        for subscriber in subscribers { subscriber.finishHoldingLock(waking: &wakeups) }
        subscribers.removeAll()
    }
}
