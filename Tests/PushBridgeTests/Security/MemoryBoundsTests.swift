import PushBridgeProviderKit
import PushBridgeTesting
import Testing

@testable import PushBridge

/// A million distinct notifications (`PUSHBRIDGE_EXHAUSTIVE=1`; 50,000 in a default run, still
/// far past both limits): the dedupe window and the held events stay bounded.
///
/// The bounds are checked by count, which holds under every build and beside every other suite.
/// The resident size is measured by the benchmarks (`memory`), alone in a release process: a
/// test process's resident size is shared with every suite running beside this one, so no
/// figure read here could tell growth of the windows from the other suites' allocations.
@Suite struct MemoryBoundsTests {
    @Test func aMillionDistinctNotificationsStayBounded() throws {
        let options = PushClientOptions(heldEventLimit: 100, dedupeWindow: 1_024)
        let client = PushClient(provider: NoOpProvider(), options: options, scheduler: ManualScheduler())
        let notifications = SpaceCoverage.repetitions(exhaustive: 1_000_000, sampled: 50_000)
        for index in 0..<notifications {
            let note = try PushNotification(payload: ["aps": ["alert": "x"]], identifier: "n\(index)")
            client.callbacks.handle(CallbackInvocation(callback: .didReceiveRemoteNotificationFetch, state: .background, notification: note))
        }
        #expect(client.heldEventCount == 100)
        #expect(client.droppedEventCount == notifications - 100)
        #expect(client.rememberedCount <= 3 * 1_024)
    }
}
