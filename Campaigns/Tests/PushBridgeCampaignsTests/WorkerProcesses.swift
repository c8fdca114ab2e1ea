import Foundation
import PushBridgeCampaigns
import Testing

// What the campaign tests that run workers share: unique targets, a waiting loop with a
// deadline, the survivor that takes a dead worker's batches over, and the
// `pushbridge-campaign` process (started, signalled and waited for).

/// A prefix no other test's targets share: `letter` and seven hexadecimal digits.
func uniquePrefix(_ letter: String) -> String { letter + UUID().uuidString.prefix(7).lowercased() }

/// Target `index` of the targets named with `prefix` (`prefix000042`): as ``makeCampaign`` names them.
func targetName(_ prefix: String, _ index: Int) -> String { "\(prefix)\(String(format: "%06d", index))" }

/// `count` targets named with `prefix`, and an emulator script answering each one's first
/// request `seconds` late (`{"answers": {target: [{"action": "slow", …}]}}`).
func slowlyAnsweredTargets(_ count: Int, prefix: String, seconds: Double) -> (targets: [String], scriptJSON: String) {
    let targets = (0..<count).map { targetName(prefix, $0) }
    let answers = targets.map { "\"\($0)\": [{\"action\": \"slow\", \"seconds\": \(seconds)}]" }.joined(separator: ", ")
    return (targets, "{\"answers\": {\(answers)}}")
}

/// Checks `condition` every `interval` until it holds or `seconds` have passed; whether it held.
@discardableResult
func waitUntil(seconds: Double = 60, every interval: Duration = .milliseconds(20), _ condition: () async throws -> Bool) async throws -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
        if try await condition() { return true }
        guard Date() < deadline else { return false }
        try await Task.sleep(for: interval)
    }
}

/// Runs `worker` (one that returns when idle) again and again until `campaign` is no longer
/// running, 60 s at most: it takes a dead worker's batches once their leases end.
func runUntilSettled(_ worker: CampaignWorker, campaign: Int64, in store: CampaignStore) async throws {
    try await waitUntil(every: .milliseconds(200)) {
        guard try await store.status(campaign)?.state == .running else { return true }
        try await worker.run()
        return false
    }
}

/// The `pushbridge-campaign` built beside the tests (`swift build --build-tests` builds it).
enum BuiltCommand {
    static let path: String? = {
        let candidates = [Bundle.main.executableURL, URL(fileURLWithPath: CommandLine.arguments[0])].compactMap { $0 }
        for candidate in candidates {
            var folder = candidate.deletingLastPathComponent()
            for _ in 0..<4 {
                let path = folder.appendingPathComponent("pushbridge-campaign").path
                if FileManager.default.isExecutableFile(atPath: path) { return path }
                folder = folder.deletingLastPathComponent()
            }
        }
        return nil
    }()
    /// Starts `pushbridge-campaign work` on `campaign` against `provider`'s emulator at `baseURL`,
    /// with `more` arguments; its logs silenced, or at level info in the file `log`.
    static func work(
        campaign: Int64, config: String, provider: String, at baseURL: String, lease: Double, concurrency: Int = 20, more: [String] = [],
        log: URL? = nil
    ) throws -> Process {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: try #require(path))
        child.arguments =
            [
                "work", "--config", "default=\(config)", "--campaign", "\(campaign)", "--lease", "\(lease)", "--concurrency", "\(concurrency)",
                "--endpoint", "\(provider)=\(baseURL)",
            ] + more
        var environment = ProcessInfo.processInfo.environment
        environment["PUSHBRIDGE_LOG_LEVEL"] = log == nil ? "error" : "info"
        child.environment = environment
        child.standardOutput = FileHandle.nullDevice
        if let log {
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            child.standardError = try FileHandle(forWritingTo: log)
        } else {
            child.standardError = FileHandle.nullDevice
        }
        try child.run()
        return child
    }

    /// Sends `signal` to `child` and waits for it to end.
    static func stop(_ child: Process, with signal: Int32) {
        kill(child.processIdentifier, signal)
        child.waitUntilExit()
    }

    static let skipReason =
        TestDatabase.isAvailable ? "pushbridge-campaign is not built beside the tests (swift build --build-tests)" : TestDatabase.skipReason
}
