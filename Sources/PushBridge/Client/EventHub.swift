/// The subscribers of a ``PushClient`` and the events held while there are none.
///
/// A plain value: the client keeps it under the same lock as its normaliser, so events reach
/// every subscriber in the order the normaliser emitted them.
struct EventHub {
    private var subscribers: [UInt64: AsyncStream<PushEvent>.Continuation] = [:]
    private var nextSubscriberID: UInt64 = 0
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

    /// Yields `event` to every subscriber, or holds it when there is none.
    mutating func publish(_ event: PushEvent) {
        guard subscribers.isEmpty else {
            for continuation in subscribers.values { continuation.yield(event) }
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

    /// Adds a subscriber, hands it every held event in order, and returns its identifier.
    mutating func add(_ continuation: AsyncStream<PushEvent>.Continuation) -> UInt64 {
        let id = nextSubscriberID
        nextSubscriberID += 1
        for event in held[heldStart...] { continuation.yield(event) }
        held.removeAll(keepingCapacity: false)
        heldStart = 0
        subscribers[id] = continuation
        return id
    }

    /// Removes a subscriber whose stream ended.
    mutating func remove(_ id: UInt64) {
        subscribers[id] = nil
    }

    /// Ends every subscriber's stream.
    mutating func finishAll() {
        for continuation in subscribers.values { continuation.finish() }
        subscribers.removeAll()
    }
}
