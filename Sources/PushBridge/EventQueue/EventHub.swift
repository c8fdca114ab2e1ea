/// The subscribers of one event stream and the events held while there are none: the one hub
/// behind ``PushClient/events()`` (`EventHub<PushEvent>`, under the client's lock) and
/// `pushKitEvents()` (`EventHub<PushKitEvent>`, in `PushBridgePushKit`, under its attachment's).
///
/// A plain value: its owner keeps it under one lock (the client, the same lock as its
/// normaliser, so events reach every subscriber in the order the normaliser emitted them). Its
/// subscriptions' producer side is guarded by that same lock (the owner creates them so), which
/// is held whenever the hub is used: the hub queues events with
/// ``EventSubscription/yieldHoldingLock(taking:waking:)`` and collects the consumers to wake in
/// `wakeups`, which the owner resumes once it has released the lock (``takeWakeups()``).
package struct EventHub<Event> {
    /// Contiguous: an `Array` of class references would check, on every subscript, whether it is
    /// a bridged `NSArray` (one more specialisation shipped, and a branch per access).
    private var subscribers: ContiguousArray<EventSubscription<Event>> = ContiguousArray()
    private var held: [Event] = []
    private var heldStart = 0
    /// Events held at most while nobody is subscribed (the oldest is dropped beyond it).
    package let heldLimit: Int
    /// Events dropped because more than ``heldLimit`` were held.
    package private(set) var droppedCount = 0
    /// Consumers to resume once the owner's lock is released.
    private var wakeups: [EventSubscription<Event>.Waiter] = []

    /// A hub with no subscriber that holds up to `heldLimit` events until one comes.
    package init(heldLimit: Int) {
        self.heldLimit = heldLimit
    }

    /// How many subscribers there are.
    package var subscriberCount: Int { subscribers.count }
    /// How many events are held for the next subscriber.
    package var heldCount: Int { held.count - heldStart }

    /// Queues `event` for every subscriber, or holds it when there is none. The event moves to
    /// the last subscriber (or the held events); only the others get copies.
    package mutating func publish(_ event: consuming Event) {
        guard subscribers.isEmpty else {
            var pending: Event? = consume event
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
    package mutating func add(_ subscriber: EventSubscription<Event>) {
        for event in held[heldStart...] {
            var pending: Event? = event
            subscriber.yieldHoldingLock(taking: &pending, waking: &wakeups)
        }
        held.removeAll(keepingCapacity: false)
        heldStart = 0
        subscribers.append(subscriber)
    }

    /// Finishes a subscription that never joined (its owner had already closed).
    package mutating func finish(_ subscriber: EventSubscription<Event>) {
        subscriber.finishHoldingLock(waking: &wakeups)
    }

    /// The consumers to resume, handed over (empty when nobody was waiting); the caller resumes
    /// them with ``EventSubscription/resume(_:)`` after releasing the owner's lock.
    package mutating func takeWakeups() -> [EventSubscription<Event>.Waiter] {
        guard !wakeups.isEmpty else { return [] }
        defer { wakeups.removeAll() }
        return wakeups
    }

    /// Removes a subscriber whose consumer went away.
    package mutating func remove(_ subscriber: EventSubscription<Event>) {
        subscribers.removeAll { $0 === subscriber }
    }

    /// Ends every subscriber's stream (each reads what is queued first).
    package mutating func finishAll() {
        for subscriber in subscribers { subscriber.finishHoldingLock(waking: &wakeups) }
        subscribers.removeAll()
    }
}

/// A plain value of sendable parts, handed between threads only under its owner's lock.
extension EventHub: Sendable where Event: Sendable {}
