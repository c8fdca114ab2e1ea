import Foundation
// The client driven as the UIKit glue drives it: provider-author entry points.
@_spi(ProviderAuthor) import PushBridge
import PushBridgeModel
import PushBridgeProviderKit
import PushBridgeTesting

/// System callback in → `PushEvent` out to a subscriber (normalise, deduplicate, deliver), per
/// event, against `NotificationCenter` posting to one observer (what JPush uses for custom messages).
enum EventPipelineBenchmark {
    static let count = Harness.size(100_000, short: 10_000)
    /// Distinct notifications cycled through: four times the dedupe window, so that every
    /// callback is a notification the normaliser has forgotten (each one yields its event), yet
    /// few enough to stay in cache — as a notification iOS just handed over is. A hundred
    /// thousand prebuilt ones would measure memory latency on the benchmark's own array instead.
    static let distinct = 4 * PushClientOptions().dedupeWindow

    static func run() async {
        let notes = (0..<distinct).compactMap { try? PushNotification(payload: ["aps": ["alert": "x"]], identifier: "n\($0)") }
        let pool = notes.map { CallbackInvocation(callback: .didReceiveRemoteNotificationFetch, state: .active, notification: $0) }
        let invocations = (0..<count).map { pool[$0 % pool.count] }

        let pipeline = await Harness.measure(operations: count) {
            let client = PushClient(provider: NoOpProvider(), options: PushClientOptions(heldEventLimit: 0), scheduler: ManualScheduler())
            let stream = client.events()
            let consumer = Task {
                var received = 0
                for await _ in stream {
                    received += 1
                    if received == count { break }
                }
                return received
            }
            for invocation in invocations { client.systemCallbacks.handle(invocation) }
            _ = await consumer.value
        }

        // The same events, produced in a burst and then consumed: the per-event work without the
        // consumer's thread being woken for each one.
        let burst = await Harness.measure(operations: count) {
            let client = PushClient(provider: NoOpProvider(), options: PushClientOptions(heldEventLimit: 0), scheduler: ManualScheduler())
            let stream = client.events()
            for invocation in invocations { client.systemCallbacks.handle(invocation) }
            var received = 0
            for await _ in stream {
                received += 1
                if received == count { break }
            }
        }

        // Producer and consumer on one thread, as on iOS, where the delegate callbacks and a
        // `@MainActor` loop over the events both run on the main thread: callbacks in batches of
        // 64, each batch read before the next (the queue stays small, its buffers reused).
        let oneThread = await oneThreadInBatches(invocations)

        // The same, each callback fed what a device hands it: method 4 with a request identifier
        // in iOS's form and a payload of its own, and method 3 in the background with the payload
        // only (identified by its fingerprint), half and half.
        let deviceFed = await oneThreadInBatches((0..<count).map { deviceFedPool[$0 % deviceFedPool.count] })

        let center = NotificationCenter()
        let name = Notification.Name("kJPFNetworkDidReceiveMessageNotification")
        let counter = Counter()
        let observer = center.addObserver(forName: name, object: nil, queue: nil) { _ in counter.increment() }
        let userInfo: [AnyHashable: Any] = ["content": "x", "_j_msgid": 1]
        let baseline = Harness.measure(operations: count) {
            for _ in 0..<count { center.post(name: name, object: nil, userInfo: userInfo) }
        }
        center.removeObserver(observer)

        Harness.report(
            "event pipeline", value: pipeline, unit: "ns/event", baseline: ("NotificationCenter post, one observer", baseline),
            target: "≤ 1× baseline", met: pipeline <= baseline)
        Harness.report(
            "event pipeline, burst then drain", value: burst, unit: "ns/event", baseline: ("NotificationCenter post, one observer", baseline),
            target: "≤ 1× baseline", met: burst <= baseline)
        Harness.report(
            "event pipeline, one thread in batches of 64", value: oneThread, unit: "ns/event",
            baseline: ("NotificationCenter post, one observer", baseline), target: "≤ 1× baseline", met: oneThread <= baseline)
        Harness.report(
            "event pipeline, one thread, as a device feeds it", value: deviceFed, unit: "ns/event",
            baseline: ("NotificationCenter post, one observer", baseline), target: nil, met: true)
        // The throughput is per core: the one-thread variant does all the work on one.
        let perSecond = 1e9 / oneThread
        Harness.report(
            "event pipeline throughput on one core", value: perSecond, unit: "events/s", baseline: nil,
            target: "≥ 1,000,000 events/s", met: perSecond >= 1_000_000)
        Harness.report(
            "event pipeline throughput, subscriber on another thread", value: 1e9 / pipeline, unit: "events/s", baseline: nil,
            target: "≥ 1,000,000 events/s", met: 1e9 / pipeline >= 1_000_000)
    }
}

extension EventPipelineBenchmark {
    /// 4,096 distinct notifications as a device hands them: even ones to method 4 with a
    /// UUID-form identifier, odd ones to method 3 in the background with the payload only.
    static let deviceFedPool: [CallbackInvocation] = (0..<distinct).compactMap { index in
        let payload: JSONObject = ["aps": ["alert": "x", "content-available": 1], "n": .integer(Int64(index))]
        if index % 2 == 0 {
            let identifier = DeliveryHandover.newRequestIdentifier()
            return (try? PushNotification(payload: payload, identifier: identifier)).map {
                CallbackInvocation(callback: .willPresent, state: .active, notification: $0)
            }
        }
        return (try? PushNotification(payload: payload)).map {
            CallbackInvocation(callback: .didReceiveRemoteNotificationFetch, state: .background, notification: $0)
        }
    }

    /// Producer and consumer on one thread: `invocations` in batches of 64, each batch read
    /// before the next.
    static func oneThreadInBatches(_ invocations: [CallbackInvocation]) async -> Double {
        await Harness.measure(operations: invocations.count) {
            let client = PushClient(provider: NoOpProvider(), options: PushClientOptions(heldEventLimit: 0), scheduler: ManualScheduler())
            var iterator = client.events().makeAsyncIterator()
            var start = 0
            while start < invocations.count {
                let end = min(start + 64, invocations.count)
                for index in start..<end { client.systemCallbacks.handle(invocations[index]) }
                for _ in start..<end { _ = await iterator.next() }
                start = end
            }
        }
    }
}

/// A counter for the baseline's observer.
final class Counter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()
    func increment() {
        lock.lock()
        value += 1
        lock.unlock()
    }
}
