import PushBridgeProviderKit
import PushBridgeTesting
import Testing

@testable import PushBridge

/// Many producers and subscribers at once: nothing lost, nothing duplicated.
@Suite struct ConcurrencyTests {
    static let producers = 8
    static let perProducer = 250

    @Test func everyEventReachesEverySubscriberExactlyOnce() async throws {
        let client = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
        let total = Self.producers * Self.perProducer
        let subscribers = (0..<4).map { _ in client.events() }

        let notes = try (0..<Self.producers).map { producer in
            try (0..<Self.perProducer).map { try Fixture.notification("p\(producer)-\($0)") }
        }
        let received = await withTaskGroup(of: [String].self) { group in
            for stream in subscribers {
                group.addTask { await stream.first(total).compactMap(\.id) }
            }
            for batch in notes {
                group.addTask {
                    for note in batch {
                        // Each delivery twice, as 3 then 4 would: still one event.
                        client.callbacks.handle(Fixture.fetch(note, .active))
                        client.callbacks.handle(Fixture.willPresent(note))
                    }
                    return []
                }
            }
            return await group.reduce(into: [[String]]()) { if !$1.isEmpty { $0.append($1) } }
        }
        #expect(received.count == subscribers.count)
        let expected = Set(notes.flatMap { $0.map(\.id) })
        for ids in received {
            #expect(ids.count == total)
            #expect(Set(ids) == expected)
        }
        // Every subscriber saw the same order.
        #expect(Set(received.map { $0.joined(separator: ",") }).count == 1)
    }

    @Test func subscribersJoiningAndLeavingMissNothingWhileSubscribed() async throws {
        let client = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
        let steady = client.events()
        let total = 2_000
        let notes = try (0..<total).map { try Fixture.notification("n\($0)") }

        let (steadyIDs, transientCounts) = await withTaskGroup(of: (String, [String]).self) { group in
            group.addTask { ("steady", await steady.first(total).compactMap(\.id)) }
            // Transient subscribers: each joins, reads a few events, and leaves.
            for index in 0..<16 {
                group.addTask {
                    let stream = client.events()
                    return ("transient-\(index)", await stream.first(5).compactMap(\.id))
                }
            }
            group.addTask {
                for note in notes { client.callbacks.handle(Fixture.willPresent(note)) }
                return ("producer", [])
            }
            var steadyIDs: [String] = []
            var transient: [[String]] = []
            for await (name, ids) in group {
                if name == "steady" { steadyIDs = ids } else if name.hasPrefix("transient") { transient.append(ids) }
            }
            return (steadyIDs, transient)
        }
        #expect(steadyIDs == notes.map(\.id))
        for ids in transientCounts {
            // A transient subscriber may join late, but what it sees is in order, without repeats.
            #expect(Set(ids).count == ids.count)
            let positions = ids.compactMap { id in notes.firstIndex { $0.id == id } }
            #expect(positions == positions.sorted())
        }
        // The transient subscribers have left (their streams were dropped).
        while client.subscriberCount > 1 { await Task.yield() }
        #expect(client.subscriberCount == 1)
        withExtendedLifetime(steady) {}
    }
}
