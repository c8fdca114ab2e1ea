import PushBridgeGetui
import PushBridgeJPush
@testable import PushBridge
import Dispatch
import PushBridgeTesting
import Testing

/// `PushEventStream` and the `EventSubscription` behind it: exactly once and in order, iterators
/// that share one queue, the end of the stream, unsubscribing, and the queue's own guarantees.
@Suite struct PushEventStreamTests {
    /// `n0`, `n1`, … `n(count - 1)`.
    static func ids(_ count: Int, from start: Int = 0, prefix: String = "n") -> [String] {
        (start..<start + count).map { "\(prefix)\($0)" }
    }

    /// One `received` event per identifier, through the client's callback path (method 4).
    static func emit(_ ids: [String], to client: PushClient) throws {
        for id in ids { client.handle(Fixture.willPresent(try Fixture.notification(id))) }
    }

    /// A cheap distinct event for feeding an `EventSubscription` directly.
    static func message(_ id: String) -> PushEvent {
        .message(PushEvent.Message(transport: .jpush, offline: false, id: id, payload: [:]))
    }

    /// Drops the test's reference to `client`; `true` when it was the last one, so the client is
    /// deallocated and its streams end (a test that relies on that must not wait otherwise).
    static func release(_ client: inout PushClient?) -> Bool {
        let last = isKnownUniquelyReferenced(&client)
        client = nil
        return last
    }

    /// Whether `condition` holds now or after yielding a while: for what another thread completes
    /// soon after the test's action. Gives up (so the test fails, not hangs) after `rounds` yields.
    static func eventually(rounds: Int = 10_000, _ condition: () -> Bool) async -> Bool {
        for _ in 0..<rounds {
            if condition() { return true }
            await Task.yield()
        }
        return condition()
    }

    /// The identifiers of what `subscription` yields until it ends, but never more than `limit`
    /// (a queue that repeated an event forever must fail the test, not keep it running).
    static func drain(_ subscription: EventSubscription, atMost limit: Int) async -> [String] {
        var ids: [String] = []
        while ids.count < limit, let event = await subscription.next() { ids.append(event.id ?? "?") }
        return ids
    }

    // MARK: Exactly once, in order

