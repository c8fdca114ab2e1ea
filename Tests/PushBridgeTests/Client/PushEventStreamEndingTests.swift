import PushBridgeProviderKit
import PushBridgeTesting
import Testing

@testable import PushBridge

/// `PushEventStream`: a consumer waiting and woken, the stream ending, and unsubscribing when
/// the consumer is cancelled or the stream dropped.
extension PushEventStreamTests {
    @Test func aWaitingConsumerIsWokenByEachNextEvent() async throws {
        let executor = ManualTaskExecutor()
        var client: PushClient? = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
        let stream = try #require(client).events()
        let progress = Locked((received: [String](), ended: false))
        let consumer = Task(executorPreference: executor) {
            for await event in stream {
                let count = progress.withLock {
                    $0.received.append(event.id ?? "?")
                    return $0.received.count
                }
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
        let client = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
        let stream = client.events()
        let progress = Locked((received: [String](), ended: false, afterEnd: PushEvent?.none))
        let consumer = Task(executorPreference: executor) {
            for await event in stream {
                let count = progress.withLock {
                    $0.received.append(event.id ?? "?")
                    return $0.received.count
                }
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
        let client = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
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
        let client = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
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
            let client = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
            let stream = client.events()
            let consumer = Task {
                var count = 0
                for await _ in stream {
                    count += 1
                    if count > notes.count { break }
                }
            }
            let producer = Task.detached {
                for note in notes { client.callbacks.handle(Fixture.willPresent(note)) }
            }
            await Task.yield()
            consumer.cancel()
            await producer.value
            await consumer.value
            #expect(await Self.eventually { client.subscriberCount == 0 })
        }
    }

    @Test func droppingTheStreamAndEveryIteratorUnsubscribes() async throws {
        let client = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
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
        var client: PushClient? = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
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
        var client: PushClient? = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
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
        var client: PushClient? = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
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
