import Dispatch
import PushBridgeCore
import Testing
import _PushBridgeEventQueue

/// The `EventSubscription` queue behind each stream, fed directly: finishing, cancelling once,
/// and bursts larger than its retained capacity.
@Suite struct EventSubscriptionTests {
    /// `n0`, `n1`, … `n(count - 1)`.
    static func ids(_ count: Int, from start: Int = 0, prefix: String = "n") -> [String] {
        (start..<start + count).map { "\(prefix)\($0)" }
    }

    /// A cheap distinct event for feeding an `EventSubscription` directly.
    static func message(_ id: String) -> PushEvent {
        .message(PushEvent.Message(transport: "jpush", offline: false, id: id, payload: [:]))
    }

    /// The identifiers of what `subscription` yields until it ends, but never more than `limit`
    /// (a queue that repeated an event forever must fail the test, not keep it running).
    static func drain(_ subscription: EventSubscription, atMost limit: Int) async -> [String] {
        var ids: [String] = []
        while ids.count < limit, let event = await subscription.next() { ids.append(event.id ?? "?") }
        return ids
    }

    @Test func aSubscriptionDeliversWhatWasQueuedBeforeFinishAndIgnoresLaterYields() async {
        let subscription = EventSubscription { _ in }
        subscription.yield(Self.message("a"))
        subscription.yield(Self.message("b"))
        subscription.finish()
        subscription.yield(Self.message("late"))
        #expect(await Self.drain(subscription, atMost: 3) == ["a", "b"])
        subscription.yield(Self.message("later"))
        #expect(await subscription.next() == nil)
    }

    @Test func cancellingASubscriptionDropsWhatIsQueuedAndEndsIt() async {
        let subscription = EventSubscription { _ in }
        for id in ["a", "b", "c"] { subscription.yield(Self.message(id)) }
        #expect(await subscription.next()?.id == "a")  // b and c are in the batch being read
        subscription.yield(Self.message("d"))  // and d behind it
        subscription.cancel()
        subscription.yield(Self.message("e"))
        #expect(await subscription.next() == nil)
        #expect(await subscription.next() == nil)
    }

    @Test func cancelRunsItsHandlerExactlyOnceWhenCalledFromManyThreads() async {
        let handed = Locked<[ObjectIdentifier]>([])
        await confirmation("the cancel handler runs once", expectedCount: 1) { cancelled in
            let subscription = EventSubscription { subscription in
                handed.withLock { $0.append(ObjectIdentifier(subscription)) }
                cancelled()
            }
            subscription.yield(Self.message("a"))
            DispatchQueue.concurrentPerform(iterations: 64) { _ in subscription.cancel() }
            subscription.cancel()
            #expect(handed.withLock { $0 } == [ObjectIdentifier(subscription)])
            #expect(await subscription.next() == nil)
        }
    }

    @Test func finishingDoesNotRunTheCancelHandler() async {
        await confirmation("finish is not a cancellation", expectedCount: 0) { cancelled in
            let subscription = EventSubscription { _ in cancelled() }
            subscription.yield(Self.message("a"))
            subscription.finish()
            subscription.finish()
            #expect(await Self.drain(subscription, atMost: 2) == ["a"])
            withExtendedLifetime(subscription) {}
        }
    }

    @Test func burstsLargerThanTheRetainedCapacityAreDeliveredWhole() async {
        let subscription = EventSubscription { _ in }
        let large = EventSubscription.retainedCapacity * 3 + 7
        let rounds = [large, 2 * large + 1, 5].enumerated().map { Self.ids($1, prefix: "r\($0)-") }
        var received: [String] = []
        // A burst, read in part; a second burst queued behind the rest of the first, and read
        // just past the swap of the two buffers; a small one into the buffer released meanwhile.
        // Each read takes well under half of what is queued and the end comes before the last
        // one, so no read waits forever even if the queue lost half of the events.
        for id in rounds[0] { subscription.yield(Self.message(id)) }
        let firstRead = large / 3
        for _ in 0..<firstRead { received.append(await subscription.next()?.id ?? "nil") }
        for id in rounds[1] { subscription.yield(Self.message(id)) }
        for _ in 0..<large - firstRead + 10 { received.append(await subscription.next()?.id ?? "nil") }
        for id in rounds[2] { subscription.yield(Self.message(id)) }
        subscription.finish()
        let expected = rounds.flatMap { $0 }
        received += await Self.drain(subscription, atMost: expected.count + 1 - received.count)
        #expect(received.count == expected.count)
        #expect(received == expected)
    }

    @Test func aBurstFromAnotherThreadIsDeliveredWholeToAConcurrentConsumer() async {
        let total = EventSubscription.retainedCapacity * 10
        let subscription = EventSubscription { _ in }
        let consumer = Task { await Self.drain(subscription, atMost: total + 1) }
        let producer = Task.detached {
            for index in 0..<total { subscription.yield(Self.message("n\(index)")) }
            subscription.finish()
        }
        await producer.value
        #expect(await consumer.value == Self.ids(total))
    }
}
