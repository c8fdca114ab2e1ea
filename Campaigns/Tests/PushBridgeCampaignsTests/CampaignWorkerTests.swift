import Foundation
import Logging
import PostgresNIO
import PushBridgeCampaigns
import PushBridgeCore
import PushBridgeServer
import Testing

/// Workers against a real PostgreSQL and the provider emulators.
@Suite("Campaign workers on PostgreSQL", .enabled(if: TestDatabase.isAvailable, Comment(rawValue: TestDatabase.skipReason)))
struct CampaignWorkerTests {
    static func worker(
        _ store: CampaignStore, _ configPath: String, provider: String, at baseURL: String, id: String, campaign: Int64, lease: Double = 30,
        retryPolicy: RetryPolicy = .standard, batchesInFlight: Int = 1
    ) -> CampaignWorker {
        var options = ConfigurationFileSenders.defaultOptions(maxConcurrentRequests: 20)
        options.retryPolicy = retryPolicy
        options.baseURLs[PushProviderID(rawValue: provider)] = baseURL
        return CampaignWorker(
            store: store, senders: ConfigurationFileSenders(files: ["default": configPath], options: options),
            options: CampaignWorkerOptions(
                workerID: id, leaseSeconds: lease, pollSeconds: 0.1, campaign: campaign, exitWhenIdle: true, maxConcurrentTargets: 20,
                batchesInFlight: batchesInFlight),
            logger: TestDatabase.logger)
    }

    @Test("migrate applies each migration once, however often it runs")
    func migrateIsIdempotent() async throws {
        try await TestDatabase.withStore { store in
            let again = try await CampaignSchema.migrate(store.client, logger: TestDatabase.logger)
            #expect(again.isEmpty)
            let versions = try await TestDatabase.count(store, "SELECT count(*) FROM pushbridge.schema_migrations")
            #expect(versions == Int64(CampaignSchema.migrations.count))
        }
    }

    @Test("two workers share a campaign: every target recorded once, delivered once, both workers at work")
    func twoWorkersShareACampaign() async throws {
        let (emulator, config) = try Emulator.getui()
        try await TestDatabase.withStore { store in
            let (id, targets) = try await makeCampaign(store, provider: "getui", kind: .clientID, count: 2_000, batchSize: 50)
            // Each worker holds two batches at once, as `pushbridge-campaign work` does by default.
            let first = Self.worker(store, config, provider: "getui", at: emulator.baseURL, id: "worker-a", campaign: id, batchesInFlight: 2)
            let second = Self.worker(store, config, provider: "getui", at: emulator.baseURL, id: "worker-b", campaign: id, batchesInFlight: 2)
            async let a: Void = first.run()
            async let b: Void = second.run()
            _ = try await (a, b)

            let status = try #require(try await store.status(id))
            #expect(status.state == .done)
            #expect(status.done == 2_000 && status.total == 2_000)
            #expect(status.byOutcome == ["accepted": 2_000])
            let distinct = try await TestDatabase.count(
                store, "SELECT count(DISTINCT (batch_no, position)) FROM pushbridge.results WHERE campaign_id = \(id)")
            #expect(distinct == 2_000)
            let byA = try await TestDatabase.count(store, "SELECT count(*) FROM pushbridge.results WHERE campaign_id = \(id) AND worker = 'worker-a'")
            #expect(byA > 0 && byA < 2_000, "one worker did all the work: \(byA) of 2,000 by worker-a")
            let delivered = emulator.deliveredTargets
            #expect(delivered.count == 2_000)
            #expect(Set(delivered) == Set(targets))
        }
    }

    @Test("a target recorded twice fails the transaction that records it, and a worker whose lease was taken records nothing")
    func aTargetIsNeverRecordedTwice() async throws {
        try await TestDatabase.withStore { store in
            let (id, _) = try await makeCampaign(store, provider: "getui", kind: .clientID, count: 3, batchSize: 3)
            let batch = try #require(try await store.claim(worker: "w1", lease: 0.3, campaign: id))
            #expect(batch.claims == 1)
            // The lease expires; another worker takes the batch.
            try await Task.sleep(for: .milliseconds(500))
            let taken = try #require(try await store.claim(worker: "w2", lease: 30, campaign: id))
            #expect(taken.batchNumber == batch.batchNumber && taken.claims == 2)
            let result = RecordedResult(position: 0, outcome: .accepted, messageID: "task-1", attempts: 1)
            #expect(try await store.complete(batch, worker: "w1", results: [result]) == false)
            #expect(try await store.complete(taken, worker: "w2", results: [result]))
            // The batch is still pending (two targets unrecorded) and w2's lease was released:
            // w2 claims it again and records position 0 a second time.
            let again = try #require(try await store.claim(worker: "w2", lease: 30, campaign: id))
            await #expect(throws: (any Error).self) { try await store.complete(again, worker: "w2", results: [result]) }
            let recorded = try await TestDatabase.count(store, "SELECT count(*) FROM pushbridge.results WHERE campaign_id = \(id)")
            #expect(recorded == 1)
        }
    }