    @Test func everyEventIsDeliveredOnceInOrderAndTheStreamEndsWithItsClient() async throws {
        var client: PushClient? = PushClient(scheduler: ManualScheduler())
        let stream = try #require(client).events()
        let ids = Self.ids(300)
        try Self.emit(ids, to: try #require(client))
        try #require(Self.release(&client), "the client is deallocated, which ends its streams")
        // Nothing more than what was emitted, nothing twice: the stream ends after the last one.
        #expect(await stream.first(ids.count + 1).compactMap(\.id) == ids)
    }

    @Test func aBurstConsumedWhileItIsProducedArrivesExactlyOnceInOrder() async throws {
        let total = 10_000
        let ids = Self.ids(total)
        let notes = try ids.map { try Fixture.notification($0) }
        var client: PushClient? = PushClient(scheduler: ManualScheduler())
        let stream = try #require(client).events()
        try await confirmation("one delivery per event", expectedCount: total) { delivered in
            let consumer = Task {
                var received: [String] = []
                received.reserveCapacity(total)
                for await event in stream {
                    delivered()
                    received.append(event.id ?? "?")
                    if received.count > total { break }
                }
                return received
            }
            do {
                let producer = try #require(client)
                for (index, note) in notes.enumerated() {
                    producer.handle(Fixture.willPresent(note))
                    if index % 1_000 == 0 { await Task.yield() }
                }
            }
            guard Self.release(&client) else {  // ends the stream once the consumer has read everything queued
                consumer.cancel()
                Issue.record("the client outlived the test's reference: its stream cannot end")
                return
            }
            let received = await consumer.value
            #expect(received.count == total)
            #expect(received == ids)
        }
    }

    @Test func heldEventsAndEventsEmittedAfterSubscribingArriveOnceInOrder() async throws {
        var client: PushClient? = PushClient(scheduler: ManualScheduler())
        let held = Self.ids(5, prefix: "held")
        try Self.emit(held, to: try #require(client))
        #expect(client?.heldEventCount == 5)
        let stream = try #require(client).events()
        let live = Self.ids(5, prefix: "live")
        try Self.emit(live, to: try #require(client))
        try #require(Self.release(&client), "the client is deallocated, which ends its streams")
        #expect(await stream.first(11).compactMap(\.id) == held + live)
    }

    @Test func heldEventsGoOnlyToTheFirstSubscriberEvenIfItLeavesWithoutReadingThem() async throws {
        var client: PushClient? = PushClient(scheduler: ManualScheduler())
        try Self.emit(Self.ids(3, prefix: "held"), to: try #require(client))
        var first: PushEventStream? = try #require(client).events()
        #expect(client?.heldEventCount == 0)
        withExtendedLifetime(first) {}
        first = nil
        #expect(client?.subscriberCount == 0)
        let second = try #require(client).events()
        try Self.emit(["new"], to: try #require(client))
        try #require(Self.release(&client), "the client is deallocated, which ends its streams")
        #expect(await second.first(2).compactMap(\.id) == ["new"])
    }

    // MARK: Iterators

    @Test func breakingOutOfALoopAndIteratingAgainContinuesWithTheNextEvent() async throws {
        var client: PushClient? = PushClient(scheduler: ManualScheduler())
        let stream = try #require(client).events()
        try Self.emit(Self.ids(6), to: try #require(client))

        var firstLoop: [String] = []
        for await event in stream {
            firstLoop.append(event.id ?? "?")
            if firstLoop.count == 2 { break }  // four events of the batch are still queued
        }
        // Four more queue behind the batch being read; then the stream ends after them, so no
        // read below can wait forever whatever the queue does.
        try Self.emit(Self.ids(4, from: 6), to: try #require(client))
        try #require(Self.release(&client), "the client is deallocated, which ends its streams")
        var secondLoop: [String] = []
        for await event in stream {
            secondLoop.append(event.id ?? "?")
            if secondLoop.count == 3 { break }
        }
        var manual = stream.makeAsyncIterator()
        let third = await manual.next()?.id
        let rest = await stream.first(5).compactMap(\.id)

        #expect(firstLoop == ["n0", "n1"])
        #expect(secondLoop == ["n2", "n3", "n4"])
        #expect(third == "n5")
        #expect(rest == ["n6", "n7", "n8", "n9"])
    }

    @Test func repeatedFirstCallsOnOneStreamReadConsecutiveEvents() async throws {
        var client: PushClient? = PushClient(scheduler: ManualScheduler())
        let stream = try #require(client).events()
        try Self.emit(Self.ids(9), to: try #require(client))
        try #require(Self.release(&client), "the client is deallocated, which ends its streams")
        #expect(await stream.first(4).compactMap(\.id) == Self.ids(4))
        #expect(await stream.first(1).compactMap(\.id) == ["n4"])
        #expect(await stream.first(4).compactMap(\.id) == Self.ids(4, from: 5))
    }

    @Test func twoIteratorsOfOneStreamTakeTurnsOnItsQueue() async throws {
        var client: PushClient? = PushClient(scheduler: ManualScheduler())
        let stream = try #require(client).events()
        try Self.emit(Self.ids(6), to: try #require(client))
        try #require(Self.release(&client), "the client is deallocated, which ends its streams")
        var a = stream.makeAsyncIterator()
        var b = stream.makeAsyncIterator()
        var order: [String] = []
        for _ in 0..<3 {
            order.append(await a.next()?.id ?? "nil")
            order.append(await b.next()?.id ?? "nil")
        }
        #expect(order == Self.ids(6))
    }

    @Test func twoConcurrentIteratorsOfOneStreamEachGetADisjointOrderedShare() async throws {
        let total = 10_000
        let notes = try Self.ids(total).map { try Fixture.notification($0) }
        var client: PushClient? = PushClient(scheduler: ManualScheduler())
        let stream = try #require(client).events()
        try await confirmation("one delivery per event across both iterators", expectedCount: total) { delivered in
            let readers = (0..<2).map { _ in
                Task {
                    var indices: [Int] = []
                    for await event in stream {
                        delivered()
                        indices.append(Int(event.id?.dropFirst() ?? "") ?? -1)
                        if indices.count > total { break }
                    }
                    return indices
                }
            }
            do {
                let producer = try #require(client)
                for (index, note) in notes.enumerated() {
                    producer.handle(Fixture.willPresent(note))
                    if index % 500 == 0 { await Task.yield() }
                }
            }
            guard Self.release(&client) else {
                for reader in readers { reader.cancel() }
                Issue.record("the client outlived the test's reference: its stream cannot end")
                return
            }
            var shares: [[Int]] = []
            for reader in readers { shares.append(await reader.value) }
            for share in shares { #expect(share == share.sorted(), "each iterator reads in emission order") }
            let union = shares.flatMap { $0 }
            #expect(union.count == total)
            #expect(union.sorted() == Array(0..<total))
        }
    }

    @Test func twoSubscribersEachGetEveryEvent() async throws {
        let total = 2_000
        let ids = Self.ids(total)
        let notes = try ids.map { try Fixture.notification($0) }
        var client: PushClient? = PushClient(scheduler: ManualScheduler())
        let streams = [try #require(client).events(), try #require(client).events()]
        #expect(client?.subscriberCount == 2)
        try await confirmation("each event once per subscriber", expectedCount: 2 * total) { delivered in
            let readers = streams.map { stream in
                Task {
                    var received: [String] = []
                    for await event in stream {
                        delivered()
                        received.append(event.id ?? "?")
                        if received.count > total { break }
                    }
                    return received
                }
            }
            do {
                let producer = try #require(client)
                for note in notes { producer.handle(Fixture.willPresent(note)) }
            }
            guard Self.release(&client) else {
                for reader in readers { reader.cancel() }
                Issue.record("the client outlived the test's reference: its stream cannot end")
                return
            }
            for reader in readers { #expect(await reader.value == ids) }
        }
    }

    @Test func anActorIteratingTheStreamGetsEveryEventInOrder() async throws {
        actor Reader {
            var received: [String] = []
            func read(_ stream: PushEventStream, count: Int) async {
                for await event in stream {
                    received.append(event.id ?? "?")
                    if received.count == count { break }
                }
            }
        }
        var client: PushClient? = PushClient(scheduler: ManualScheduler())
        let stream = try #require(client).events()
        let reader = Reader()
        try Self.emit(Self.ids(6), to: try #require(client))
        try #require(Self.release(&client), "the client is deallocated, which ends its streams")
        await reader.read(stream, count: 2)
        await reader.read(stream, count: 6)
        #expect(await reader.received == Self.ids(6))
    }

    // MARK: Waiting, ending, unsubscribing

    @Test func aWaitingConsumerIsWokenByEachNextEvent() async throws {
        let executor = ManualTaskExecutor()
        var client: PushClient? = PushClient(scheduler: ManualScheduler())
        let stream = try #require(client).events()
        let progress = Locked((received: [String](), ended: false))
        let consumer = Task(executorPreference: executor) {
            for await event in stream {
                let count = progress.withLock { $0.received.append(event.id ?? "?"); return $0.received.count }
                if count > 50 { break }
            }
            progress.withLock { $0.ended = true }
        }
        executor.runUntilIdle()
        #expect(progress.withLock { $0.received.isEmpty && !$0.ended }, "suspended on an empty queue")
        for round in 0..<50 {
            // The consumer is suspended; the event alone must schedule it again.
            try Self.emit(["n\(round)"], to: try #require(client))
            let woken = await executor.run { progress.withLock { $0.received.count } > round }
            #expect(woken, "the consumer is woken by event \(round)")
            #expect(progress.withLock { $0.received } == Self.ids(round + 1))
            if !woken { break }
        }
        #expect(Self.release(&client), "the client is deallocated")
        let ended = await executor.run { progress.withLock { $0.ended } }
        #expect(ended, "a suspended consumer is woken by the client's end")
        if ended { await consumer.value } else { consumer.cancel() }
        withExtendedLifetime(executor) {}
    }

    @Test func cancellingASuspendedConsumerEndsItsIterationAndUnsubscribes() async throws {
        let executor = ManualTaskExecutor()
        let client = PushClient(scheduler: ManualScheduler())
        let stream = client.events()
        let progress = Locked((received: [String](), ended: false, afterEnd: PushEvent?.none))
        let consumer = Task(executorPreference: executor) {
            for await event in stream {
                let count = progress.withLock { $0.received.append(event.id ?? "?"); return $0.received.count }
                if count > 1 { break }
            }
            var iterator = stream.makeAsyncIterator()
            let afterEnd = await iterator.next()
            progress.withLock {
                $0.afterEnd = afterEnd
                $0.ended = true
            }
        }
        try Self.emit(["before"], to: client)
        executor.runUntilIdle()
        #expect(progress.withLock { $0.received } == ["before"])
        #expect(client.subscriberCount == 1)

        consumer.cancel()
        let ended = await executor.run { progress.withLock { $0.ended } && client.subscriberCount == 0 }
        #expect(ended, "next returned nil to the cancelled consumer, which unsubscribed")
        #expect(client.subscriberCount == 0)
        #expect(progress.withLock { $0.afterEnd } == nil)
        if ended { await consumer.value }
        // With nobody subscribed, new events are held for the next subscriber.
        try Self.emit(["after"], to: client)
        #expect(client.heldEventCount == 1)
        #expect(progress.withLock { $0.received } == ["before"])
        withExtendedLifetime(executor) {}
    }

    @Test func cancellingAConsumingTaskEndsItsLoopAndUnsubscribes() async throws {
        let client = PushClient(scheduler: ManualScheduler())
        let stream = client.events()
        let consumer = Task {
            var count = 0
            for await _ in stream {
                count += 1
                if count > 3 { break }
            }
            var iterator = stream.makeAsyncIterator()
            return (count, await iterator.next())
        }
        try Self.emit(Self.ids(3), to: client)
        consumer.cancel()
        // Either the cancellation handler ends a waiting consumer or the consumer notices at its
        // next read: either way the loop ends and the subscription goes.
        let (count, afterEnd) = await consumer.value
        #expect(count <= 3)
        #expect(afterEnd == nil)
        #expect(await Self.eventually { client.subscriberCount == 0 })
    }

    // A consumer must notice its task's cancellation even when events are queued: noticing it
    // only on an empty queue (in `waitForEvents`) kept a cancelled consumer reading, and
    // subscribed, for as long as events kept arriving.
    @Test func aCancelledConsumerStopsEvenWhileEventsKeepArriving() async throws {
        let client = PushClient(scheduler: ManualScheduler())
        let stream = client.events()
        try Self.emit(["n0"], to: client)
        let read = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            var count = 0
            for await _ in stream {
                count += 1
                if count == 100 { break }  // bounds the test if cancellation is ignored
                try? Self.emit(["n\(count)"], to: client)
            }
            return count
        }.value
        // At most the event queued before the cancellation was noticed (`AsyncStream` delivers
        // what it had buffered; `EventSubscription.cancel` drops even that), never the later ones.
        #expect(read <= 1)
        #expect(await Self.eventually { client.subscriberCount == 0 })
    }

    // The runtime runs a task's cancellation handler holding that task's status lock, and the
    // stream's handler (`EventSubscription.cancel`) takes the client's lock; resuming a waiting
    // consumer takes the same status lock. So a producer must never resume a consumer while it
    // holds the client's lock: it did once, and this test hung within a few iterations.
    @Test
    func cancellingAWaitingConsumerWhileEventsArriveDoesNotDeadlock() async throws {
        let notes = try Self.ids(64).map { try Fixture.notification($0) }
        for _ in 0..<2_000 {
            let client = PushClient(scheduler: ManualScheduler())
            let stream = client.events()
            let consumer = Task {
                var count = 0
                for await _ in stream {
                    count += 1
                    if count > notes.count { break }
                }
            }
            let producer = Task.detached {
                for note in notes { client.handle(Fixture.willPresent(note)) }
            }
            await Task.yield()
            consumer.cancel()
            await producer.value
            await consumer.value
            #expect(await Self.eventually { client.subscriberCount == 0 })
        }
    }

    @Test func droppingTheStreamAndEveryIteratorUnsubscribes() async throws {
        let client = PushClient(scheduler: ManualScheduler())
        var stream: PushEventStream? = client.events()
        var iterator = stream?.makeAsyncIterator()
        try Self.emit(Self.ids(3), to: client)
        #expect(await iterator?.next()?.id == "n0")  // the rest of the batch stays queued
        #expect(client.subscriberCount == 1)

        withExtendedLifetime(stream) {}
        stream = nil
        #expect(client.subscriberCount == 1, "the iterator still holds the subscription")
        withExtendedLifetime(iterator) {}
        iterator = nil
        #expect(client.subscriberCount == 0)
        try Self.emit(["after"], to: client)
        #expect(client.heldEventCount == 1)
    }

    @Test func droppingOneOfTwoStreamsLeavesTheOtherSubscribed() async throws {
        var client: PushClient? = PushClient(scheduler: ManualScheduler())
        var dropped: PushEventStream? = try #require(client).events()
        let kept = try #require(client).events()
        #expect(client?.subscriberCount == 2)
        withExtendedLifetime(dropped) {}
        dropped = nil
        #expect(client?.subscriberCount == 1)
        try Self.emit(["x"], to: try #require(client))
        #expect(client?.heldEventCount == 0)
        try #require(Self.release(&client), "the client is deallocated, which ends its streams")
        #expect(await kept.first(2).compactMap(\.id) == ["x"])
    }

    @Test func aSubscriberReadsEveryQueuedEventBeforeTheStreamEndsWithItsClient() async throws {
        var client: PushClient? = PushClient(scheduler: ManualScheduler())
        let stream = try #require(client).events()
        try Self.emit(Self.ids(5), to: try #require(client))
        #expect(await stream.first(2).compactMap(\.id) == ["n0", "n1"])  // a batch is partly read
        try Self.emit(Self.ids(2, from: 5), to: try #require(client))  // and more are queued behind it
        try #require(Self.release(&client), "the client is deallocated")

        var iterator = stream.makeAsyncIterator()
        var rest: [String] = []
        while rest.count <= 5, let event = await iterator.next() { rest.append(event.id ?? "?") }
        #expect(rest == ["n2", "n3", "n4", "n5", "n6"])
        #expect(await iterator.next() == nil, "the end is final")
        var another = stream.makeAsyncIterator()
        #expect(await another.next() == nil)
    }

    @Test func aSuspendedConsumerEndsWhenItsClientIsDeallocated() async throws {
        let executor = ManualTaskExecutor()
        var client: PushClient? = PushClient(scheduler: ManualScheduler())
        let stream = try #require(client).events()
        let outcome = Locked((ended: false, event: PushEvent?.none))
        let consumer = Task(executorPreference: executor) {
            var iterator = stream.makeAsyncIterator()
            let event = await iterator.next()
            outcome.withLock { $0 = (true, event) }
        }
        executor.runUntilIdle()
        #expect(!outcome.withLock { $0.ended }, "suspended on an empty queue")
        #expect(Self.release(&client), "the client is deallocated")
        _ = await executor.run { outcome.withLock { $0.ended } }
        let (ended, event) = outcome.withLock { $0 }
        #expect(ended)
        #expect(event == nil)
        if ended { await consumer.value } else { consumer.cancel() }
        withExtendedLifetime(executor) {}
    }

    // MARK: EventSubscription

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

/// A task executor that runs its jobs only when a test says so, on the test's own thread: a
/// consumer that has nothing left to run is suspended, deterministically.
final class ManualTaskExecutor: TaskExecutor, @unchecked Sendable {
    private let jobs = Locked<[UnownedJob]>([])

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
    }

    /// Runs the queued jobs, and those they queue, until there is none.
    func runUntilIdle() {
        while let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    /// Runs jobs until `condition` holds, yielding between rounds in case what should queue the
    /// next job happens on another thread; gives up after `rounds` rounds. Whether it holds.
    func run(rounds: Int = 10_000, until condition: () -> Bool) async -> Bool {
        for _ in 0..<rounds {
            runUntilIdle()
            if condition() { return true }
            await Task.yield()
        }
        return condition()
    }
}
