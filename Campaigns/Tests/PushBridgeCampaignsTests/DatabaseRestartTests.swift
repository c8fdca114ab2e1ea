import Foundation
import PushBridgeCampaigns
import PushBridgeCore
import PushBridgeServer
import Testing

/// The database stopped and started again under a sending worker: on a cluster of the test's
/// own (`throwaway-postgres`, then `throwaway-postgres restart`), so that the other tests'
/// database is not touched.
@Suite("The database restarted mid-campaign", .enabled(if: TestDatabase.isAvailable, Comment(rawValue: TestDatabase.skipReason)))
struct DatabaseRestartTests {
    /// Runs `Campaigns/scripts/throwaway-postgres` with `arguments`: its standard output and error.
    /// Through files, not pipes, which the server it starts would hold open.
    static func script(_ arguments: [String]) throws -> (output: String, error: String, status: Int32) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pushbridge-restart-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputPath = folder.appendingPathComponent("out").path
        let errorPath = folder.appendingPathComponent("err").path
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Emulator.repositoryRoot.appendingPathComponent("Campaigns/scripts/throwaway-postgres").path)
        process.arguments = arguments
        process.standardOutput = FileHandle(forWritingAtPath: outputPath)
        process.standardError = FileHandle(forWritingAtPath: errorPath)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let text = { (path: String) in ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }
        return (text(outputPath), text(errorPath), process.terminationStatus)
    }

    @Test("the server stopped for 3 s while a worker sends: the worker carries on, every target ends with one result and one delivery")
    func restartMidCampaign() async throws {
        let started = try Self.script([])
        guard started.status == 0, started.output.hasPrefix("postgres://") else {
            throw TestFailure("throwaway-postgres did not start a cluster: \(started.error)")
        }
        let folder = started.error
        defer { _ = try? Self.script(["stop", folder]) }
        let count = 2_000
        let (emulator, config) = try Emulator.getui()
        let database = try CampaignDatabase(url: started.output)
        try await database.withStore(logger: TestDatabase.logger) { store in
            try await CampaignSchema.migrate(store.client, logger: TestDatabase.logger)
            let (id, targets) = try await makeCampaign(store, provider: "getui", kind: .clientID, count: count, batchSize: 100)
            var options = ConfigurationFileSenders.defaultOptions(maxConcurrentRequests: 10)
            options.baseURLs["getui"] = emulator.baseURL
            let worker = CampaignWorker(
                store: store, senders: ConfigurationFileSenders(files: ["default": config], options: options),
                options: CampaignWorkerOptions(workerID: "restart", leaseSeconds: 3, pollSeconds: 0.1, campaign: id, maxConcurrentTargets: 10),
                logger: TestDatabase.logger)
            let working = Task { try await worker.run() }
            defer { working.cancel() }

            // A fifth recorded: the server goes down for 3 s (connections cut), then comes back.
            var recordedAtStop: Int64 = 0
            try await waitUntil {
                recordedAtStop = try await TestDatabase.count(store, "SELECT count(*) FROM pushbridge.results WHERE campaign_id = \(id)")
                return recordedAtStop >= Int64(count / 5)
            }
            let restarted = try Self.script(["restart", folder, "3"])
            #expect(restarted.status == 0, "restart: \(restarted.error)")
            #expect(recordedAtStop < Int64(count), "the campaign was done before the restart")

            // The pool reconnects; the store's calls fail meanwhile, which the loop rides out.
            var state: CampaignState?
            try await waitUntil(every: .milliseconds(100)) {
                state = try? await store.status(id)?.state
                return state == .done
            }
            #expect(state == .done, "not done 60 s after the restart: \(String(describing: state))")
            let status = try #require(try await store.status(id))
            #expect(status.done == Int64(count) && status.byOutcome == ["accepted": Int64(count)])
            let distinct = try await TestDatabase.count(
                store, "SELECT count(DISTINCT (batch_no, position)) FROM pushbridge.results WHERE campaign_id = \(id)")
            #expect(distinct == Int64(count))
            // Once each: a batch whose recording the restart cut was sent again with the same
            // request_ids, which Getui answers without delivering again.
            let delivered = emulator.deliveredTargets
            #expect(delivered.count == count, "\(delivered.count) deliveries for \(count) targets")
            #expect(Set(delivered) == Set(targets))
            print("database restarted at \(recordedAtStop) of \(count) recorded; \(delivered.count) deliveries")
        }
        let stopped = try Self.script(["stop", folder])
        #expect(stopped.status == 0 && !FileManager.default.fileExists(atPath: folder), "the cluster in \(folder) was not removed: \(stopped.error)")
    }
}
