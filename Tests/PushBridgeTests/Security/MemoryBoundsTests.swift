@_spi(ProviderAuthor) import PushBridge
@_spi(ProviderAuthor) import PushBridgeTesting
import Testing

/// A million distinct notifications: the dedupe window and the held events stay bounded.
///
/// The bounds are checked by count, which holds under every build and beside every other suite.
/// The resident size is measured by the benchmarks (`memory`), alone in a release process: a
/// test process's resident size is shared with every suite running beside this one, so no
/// figure read here could tell growth of the windows from the other suites' allocations.
@Suite struct MemoryBoundsTests {
    @Test func aMillionDistinctNotificationsStayBounded() throws {
        let options = PushClientOptions(heldEventLimit: 100, dedupeWindow: 1_024)
        let client = PushClient(options: options, scheduler: ManualScheduler())
        for index in 0..<1_000_000 {
            let note = try PushNotification(payload: ["aps": ["alert": "x"]], identifier: "n\(index)")
            client.handle(CallbackInvocation(callback: .didReceiveRemoteNotificationFetch, state: .background, notification: note))
        }
        #expect(client.heldEventCount == 100)
        #expect(client.droppedEventCount == 1_000_000 - 100)
        #expect(client.rememberedCount <= 3 * 1_024)
    }
}
