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
struct EventBuffer: ~Copyable {
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
