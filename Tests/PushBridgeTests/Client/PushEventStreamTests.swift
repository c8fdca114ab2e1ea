import Dispatch
import PushBridgeGetui
import PushBridgeJPush
import PushBridgeProviderKit
import PushBridgeTesting
import Testing

@testable import PushBridge

/// `PushEventStream` over the `EventSubscription` behind it: exactly once and in order, iterators
/// that share one queue, the end of the stream, unsubscribing (the queue's own guarantees are
/// `Tests/_PushBridgeEventQueueTests`, beside its target).
@Suite struct PushEventStreamTests {
    /// `n0`, `n1`, … `n(count - 1)`.
    static func ids(_ count: Int, from start: Int = 0, prefix: String = "n") -> [String] {
        (start..<start + count).map { "\(prefix)\($0)" }
    }

    /// One `received` event per identifier, through the client's callback path (method 4).
    static func emit(_ ids: [String], to client: PushClient) throws {
        for id in ids { client.callbacks.handle(Fixture.willPresent(try Fixture.notification(id))) }
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

    // MARK: Exactly once, in order

    @Test func everyEventIsDeliveredOnceInOrderAndTheStreamEndsWithItsClient() async throws {
        var client: PushClient? = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
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
        var client: PushClient? = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
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
                    producer.callbacks.handle(Fixture.willPresent(note))
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
        var client: PushClient? = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
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
        var client: PushClient? = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
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
        var client: PushClient? = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
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
        var client: PushClient? = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
        let stream = try #require(client).events()
        try Self.emit(Self.ids(9), to: try #require(client))
        try #require(Self.release(&client), "the client is deallocated, which ends its streams")
        #expect(await stream.first(4).compactMap(\.id) == Self.ids(4))
        #expect(await stream.first(1).compactMap(\.id) == ["n4"])
        #expect(await stream.first(4).compactMap(\.id) == Self.ids(4, from: 5))
    }

    @Test func twoIteratorsOfOneStreamTakeTurnsOnItsQueue() async throws {
        var client: PushClient? = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
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
        var client: PushClient? = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
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
                    producer.callbacks.handle(Fixture.willPresent(note))
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
        var client: PushClient? = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
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
                for note in notes { producer.callbacks.handle(Fixture.willPresent(note)) }
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
        var client: PushClient? = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
        let stream = try #require(client).events()
        let reader = Reader()
        try Self.emit(Self.ids(6), to: try #require(client))
        try #require(Self.release(&client), "the client is deallocated, which ends its streams")
        await reader.read(stream, count: 2)
        await reader.read(stream, count: 6)
        #expect(await reader.received == Self.ids(6))
    }
}
