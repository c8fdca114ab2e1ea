import Dispatch
import PushBridgeCore
import Testing
import _PushBridgeEventQueue

/// The queue under load, as the client uses it: several producers publishing under one shared
/// lock (``EventSubscription/yieldHoldingLock(taking:waking:)``, waking consumers after the lock is
/// released), several consumers reading one subscription at once, and cancellation racing both.
/// Each test fails, rather than hangs, if an event is lost or repeated: consumers stop at the
/// number expected plus one, and the stream ends when the producers finish it.
@Suite struct EventSubscriptionStressTests {
    /// Producer `producer`'s `index`th event.
    static func event(_ producer: Int, _ index: Int) -> PushEvent {
        EventSubscriptionTests.message("p\(producer)-\(index)")
    }

    /// Queues `event` the way the client's hub does: holding the client's lock, the consumers to
    /// wake resumed only after it is released.
    static func publish(_ event: PushEvent, to subscription: EventSubscription, holding lock: PlatformLock) {
        var woken: [EventSubscription.Waiter] = []
        var pending: PushEvent? = event
        lock.lock()
        subscription.yieldHoldingLock(taking: &pending, waking: &woken)
        lock.unlock()
        EventSubscription.resume(woken)
    }

    /// Every event of every producer reaches exactly one of the consumers, and each consumer sees
    /// each producer's events in the order it published them.
    @Test(arguments: [(producers: 4, consumers: 1), (producers: 4, consumers: 3), (producers: 1, consumers: 4)])
    func manyProducersUnderOneLockAndManyConsumersLoseAndRepeatNothing(producers: Int, consumers: Int) async {
        let perProducer = EventSubscription.retainedCapacity * 3 + 11
        let total = producers * perProducer
        let lock = PlatformLock()
        let subscription = EventSubscription(incomingLock: lock) { _ in }
        let readers = (0..<consumers).map { _ in
            Task.detached { await EventSubscriptionTests.drain(subscription, atMost: total + 1) }
        }
        await Task.detached {
            DispatchQueue.concurrentPerform(iterations: producers) { producer in
                for index in 0..<perProducer { Self.publish(Self.event(producer, index), to: subscription, holding: lock) }
            }
            let woken = lock.withLock {
                var woken: [EventSubscription.Waiter] = []
                subscription.finishHoldingLock(waking: &woken)
                return woken
            }
            EventSubscription.resume(woken)
        }.value
        var everything: [String] = []
        for reader in readers {
            let read = await reader.value
            everything += read
            for producer in 0..<producers {
                let own = read.filter { $0.hasPrefix("p\(producer)-") }.map { Int($0.dropFirst("p\(producer)-".count)) ?? -1 }
                #expect(own == own.sorted(), "producer \(producer)'s events are read in the order published")
            }
        }
        #expect(everything.count == total)
        let expected = (0..<producers).flatMap { producer in (0..<perProducer).map { "p\(producer)-\($0)" } }
        #expect(everything.sorted() == expected.sorted(), "each event exactly once")
    }

    /// Cancelling a consumer that waits while a producer publishes ends its read at once, runs the
    /// cancel handler exactly once, and leaves nothing for a later read; the producer's later
    /// events are dropped, not queued forever. Repeated, for the interleavings to vary.
    @Test func cancellingRacesPublishingWithoutADeadlockOrASecondCancel() async {
        let rounds = 200
        let cancels = Locked(0)
        for round in 0..<rounds {
            let lock = PlatformLock()
            let subscription = EventSubscription(incomingLock: lock) { _ in cancels.withLock { $0 += 1 } }
            let reader = Task.detached { await EventSubscriptionTests.drain(subscription, atMost: 10_001) }
            let producer = Task.detached {
                for index in 0..<(round % 7) * 50 { Self.publish(Self.event(0, index), to: subscription, holding: lock) }
            }
            if round.isMultiple(of: 2) { await Task.yield() }
            reader.cancel()
            DispatchQueue.concurrentPerform(iterations: 2) { _ in subscription.cancel() }
            await producer.value
            let read = await reader.value
            #expect(read.count <= (round % 7) * 50, "nothing read twice")
            Self.publish(Self.event(1, 0), to: subscription, holding: lock)
            #expect(await subscription.next() == nil, "a cancelled subscription queues nothing")
        }
        #expect(cancels.withLock { $0 } == rounds, "one cancel per subscription")
    }
}
