import Foundation
// The client driven as the UIKit glue drives it: provider-author entry points.
@_spi(ProviderAuthor) import PushBridge
import PushBridgeProviderKit
import PushBridgeTesting

/// Building the client from a configuration and delivering the first (cold-start) event, against
/// decoding the same configuration alone.
enum ColdStartBenchmark {
    static let configuration = Array(#"{"provider": "apns"}"#.utf8)
    static let launch: JSONObject = [LaunchOptionsReader.remoteNotificationKey: ["aps": ["alert": "New comment"], "type": "comment", "id": "7"]]

    static func coldStart() async {
        guard let configuration = try? PushConfiguration(jsonBytes: configuration) else { fatalError("configuration") }
        // The adapter builds the provider the configuration names, as `PushClient(configurationFile:adapters:)` has it built.
        let adapter = PushAdapter(id: .apns, definition: nil) { _ in NoOpProvider() }
        guard configuration.provider == adapter.id, let provider = try? adapter.makeProvider(configuration) else { fatalError("provider") }
        let client = PushClient(provider: provider, scheduler: ManualScheduler())
        let (invocation, _) = LaunchOptionsReader.invocation(launchOptions: launch, state: .inactive)
        client.systemCallbacks.handle(invocation)
        client.systemCallbacks.handle(
            CallbackInvocation(
                callback: .didReceiveResponse, state: .inactive, action: .default, notification: invocation.notification))
        var iterator = client.events().makeAsyncIterator()
        _ = await iterator.next()
    }

    static func run() async {
        let iterations = 2_000
        let time = await Harness.measure(operations: iterations) {
            for _ in 0..<iterations { await coldStart() }
        }
        let baseline = Harness.measure(operations: iterations) {
            for _ in 0..<iterations { _ = try? PushConfiguration(jsonBytes: configuration) }
        }
        Harness.report(
            "cold start (configuration → client → first event)", value: time / 1_000, unit: "µs",
            baseline: ("decoding the configuration alone", baseline / 1_000), target: "< 50 µs", met: time < 50_000)
        let baselineAllocations = await Harness.allocations {
            _ = try? PushConfiguration(jsonBytes: configuration)
        }
        if let allocated = await Harness.allocations({ await coldStart() }) {
            Harness.report(
                "cold start allocation (\(allocated.calls) allocations)", value: Double(allocated.bytes) / 1_024, unit: "KiB",
                baseline: baselineAllocations.map { ("decoding the configuration alone", Double($0.bytes) / 1_024) },
                target: "< 1 MB", met: allocated.bytes < 1 << 20)
        }
        if let before = Harness.allocatedBytes() {
            await coldStart()
            let retained = (Harness.allocatedBytes() ?? before) - before
            print("cold start: \(max(0, retained)) bytes still allocated once the client is gone")
        }
    }
}
