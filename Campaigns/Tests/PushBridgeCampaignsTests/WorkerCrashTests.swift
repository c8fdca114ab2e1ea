import Foundation
import PushBridgeCampaigns
import PushBridgeCore
import PushBridgeServer
import Testing

/// A worker process killed with SIGKILL mid-batch, and the worker that takes its batch over.
@Suite("A worker killed mid-batch", .enabled(if: TestDatabase.isAvailable && BuiltCommand.path != nil, Comment(rawValue: BuiltCommand.skipReason)))
struct WorkerCrashTests {
    @Test(
        "kill -9 mid-batch: another worker takes the batch when the lease ends; every target recorded once and, through Getui's request_id, delivered once"
    )
    func killedWorker() async throws {
        let count = 600
        // Every target's first request answers after 0.2 s: a batch of 100 at 20 in flight takes
        // about a second, so the kill lands inside one.
        let prefix = uniquePrefix("k")
        let (targets, script) = slowlyAnsweredTargets(count, prefix: prefix, seconds: 0.2)
        let (emulator, config) = try Emulator.getui(scriptJSON: script)
        try await TestDatabase.withStore { store in
            let (id, made) = try await makeCampaign(store, provider: "getui", kind: .clientID, count: count, batchSize: 100, prefix: prefix)
            #expect(made == targets)

            let child = try BuiltCommand.work(campaign: id, config: config, provider: "getui", at: emulator.baseURL, lease: 2)
            // Killed once it has recorded at least one batch and is inside another.
            try await waitUntil {
                try await TestDatabase.count(store, "SELECT count(*) FROM pushbridge.results WHERE campaign_id = \(id)") >= 100
                    && emulator.requests.count >= 130
            }
            BuiltCommand.stop(child, with: SIGKILL)
            let recordedAtKill = try await TestDatabase.count(store, "SELECT count(*) FROM pushbridge.results WHERE campaign_id = \(id)")
            let sentAtKill = emulator.requests.count
            #expect(recordedAtKill >= 100 && recordedAtKill < Int64(count), "recorded \(recordedAtKill) when killed")

            // The survivor: waits for the dead worker's lease, then finishes the campaign.
            let survivor = CampaignWorkerTests.worker(store, config, provider: "getui", at: emulator.baseURL, id: "survivor", campaign: id)
            try await runUntilSettled(survivor, campaign: id, in: store)
            let status = try #require(try await store.status(id))
            #expect(status.state == .done)
            #expect(status.done == Int64(count))
            let distinct = try await TestDatabase.count(
                store, "SELECT count(DISTINCT (batch_no, position)) FROM pushbridge.results WHERE campaign_id = \(id)")
            #expect(distinct == Int64(count))
            let taken = try await TestDatabase.count(store, "SELECT count(*) FROM pushbridge.batches WHERE campaign_id = \(id) AND claims > 1")
            #expect(taken >= 1, "no batch was taken over")

            // Delivered once each; the requests in flight at the kill were sent again with the
            // request_id they first carried, and Getui answered them without delivering.
            let delivered = emulator.deliveredTargets
            #expect(delivered.count == count, "\(delivered.count) deliveries for \(count) targets")
            #expect(Set(delivered) == Set(targets))
            let ids = emulator.requests.compactMap { $0["body"]?["request_id"]?.stringValue }
            let repeated = ids.count - Set(ids).count
            #expect(repeated >= 1, "no request was re-sent with its first request_id (\(sentAtKill) requests at the kill)")
            print(
                "kill -9: \(recordedAtKill) recorded and \(sentAtKill) requests answered at the kill; \(repeated) re-sent with the same request_id; \(delivered.count) deliveries"
            )
        }
    }
}