    @Test("Getui refusing the credentials pauses the campaign at once: no push is sent, nothing recorded, the other worker stops too")
    func aCredentialRefusalPauses() async throws {
        let (emulator, config) = try Emulator.getui(secret: "WRONGnKQ5lA4IDhlMtDj07")
        try await TestDatabase.withStore { store in
            let (id, _) = try await makeCampaign(store, provider: "getui", kind: .clientID, count: 500, batchSize: 50)
            let first = Self.worker(store, config, provider: "getui", at: emulator.baseURL, id: "worker-a", campaign: id)
            let second = Self.worker(store, config, provider: "getui", at: emulator.baseURL, id: "worker-b", campaign: id)
            async let a: Void = first.run()
            async let b: Void = second.run()
            _ = try await (a, b)
            let status = try #require(try await store.status(id))
            #expect(status.state == .paused)
            #expect(status.pauseReason?.contains("masterSecret") == true, "\(status.pauseReason ?? "no reason")")
            #expect(status.pauseReason?.contains("WRONG") == false, "the secret leaked into the reason")
            #expect(status.done == 0)
            #expect(emulator.requests.allSatisfy { ($0["path"]?.stringValue ?? "").hasSuffix("/auth") })
            #expect(emulator.deliveredTargets.isEmpty)
            // Resumed with the right file, the campaign completes.
            let (right, rightConfig) = try Emulator.getui()
            #expect(try await store.transition(id, to: .running, from: [.paused]))
            try await Self.worker(store, rightConfig, provider: "getui", at: right.baseURL, id: "worker-c", campaign: id).run()
            #expect(try await store.status(id)?.state == .done)
            #expect(right.deliveredTargets.count == 500)
        }
    }

