import PushBridgeCore

/// One subscriber's queue of events: what the client's `EventHub` hands a `PushEventStream`.
///
/// Fenced in a target of its own (`_PushBridgeEventQueue`, not a product), as NIO keeps its
/// lock-held structures in `_NIODataStructures`: the riskiest code of the runtime (two locks, an
/// unchecked-exclusivity buffer, continuations resumed outside the locks) sits beside its own
/// stress test (`Tests/_PushBridgeEventQueueTests`), apart from the facade that uses it.
///
/// A two-lock queue built for the event pipeline's hot path. The producer (the client, under its
/// own lock, which guards `incoming` too) appends to `incoming`; the consumer reads a whole batch
/// at a time from `outgoing` and takes the producer's lock only to swap the two buffers when
/// `outgoing` is used up. So queuing an event takes no lock beyond the client's, reading one an
/// uncontended lock of the consumer's own, and a consumer task suspends (and is woken) only when
/// there is nothing left to read — never for an event already queued. Neither side retains or
/// releases the subscription or its buffers per event (the hub and the iterator borrow it), and
/// an event is moved, not copied, from the normaliser into the buffer and out to the reader.
///
/// Events are never lost between iterators: the batch being read lives here, not in an
/// iterator, so breaking out of one `for await` and starting another continues where the first
/// stopped. The queue is unbounded, like the `AsyncStream` it replaces; the swapped buffers keep
/// their capacity only up to ``retainedCapacity`` events, so a burst does not pin its memory.
package final class EventSubscription: @unchecked Sendable {
    /// Capacity a drained buffer keeps for reuse; a larger one is released.
    package static let retainedCapacity = 1_024

    // The producer's side, under `incomingLock`. Every stored property is guarded by one of the
    // two locks, so none needs the runtime's dynamic exclusivity check as well.
    private let incomingLock: PlatformLock
    @exclusivity(unchecked) private var incoming = EventBuffer()
    @exclusivity(unchecked) private var waiters: [Waiter] = []
    @exclusivity(unchecked) private var isFinished = false
    @exclusivity(unchecked) private var isCancelled = false
    /// Set when a swap hands the consumer's side a batch, cleared at the next swap that finds
    /// nothing: another iterator about to wait checks it, as it cannot read `outgoing` here.
    @exclusivity(unchecked) private var hasUnreadBatch = false

    /// Keeps the two sides on different cache lines: the producer writes its side for every
    /// event, the consumer its own, and neither should take the other's line away.
    private let cacheLinePadding: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)

    // The consumer's side, under `outgoingLock` (taken before `incomingLock`, never after).
    private let outgoingLock = PlatformLock()
    /// Events are moved out as they are read (no retain, no release: the event's reference
    /// count is left to the consumer, on the consumer's thread).
    @exclusivity(unchecked) private var outgoing = EventBuffer()

    /// Runs once, when the consumer cancels (the client removes the subscription from its hub).
    private let onCancel: @Sendable (EventSubscription) -> Void

    /// A subscription whose cancellation runs `onCancel` (once, holding none of its locks).
    ///
    /// - Parameter incomingLock: The lock guarding the producer's side. A client passes its own
    ///   lock: it publishes while holding it anyway (``yieldHoldingLock(taking:waking:)``), so
    ///   queuing an event takes no second lock.
    package init(incomingLock: PlatformLock = PlatformLock(), onCancel: @escaping @Sendable (EventSubscription) -> Void) {
        self.incomingLock = incomingLock
        self.onCancel = onCancel
    }

    // MARK: Producer

    /// A consumer task waiting for events, to be resumed once no lock is held.
    package typealias Waiter = UnsafeContinuation<Void, Never>

    /// Queues `event` and wakes a waiting consumer. Ignored once finished or cancelled.
    package func yield(_ event: consuming PushEvent) {
        var woken: [Waiter] = []
        var pending: PushEvent? = consume event
        incomingLock.lock()
        yieldHoldingLock(taking: &pending, waking: &woken)
        incomingLock.unlock()
        Self.resume(woken)
    }

    /// Queues the event in `event`, moved out of it (left `nil`), for a caller that holds
    /// `incomingLock`; ignored once finished or cancelled. The consumers to wake are added to
    /// `woken`, for the caller to ``resume(_:)`` after it releases the lock. Never resume under
    /// the lock: resuming takes the consumer task's own status lock, which that task's
    /// cancellation handler holds while it waits for this lock (``cancel()``).
    package func yieldHoldingLock(taking event: inout PushEvent?, waking woken: inout [Waiter]) {
        guard !isFinished, let moved = event.take() else { return }
        incoming.append(moved)
        guard !waiters.isEmpty else { return }
        takeWaitersHoldingLock(into: &woken)
    }

    /// No more events will come: the consumer reads what is queued, then the end.
    package func finish() {
        var woken: [Waiter] = []
        incomingLock.withLock { finishHoldingLock(waking: &woken) }
        Self.resume(woken)
    }

    /// ``finish()`` for a caller that holds `incomingLock` (see
    /// ``yieldHoldingLock(taking:waking:)``).
    package func finishHoldingLock(waking woken: inout [Waiter]) {
        isFinished = true
        takeWaitersHoldingLock(into: &woken)
    }

    /// Resumes consumers taken from subscriptions; call it holding no lock.
    package static func resume(_ woken: [Waiter]) {
        for waiter in woken { waiter.resume() }
    }

    private func takeWaitersHoldingLock(into woken: inout [Waiter]) {
        woken.append(contentsOf: waiters)
        waiters.removeAll(keepingCapacity: true)
    }

    /// The consumer is gone (its task was cancelled or it dropped the stream): drops what is
    /// queued, ends the stream, and runs the termination handler once.
    package func cancel() {
        let (first, woken) = incomingLock.withLock { () -> (Bool, [Waiter]) in
            let first = !isCancelled
            let woken = waiters
            isFinished = true
            isCancelled = true
            incoming.reset(retainedCapacity: 0)
            waiters = []
            return (first, woken)
        }
        guard first else { return }
        Self.resume(woken)
        outgoingLock.withLock { outgoing.reset(retainedCapacity: 0) }
        onCancel(self)
    }

    // MARK: Consumer

    /// The next event, waiting for one if none is queued; `nil` once the stream has ended or
    /// the consuming task is cancelled. Cancellation ends the subscription at once and drops what
    /// is queued: a cancelled task reads nothing more (`AsyncStream` would still hand over what it
    /// had buffered).
    package func next(isolation actor: isolated (any Actor)? = #isolation) async -> PushEvent? {
        while true {
            switch nextQueued() {
            case .event(let event): return event
            case .ended: return nil
            case .empty: await waitForEvents()
            }
        }
    }

    /// The next queued event without waiting: what ``next(isolation:)`` returns at once when
    /// it can, so that reading a queued event is a plain call, not an `await`.
    package func nextQueued() -> Poll {
        if isCurrentTaskCancelled {
            cancel()
            return .ended
        }
        return poll()
    }

    /// Whether the task reading the stream was cancelled.
    private var isCurrentTaskCancelled: Bool {
        withUnsafeCurrentTask { task in task?.isCancelled ?? false }
    }

    /// What a read without waiting found.
    package enum Poll {
        /// The next event.
        case event(PushEvent)
        /// Nothing is queued yet.
        case empty
        /// The stream has ended.
        case ended
    }

    /// Takes the next queued event without waiting.
    private func poll() -> Poll {
        var woken: [Waiter] = []
        defer { Self.resume(woken) }  // after both locks are released
        outgoingLock.lock()
        defer { outgoingLock.unlock() }
        if let event = outgoing.moveNext() { return .event(event) }
        // The batch is used up: swap in what the producer queued meanwhile.
        outgoing.reset(retainedCapacity: Self.retainedCapacity)
        incomingLock.lock()
        swap(&incoming, &outgoing)
        let ended = isFinished
        hasUnreadBatch = !outgoing.isEmpty
        // Another iterator of this stream waiting meanwhile may take the rest of this batch: wake
        // it, or it would sleep beside queued events until the next one comes.
        if outgoing.unreadCount > 1 { takeWaitersHoldingLock(into: &woken) }
        incomingLock.unlock()
        if let event = outgoing.moveNext() { return .event(event) }
        return ended ? .ended : .empty
    }

    /// Suspends until an event is queued, the stream finishes, or the task is cancelled.
    private func waitForEvents(isolation actor: isolated (any Actor)? = #isolation) async {
        await withTaskCancellationHandler {
            await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
                incomingLock.lock()
                if !incoming.isEmpty || isFinished || hasUnreadBatch {
                    incomingLock.unlock()
                    continuation.resume()
                    return
                }
                waiters.append(continuation)
                incomingLock.unlock()
            }
        } onCancel: {
            cancel()
        }
    }
}