extension WorkerCrashTests {
    @Test(
        "kill -9 after JPush took a batch's push and before its answer: the survivor re-sends it with the batch's stored cid, and JPush does not push it again"
    )
    func killedJPushWorker() async throws {
        let count = 300
        let prefix = uniquePrefix("j")
        let targets = (0..<count).map { targetName(prefix, $0) }
        // The second batch's push (its first registration ID is target 100) is delivered at once
        // and answered 5 s later: the worker is killed in between.
        let script = "{\"answers\": {\"\(targets[100])\": [{\"action\": \"slow-after-accept\", \"seconds\": 5}]}}"
        let (emulator, config) = try Emulator.jpush(scriptJSON: script)
        try await TestDatabase.withStore { store in
            let (id, made) = try await makeCampaign(store, provider: "jpush", kind: .registrationID, count: count, batchSize: 100, prefix: prefix)
            #expect(made == targets)
            // One batch at a time: the kill lands between the second batch's push and its answer.
            let child = try BuiltCommand.work(
                campaign: id, config: config, provider: "jpush", at: emulator.baseURL, lease: 2, more: ["--batches-in-flight", "1"])
            try await waitUntil { emulator.deliveredTargets.count >= 200 }
            BuiltCommand.stop(child, with: SIGKILL)
            let recordedAtKill = try await TestDatabase.count(store, "SELECT count(*) FROM pushbridge.results WHERE campaign_id = \(id)")
            #expect(recordedAtKill == 100, "recorded \(recordedAtKill) when killed: the kill did not land between the push and its answer")
            #expect(emulator.deliveredTargets.count == 200)
            let stored = try await TestDatabase.count(
                store, "SELECT count(*) FROM pushbridge.batches WHERE campaign_id = \(id) AND batch_no = 1 AND cardinality(cids) = 1")
            #expect(stored == 1, "the batch's cid was not stored before its push")

            let survivor = CampaignWorkerTests.worker(store, config, provider: "jpush", at: emulator.baseURL, id: "survivor", campaign: id)
            try await runUntilSettled(survivor, campaign: id, in: store)
            let status = try #require(try await store.status(id))
            #expect(status.state == .done)
            #expect(status.byOutcome == ["accepted": Int64(count)])
            let taken = try await TestDatabase.count(store, "SELECT count(*) FROM pushbridge.batches WHERE campaign_id = \(id) AND claims > 1")
            #expect(taken == 1, "the dead worker's batch was not taken over")
            // N targets, N deliveries: the re-sent push carried the cid JPush had already seen.
            let delivered = emulator.deliveredTargets
            #expect(delivered.count == count, "\(delivered.count) deliveries for \(count) targets")
            #expect(Set(delivered) == Set(targets))
            // The re-sent push carried the cid stored with the batch (the killed push, still
            // unanswered, is recorded by the emulator only once it answers).
            var storedCID: String?
            let rows = try await store.client.query(
                "SELECT cids[1] FROM pushbridge.batches WHERE campaign_id = \(id) AND batch_no = 1", logger: TestDatabase.logger)
            for try await value in rows.decode(String?.self) { storedCID = value }
            let cids = emulator.requests.compactMap { $0["body"]?["cid"]?.stringValue }
            #expect(storedCID != nil && cids.contains(storedCID!), "pushes' cids: \(cids), stored: \(storedCID ?? "none")")
        }
    }
}

/// SIGTERM: the batch in flight finished and recorded, its lease released, nothing more claimed.
@Suite(
    "A worker stopped with SIGTERM", .enabled(if: TestDatabase.isAvailable && BuiltCommand.path != nil, Comment(rawValue: BuiltCommand.skipReason)))
struct WorkerShutdownTests {
    @Test("SIGTERM mid-batch: the worker finishes and records its batch, releases the lease and exits 0")
    func sigterm() async throws {
        let prefix = uniquePrefix("t")
        let (_, script) = slowlyAnsweredTargets(400, prefix: prefix, seconds: 0.2)
        let (emulator, config) = try Emulator.getui(scriptJSON: script)
        try await TestDatabase.withStore { store in
            let (id, _) = try await makeCampaign(store, provider: "getui", kind: .clientID, count: 400, batchSize: 100, prefix: prefix)
            let child = try BuiltCommand.work(campaign: id, config: config, provider: "getui", at: emulator.baseURL, lease: 60)
            try await waitUntil { emulator.requests.count >= 30 }
            BuiltCommand.stop(child, with: SIGTERM)
            #expect(child.terminationReason == .exit && child.terminationStatus == 0)
            let recorded = try await TestDatabase.count(store, "SELECT count(*) FROM pushbridge.results WHERE campaign_id = \(id)")
            #expect(recorded > 0 && recorded % 100 == 0 && recorded < 400, "\(recorded) recorded: not whole batches, or the worker did not stop")
            let leased = try await TestDatabase.count(
                store, "SELECT count(*) FROM pushbridge.batches WHERE campaign_id = \(id) AND leased_by IS NOT NULL")
            #expect(leased == 0)
            #expect(try await store.status(id)?.state == .running)
        }
    }
}