    @Test("JPush refusing the credentials (1004) pauses the campaign after one batch's push, and nothing is recorded for it")
    func aJPushRefusalPauses() async throws {
        let (emulator, config) = try Emulator.jpush(secret: "fedcba9876543210fedcba98")
        try await TestDatabase.withStore { store in
            let (id, _) = try await makeCampaign(store, provider: "jpush", kind: .registrationID, count: 300, batchSize: 100)
            try await Self.worker(store, config, provider: "jpush", at: emulator.baseURL, id: "worker-a", campaign: id).run()
            let status = try #require(try await store.status(id))
            #expect(status.state == .paused)
            #expect(
                status.pauseReason?.contains("1004") == true || status.pauseReason?.contains("401") == true, "\(status.pauseReason ?? "no reason")")
            #expect(status.done == 0)
            let pushes = emulator.requests.filter { $0["path"]?.stringValue == "/v3/push" }
            #expect(pushes.count <= 1, "\(pushes.count) pushes after the first refusal")
        }
    }

    @Test("pause, resume and cancel: a paused or cancelled campaign's batches are not claimed")
    func pauseResumeCancel() async throws {
        try await TestDatabase.withStore { store in
            let (id, _) = try await makeCampaign(store, provider: "getui", kind: .clientID, count: 10, batchSize: 5)
            #expect(try await store.transition(id, to: .paused, from: [.running], reason: "by hand"))
            #expect(try await store.claim(worker: "w", lease: 30, campaign: id) == nil)
            #expect(try await store.status(id)?.pauseReason == "by hand")
            #expect(try await store.transition(id, to: .running, from: [.paused]))
            #expect(try await store.claim(worker: "w", lease: 30, campaign: id) != nil)
            #expect(try await store.transition(id, to: .cancelled, from: [.running, .paused]))
            #expect(try await store.transition(id, to: .running, from: [.paused]) == false)
            #expect(try await store.claim(worker: "w2", lease: 30, campaign: id) == nil)
        }
    }

    @Test("a rate limit holds every worker of the campaign back")
    func aRateLimitHoldsBack() async throws {
        try await TestDatabase.withStore { store in
            let (id, _) = try await makeCampaign(store, provider: "getui", kind: .clientID, count: 10, batchSize: 5)
            try await store.holdBack(id, seconds: 30)
            #expect(try await store.claim(worker: "w", lease: 30, campaign: id) == nil)
            let waiting = try #require(try await store.status(id)).waitingSeconds
            #expect(waiting > 25 && waiting <= 30)
            #expect(try await store.transition(id, to: .paused, from: [.running]))
            #expect(try await store.transition(id, to: .running, from: [.paused]))
            #expect(try await store.claim(worker: "w", lease: 30, campaign: id) != nil, "resume clears the wait")
        }
    }

    /// A rate limit the emulator answers the fifth target with, and how long the campaign's
    /// workers must then wait.
    struct RateLimit: Sendable, CustomTestStringConvertible {
        /// The Getui emulator's scripted answer.
        var answer: String
        /// The campaign's wait read just after the worker stopped, in seconds.
        var waits: ClosedRange<Double>
        var testDescription: String

        static let all = [
            RateLimit(answer: #"{"code": 10005, "msg": "too many calls"}"#, waits: 20...30, testDescription: "Getui 10005, no wait named: 30 s"),
            RateLimit(
                answer: #"{"code": 10005, "msg": "too many calls", "status": 429, "retryAfter": 7}"#, waits: 5...7,
                testDescription: "429 with Retry-After: 7, not the default 30 s"),
        ]
    }

    @Test(
        "a rate limit outlasting the sender's retries: the target stays unrecorded, the batch stops, and every worker of the campaign waits the provider's wait (30 s when it names none)",
        arguments: RateLimit.all)
    func aRateLimitedSendHoldsEveryWorkerBack(_ limit: RateLimit) async throws {
        let prefix = uniquePrefix("q")
        // The first push the emulator receives is refused as over the limit; the sender does not
        // retry (RetryPolicy.never). Every other answer waits at least two seconds past the refusal:
        // the worker meets the refusal with the other requests still in flight, however the
        // emulator's threads and this machine's load would order the answers.
        let (emulator, config) = try Emulator.getui(scriptJSON: #"{"answersByOrder": {"1": \#(limit.answer)}, "holdUnscripted": 2}"#)
        try await TestDatabase.withStore { store in
            let (id, _) = try await makeCampaign(store, provider: "getui", kind: .clientID, count: 200, batchSize: 100, prefix: prefix)
            let worker = Self.worker(store, config, provider: "getui", at: emulator.baseURL, id: "worker-a", campaign: id, retryPolicy: .never)
            try await worker.run()
            let status = try #require(try await store.status(id))
            #expect(status.state == .running)
            // now() + the wait by the database's clock, read a moment later.
            #expect(limit.waits.contains(status.waitingSeconds), "waiting \(status.waitingSeconds) s")
            // Stopped at the refusal: the first batch released with the refused target unrecorded,
            // the second never claimed. Only the requests in flight (at most 20, the refused one
            // among them) were sent, not the rest of the batch, and all but the refused one recorded.
            let pushes = emulator.requests.filter { ($0["path"]?.stringValue ?? "").contains("/push/") }.count
            #expect(pushes >= 1 && pushes <= 20, "\(pushes) pushes")
            #expect(status.done == pushes - 1, "\(status.done) recorded of \(pushes) pushes")
            let firstBatch: PostgresQuery = "SELECT count(*) FROM pushbridge.results WHERE campaign_id = \(id) AND batch_no = 0"
            let recordedInFirst = try await TestDatabase.count(store, firstBatch)
            #expect(recordedInFirst == pushes - 1)
            #expect(try await TestDatabase.count(store, "SELECT count(*) FROM pushbridge.batches WHERE campaign_id = \(id) AND claims > 0") == 1)
            #expect(try await store.claim(worker: "worker-b", lease: 30, campaign: id) == nil)
        }
    }

    @Test(
        "a worker holding two batches: a rate limit in one stops the other's sends too, the requests in flight for both bounded by the concurrency"
    )
    func aRateLimitStopsTheWorkersOtherBatch() async throws {
        let prefix = uniquePrefix("s")
        // The first push the emulator receives, from either batch, is refused as over the limit;
        // every other answer waits at least two seconds past the refusal (as above).
        let (emulator, config) = try Emulator.getui(
            scriptJSON: #"{"answersByOrder": {"1": {"code": 10005, "msg": "too many calls"}}, "holdUnscripted": 2}"#)
        try await TestDatabase.withStore { store in
            let (id, _) = try await makeCampaign(store, provider: "getui", kind: .clientID, count: 300, batchSize: 100, prefix: prefix)
            let worker = Self.worker(
                store, config, provider: "getui", at: emulator.baseURL, id: "worker-a", campaign: id, retryPolicy: .never, batchesInFlight: 2)
            try await worker.run()
            let status = try #require(try await store.status(id))
            #expect(status.state == .running)
            #expect(status.waitingSeconds > 20, "no campaign-wide wait: \(status.waitingSeconds) s")
            // Both lanes stopped: what was sent is the at most 20 in flight for both batches
            // when the refusal came, not the other batch's 100 (nor the third batch, never claimed).
            let pushes = emulator.requests.filter { ($0["path"]?.stringValue ?? "").contains("/push/") }.count
            #expect(pushes >= 1 && pushes <= 20, "\(pushes) pushes: the other batch went on after the rate limit")
            #expect(status.done == pushes - 1, "\(status.done) recorded of \(pushes) pushes")
            #expect(try await TestDatabase.count(store, "SELECT count(*) FROM pushbridge.batches WHERE campaign_id = \(id) AND claims > 0") <= 2)
        }
    }
}
