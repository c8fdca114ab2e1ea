import PushBridgeProviderKit
import PushBridgeTesting
import Testing

@testable import PushBridge

/// Subscribing: held events, late subscribers, the hold's bound, unsubscribing.
@Suite struct EventStreamTests {
    @Test func eventsBeforeTheFirstSubscriberAreDeliveredOnceInOrder() async throws {
        let client = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
        let ids = ["a", "b", "c"]
        for id in ids { client.callbacks.handle(Fixture.willPresent(try Fixture.notification(id))) }
        #expect(client.heldEventCount == 3)

        let first = client.events()
        #expect(client.heldEventCount == 0)
        client.callbacks.handle(Fixture.willPresent(try Fixture.notification("d")))
        let received = await first.first(4)
        #expect(received.compactMap(\.id) == ids + ["d"])
        #expect(received.allSatisfy { $0.kind == .received })
    }

    @Test func laterSubscribersGetOnlyNewEvents() async throws {
        let client = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
        client.callbacks.handle(Fixture.willPresent(try Fixture.notification("early")))
        let first = client.events()
        let second = client.events()
        client.callbacks.handle(Fixture.willPresent(try Fixture.notification("late")))
        #expect(await first.first(2).compactMap(\.id) == ["early", "late"])
        #expect(await second.first(1).compactMap(\.id) == ["late"])
    }

    @Test(arguments: [0, 1, 5, 100])
    func theHoldIsBoundedAndCountsWhatItDrops(limit: Int) async throws {
        let client = PushClient(provider: NoOpProvider(), options: PushClientOptions(heldEventLimit: limit), scheduler: ManualScheduler())
        let total = limit + 7
        for index in 0..<total { client.callbacks.handle(Fixture.willPresent(try Fixture.notification("n\(index)"))) }
        #expect(client.heldEventCount == limit)
        #expect(client.droppedEventCount == total - limit)
        let events = await client.events().first(limit)
        // The oldest were dropped: the newest `limit` remain, in order.
        #expect(events.compactMap(\.id) == (total - limit..<total).map { "n\($0)" })
    }

    @Test func aCancelledSubscriberIsRemoved() async throws {
        let client = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
        let consumer = Task {
            for await _ in client.events() {}
        }
        while client.subscriberCount == 0 { await Task.yield() }
        consumer.cancel()
        await consumer.value
        while client.subscriberCount != 0 { await Task.yield() }
        // With no subscriber left, events are held again for the next one.
        client.callbacks.handle(Fixture.willPresent(try Fixture.notification("after")))
        #expect(client.heldEventCount == 1)
    }

    @Test func subscriptionIsRegisteredBeforeEventsReturns() async throws {
        let client = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
        let idle = client.events()  // the first subscriber, never iterated
        let stream = client.events()
        #expect(client.subscriberCount == 2)
        client.callbacks.handle(Fixture.willPresent(try Fixture.notification("x")))
        #expect(client.heldEventCount == 0)
        #expect(await stream.first(1).compactMap(\.id) == ["x"])
        withExtendedLifetime(idle) {}
    }

    @Test func aStreamNobodyHoldsUnsubscribes() throws {
        let client = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
        _ = client.events()
        #expect(client.subscriberCount == 0)
        client.callbacks.handle(Fixture.willPresent(try Fixture.notification("kept")))
        #expect(client.heldEventCount == 1)
    }

    @Test func duplicateDeliveriesYieldOneEvent() async throws {
        let client = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
        let stream = client.events()
        let note = try Fixture.notification("dup", contentAvailable: true)
        // iOS 10+, foreground, content-available: 3 then 4 for one delivery.
        client.callbacks.handle(Fixture.fetch(note, .active))
        client.callbacks.handle(Fixture.willPresent(note))
        client.callbacks.handle(Fixture.response(note, .default, .active))
        let events = await stream.first(2)
        #expect(events.map(\.kind) == [.received, .opened])
        #expect(events.map(\.origin) == [.foreground, .foreground])
    }
}
