// The client driven as the UIKit glue drives it: provider-author entry points.
@_spi(ProviderAuthor) import PushBridge
import PushBridgeProviderKit
import PushBridgeTesting

/// Resident growth after a million distinct notifications, beyond the documented window.
enum MemoryBenchmark {
    static func run() {
        let client = PushClient(provider: NoOpProvider(), options: PushClientOptions(heldEventLimit: 100), scheduler: ManualScheduler())
        let warmUp = 20_000
        for index in 0..<warmUp { deliver(client, index) }  // the window fills: its memory is expected
        let before = Harness.residentBytes()
        let total = Harness.size(1_000_000, short: 100_000)
        for index in warmUp..<total { deliver(client, index) }
        let growth = Harness.residentBytes() - before
        Harness.report(
            "memory after \(total) distinct notifications", value: Double(growth) / 1_024, unit: "KiB resident growth beyond the window",
            baseline: nil, target: "< 1 MiB", met: growth < 1 << 20)
    }

    static func deliver(_ client: PushClient, _ index: Int) {
        guard let note = try? PushNotification(payload: ["aps": ["alert": "x"]], identifier: "n\(index)") else { return }
        client.systemCallbacks.handle(CallbackInvocation(callback: .didReceiveRemoteNotificationFetch, state: .background, notification: note))
    }
}