/// A growable buffer of events, filled at the end and read from the front by moving each event
/// out: the half of an ``EventSubscription``'s two-buffer queue.
///
/// Reading moves the event out of its slot without writing to it (an `Array` of optionals would
/// store `nil` there), so the memory the consumer has read stays clean in its cache and the
/// producer can take it back without the consumer's core giving up modified lines.
///
/// A noncopyable value stored inline in its subscription, not an object: using it retains and
/// releases nothing, so the producer and the consumer never write to a shared reference count
/// for it. Not thread-safe: the subscription guards each buffer with its lock.
private struct EventBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<PushEvent>
    private(set) var capacity: Int
    /// Slots `0 ..< count` have been written; `0 ..< readIndex` have been moved out again.
    private var count = 0
    private var readIndex = 0

    /// An empty buffer with room for `capacity` events before it grows.
    init(capacity: Int = 16) {
        self.capacity = max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        (base + readIndex).deinitialize(count: count - readIndex)
        base.deallocate()
    }

    /// Whether every event written has been read (or none was written).
    var isEmpty: Bool { readIndex == count }

    /// How many events are written and not yet read.
    var unreadCount: Int { count - readIndex }

    /// Appends `event` (moved in), growing the buffer when it is full.
    mutating func append(_ event: consuming PushEvent) {
        if count == capacity { grow() }
        (base + count).initialize(to: event)
        count += 1
    }

    /// Moves the next unread event out, or returns `nil` when all have been read.
    mutating func moveNext() -> PushEvent? {
        guard readIndex < count else { return nil }
        defer { readIndex += 1 }
        return (base + readIndex).move()
    }

    /// Drops every unread event and starts over from the first slot; a buffer grown beyond
    /// `retainedCapacity` gives its memory back.
    mutating func reset(retainedCapacity: Int) {
        (base + readIndex).deinitialize(count: count - readIndex)
        count = 0
        readIndex = 0
        if capacity > retainedCapacity {
            base.deallocate()
            capacity = max(1, retainedCapacity)
            base = .allocate(capacity: capacity)
        }
    }

    /// Doubles the capacity, keeping the unread events (moved to the front).
    private mutating func grow() {
        let larger = UnsafeMutablePointer<PushEvent>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base + readIndex, count: count - readIndex)
        base.deallocate()
        count -= readIndex
        readIndex = 0
        capacity *= 2
        base = larger
    }
}
