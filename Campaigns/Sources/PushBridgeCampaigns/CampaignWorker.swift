import Foundation
import Logging
import PostgresNIO
import PushBridgeCore
import PushBridgeJPushServer
import PushBridgeServer
import ServiceLifecycle

/// How a worker works.
public struct CampaignWorkerOptions: Sendable {
    /// The worker's name in the batches' `leased_by` and the results' `worker`: the host, the
    /// process and a random suffix by default.
    public var workerID: String
    /// How long a claimed batch stays this worker's without news, in seconds (60). The worker
    /// renews it every third of that while it sends; a worker that died loses it when it ends,
    /// and another worker takes the batch.
    public var leaseSeconds: Double
    /// How long to wait before looking again when no batch can be claimed, in seconds (1).
    public var pollSeconds: Double
    /// How long every worker of a campaign waits after a rate limit outlasted a sender's retries
    /// when the provider's last refusal named no wait, in seconds (30: an inference, no
    /// provider documents how long to wait without saying so).
    public var rateLimitSeconds: Double
    /// The longest wait a provider's own (``PushRejection/retryAfter``: `Retry-After`, JPush's
    /// `X-Rate-Limit-Reset`) holds a campaign's workers back, in seconds (600); a shorter one
    /// is kept, at least 1 s.
    public var maxRateLimitSeconds: Double
    /// The campaign to work on only; `nil`: any running campaign.
    public var campaign: Int64?
    /// Whether to return when no batch can be claimed (a one-shot run), instead of waiting.
    public var exitWhenIdle: Bool
    /// The most requests in flight at once, for all the batches the worker holds (100).
    public var maxConcurrentTargets: Int
    /// How many batches the worker holds at once (2): while one is recorded or claimed (a few
    /// round trips to the database), the other's requests keep the HTTP/2 connection busy,
    /// instead of the pipe draining at the end of each batch. The requests in flight stay
    /// bounded by ``maxConcurrentTargets`` for all of them; a credential refusal or a rate limit
    /// in one batch stops the others' sends too (measured: `Campaigns/README.md`, the price of
    /// durability). 1: one batch at a time.
    public var batchesInFlight: Int

    /// Options from their parts.
    public init(
        workerID: String = CampaignWorkerOptions.defaultWorkerID(), leaseSeconds: Double = 60, pollSeconds: Double = 1, rateLimitSeconds: Double = 30,
        campaign: Int64? = nil, exitWhenIdle: Bool = false, maxConcurrentTargets: Int = 100, maxRateLimitSeconds: Double = 600,
        batchesInFlight: Int = 2
    ) {
        self.workerID = workerID
        self.leaseSeconds = leaseSeconds
        self.pollSeconds = pollSeconds
        self.rateLimitSeconds = rateLimitSeconds
        self.maxRateLimitSeconds = max(1, maxRateLimitSeconds)
        self.campaign = campaign
        self.exitWhenIdle = exitWhenIdle
        self.maxConcurrentTargets = max(1, maxConcurrentTargets)
        self.batchesInFlight = max(1, batchesInFlight)
    }

    /// `host-pid-XXXX`.
    public static func defaultWorkerID() -> String {
        "\(ProcessInfo.processInfo.hostName)-\(ProcessInfo.processInfo.processIdentifier)-\(String(UInt16.random(in: 0...UInt16.max), radix: 16))"
    }
}

/// Where a worker gets a campaign's sender.
public protocol CampaignSenderSource: Sendable {
    /// The sender for `campaign`'s provider and configuration.
    ///
    /// - Throws: when the worker has no such configuration, or it is malformed: the campaign is
    ///   paused with the error.
    func sender(for campaign: StoredCampaign) throws -> any PushSender
}

/// What one batch came to.
public struct BatchReport: Sendable, Hashable {
    /// The results recorded, by outcome.
    public var recorded: [RecordedResult.Outcome: Int] = [:]
    /// How many targets were sent (requests begun) this time.
    public var sent = 0
    /// Why the campaign was paused, when it was.
    public var pausedBecause: String?
    /// Whether a rate limit held the campaign's workers back.
    public var heldBack = false
    /// How long it held them back, in seconds: the provider's wait (bounded), or the default.
    public var heldBackSeconds: Double?
    /// Whether the lease was lost before the results could be recorded (nothing recorded).
    public var leaseLost = false
}

/// A worker: claims batches of running campaigns, sends their unrecorded targets through the
/// provider's sender, and records one result per target in the transaction that completes the
/// batch. Any number of them, in any number of processes and machines, share the campaigns.
///
/// As a swift-service-lifecycle `Service`, a graceful shutdown (SIGTERM in
/// `pushbridge-campaign work`) lets the batch in flight finish and be recorded, which releases
/// its lease, and claims no more.
public final class CampaignWorker: Service, Sendable {
    let store: CampaignStore
    let senders: any CampaignSenderSource
    let options: CampaignWorkerOptions
    let metrics: CampaignMetrics
    let logger: Logger
    /// The requests in flight, for all the batches this worker holds.
    let permits: Permits
    /// The campaigns a batch of this worker stopped (a credential refusal, a rate limit), for
    /// its other batches.
    let stops = CampaignStops()
    /// The campaigns this worker sent batches of, and their messages (``prepared(_:)``).
    private let campaigns = Locked<[Int64: (StoredCampaign, Result<PushMessage, any Error>)]>([:])

    /// A worker on `store`, sending through `senders`' senders.
    public init(store: CampaignStore, senders: any CampaignSenderSource, options: CampaignWorkerOptions = CampaignWorkerOptions(), logger: Logger) {
        self.store = store
        self.senders = senders
        self.options = options
        self.metrics = CampaignMetrics()
        self.permits = Permits(options.maxConcurrentTargets)
        var logger = logger
        logger[metadataKey: "worker"] = "\(options.workerID)"
        self.logger = logger
    }

    /// Claims and sends batches until a graceful shutdown or cancellation (or, with
    /// ``CampaignWorkerOptions/exitWhenIdle``, until no batch can be claimed).
    ///
    /// A database error (the database restarting, the network) is logged and the worker tries
    /// again after a pause growing to 30 s, unless it runs with `exitWhenIdle`, which returns the
    /// error: the batch it held is taken again when its lease ends.
    public func run() async throws {
        guard options.batchesInFlight > 1 else { return try await runLane() }
        // Each lane claims, sends and records batches on its own; an error ends the lane that
        // met it, never another one mid-batch (its batch is finished and recorded first).
        let lanes = options.batchesInFlight
        let firstError = await withTaskGroup(of: (any Error)?.self) { group in
            for _ in 0..<lanes {
                group.addTask {
                    do {
                        try await self.runLane()
                        return nil
                    } catch {
                        return error
                    }
                }
            }
            var first: (any Error)?
            for await error in group where first == nil { first = error }
            return first
        }
        if let firstError { throw firstError }
    }

    /// One lane of ``run()``: claims, sends and records one batch at a time.
    private func runLane() async throws {
        var failures = 0
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            // Another lane met a refusal and is writing the pause or the wait: claim after it.
            await stops.untilWritten()
            // A stop noted while the claim is in flight stops the batch it returns: the claim
            // may have read the campaign before the stop's wait or pause was written.
            let notedBeforeClaim = stops.noted()
            let wait: Double
            do {
                if let batch = try await store.claim(worker: options.workerID, lease: options.leaseSeconds, campaign: options.campaign) {
                    _ = try await process(batch, stopsNotedBeforeClaim: notedBeforeClaim)
                    failures = 0
                    continue
                }
                if options.exitWhenIdle { return }
                failures = 0
                wait = options.pollSeconds
            } catch {
                if options.exitWhenIdle || Task.isCancelled { throw error }
                failures += 1
                wait = min(30, options.pollSeconds * Double(1 << min(failures, 5)))
                logger.error("database error: trying again", metadata: ["error": "\(CampaignDatabase.describe(error))", "seconds": "\(wait)"])
            }
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: .seconds(wait)) }
            } catch {
                return
            }
        }
    }

    /// Sends `batch`'s unrecorded targets and records their results (see the type's summary).
    public func process(_ batch: ClaimedBatch) async throws -> BatchReport {
        try await process(batch, stopsNotedBeforeClaim: stops.noted())
    }

    /// ``process(_:)``, stopped by any stop of the batch's campaign this worker noted after the
    /// first `stopsNotedBeforeClaim` (the count taken before the claim that returned `batch`).
    private func process(_ batch: ClaimedBatch, stopsNotedBeforeClaim: Int) async throws -> BatchReport {
        var report = BatchReport()
        var log = logger
        log[metadataKey: "campaign"] = "\(batch.campaignID)"
        log[metadataKey: "batch"] = "\(batch.batchNumber)"
        log.debug("batch claimed", metadata: ["claims": "\(batch.claims)", "targets": "\(batch.targets.count)"])
        guard let (campaign, campaignMessage) = try await prepared(batch.campaignID) else {
            try await store.complete(batch, worker: options.workerID, results: [])
            return report
        }
        // A batch claimed for the first time has no result yet (results are recorded only under
        // a lease, and this is its first): one round trip less.
        let recorded = batch.claims > 1 ? try await store.recordedPositions(batch) : []
        let pending = (0..<Int32(batch.targets.count)).filter { !recorded.contains($0) }
        if pending.isEmpty {
            let held = try await store.complete(batch, worker: options.workerID, results: [])
            report.leaseLost = !held
            return report
        }
        if batch.claims > 1 {
            log.notice("batch taken over after a lease expired", metadata: ["claims": "\(batch.claims)", "unrecorded": "\(pending.count)"])
        }
        let sender: any PushSender
        let message: PushMessage
        do {
            sender = try senders.sender(for: campaign)
            message = try campaignMessage.get()
        } catch {
            return try await pause(batch, because: "\(error)", report: report, log: log)
        }

        let heartbeat = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(self.options.leaseSeconds / 3))
                if Task.isCancelled { return }
                _ = try? await self.store.renew(batch, worker: self.options.workerID, lease: self.options.leaseSeconds)
            }
        }
        defer { heartbeat.cancel() }

        let results = try await send(
            message, sender: sender, campaign: campaign, batch: batch, positions: pending, stopsNotedBefore: stopsNotedBeforeClaim, log: log)
        defer {
            // The pause or the wait is written (or the batch ends in an error): batches claimed
            // from now on are the database's to hold back.
            if results.stoppedOthers { stops.written(campaign.id) }
        }
        report.sent = results.sent
        var records: [RecordedResult] = []
        records.reserveCapacity(results.byPosition.count)
        // Counted per batch, by outcome and code: one counter update each, not one per target.
        var counted: [Counted: Int] = [:]
        for (position, result) in results.byPosition {
            let (verdict, rejection) = CampaignVerdict.of(result, provider: campaign.provider)
            switch verdict {
            case .record(let outcome):
                records.append(
                    RecordedResult(
                        position: position, outcome: outcome, code: rejection?.code, status: rejection.map { Int32($0.status) },
                        messageID: result.messageID,
                        detail: rejection?.message, attempts: Int32(result.attempts)))
                report.recorded[outcome, default: 0] += 1
                counted[Counted(outcome: outcome, code: rejection?.code), default: 0] += 1
            case .pause(let reason):
                report.pausedBecause = report.pausedBecause ?? reason
            case .holdBack:
                report.heldBack = true
                let wait = rejection?.retryAfter.map { min(options.maxRateLimitSeconds, max(1, $0)) } ?? options.rateLimitSeconds
                report.heldBackSeconds = max(report.heldBackSeconds ?? 0, wait)
            }
        }
        if let error = results.thrown { report.pausedBecause = report.pausedBecause ?? "\(campaign.provider.rawValue): \(error)" }
        metrics.sent(results.sent, provider: campaign.provider.rawValue)
        for (key, count) in counted { metrics.count(key.outcome, code: key.code, provider: campaign.provider.rawValue, by: count) }
        heartbeat.cancel()
        // Paused first, so that no other worker claims this campaign's batches meanwhile.
        if let reason = report.pausedBecause {
            try await store.transition(campaign.id, to: .paused, from: [.running], reason: reason)
            log.error("campaign paused", metadata: ["reason": "\(reason)"])
        }
        if report.heldBack {
            let seconds = report.heldBackSeconds ?? options.rateLimitSeconds
            try await store.holdBack(campaign.id, seconds: seconds)
            log.warning("rate limited: the campaign's workers wait", metadata: ["seconds": "\(seconds)"])
        }
        let held = try await store.complete(batch, worker: options.workerID, results: records)
        if !held {
            report.leaseLost = true
            log.warning("lease lost before the batch was recorded: another worker has it", metadata: ["unrecorded": "\(records.count)"])
        } else {
            log.info("batch recorded", metadata: ["recorded": "\(records.count)", "sent": "\(results.sent)"])
        }
        return report
    }

    /// `id`'s campaign and its message, read and parsed once per worker while the campaign runs,
    /// or `nil` when it is not running (the batch is left to be claimed again once it runs).
    ///
    /// A batch is claimed only while its campaign runs (the claim's condition), and a campaign's
    /// provider, configuration, target kind and message never change once stored: the batches
    /// after the first one of a campaign need no read of it. The message carries the same key on
    /// every send of the campaign, so that a batch taken over re-sends the requests in flight
    /// when its worker died with the keys they carried (see `PushMessage.idempotenceKey`); a
    /// message that cannot be parsed is the error (the campaign is paused with it).
    private func prepared(_ id: Int64) async throws -> (StoredCampaign, Result<PushMessage, any Error>)? {
        if let known = campaigns.withLock({ $0[id] }) { return known }
        guard let campaign = try await store.campaign(id), campaign.state == .running else { return nil }
        let message = Result<PushMessage, any Error> {
            var message = try PushMessage(json: JSONParser.parse(Array(campaign.messageJSON.utf8)))
            message.idempotenceKey = "pushbridge-campaign-\(campaign.id)"
            return message
        }
        campaigns.withLock { known in
            // A worker serving campaign after campaign keeps the last few.
            if known.count >= 16 { known.removeAll() }
            known[id] = (campaign, message)
        }
        return (campaign, message)
    }

    private func pause(_ batch: ClaimedBatch, because reason: String, report: BatchReport, log: Logger) async throws -> BatchReport {
        var report = report
        report.pausedBecause = reason
        try await store.transition(batch.campaignID, to: .paused, from: [.running], reason: reason)
        log.error("campaign paused", metadata: ["reason": "\(reason)"])
        try await store.complete(batch, worker: options.workerID, results: [])
        return report
    }

    private struct Counted: Hashable {
        var outcome: RecordedResult.Outcome
        var code: String?
    }

    private struct Sent: Sendable {
        var byPosition: [(Int32, PushSendResult)] = []
        var sent = 0
        var thrown: String?
        /// Whether this batch stopped the worker's other batches of its campaign.
        var stoppedOthers = false
    }

    /// Sends the targets at `positions` so that a credential refusal or a rate limit stops the
    /// batch with at most the requests in flight spent: one send for the batch through a sender
    /// that admits each request (APNs, FCM: ``AdmittingPushSender``), one send per target
    /// through any other (Getui); for JPush, whose pushes carry many registration IDs and take
    /// their `cid` from JPush, one send for the batch.
    ///
    /// JPush: when the whole batch is unrecorded, its pushes carry the cids stored with it
    /// (fetched and stored before the first push, while the lease is held), so that a worker
    /// taking over a dead worker's batch re-sends with the same cids and JPush answers with the
    /// first result instead of pushing again. A batch partly recorded is re-sent with new cids
    /// (its audience is not the one the stored cids were first sent with).
    ///
    /// - Throws: a database error storing the cids (nothing is sent then).
    private func send(
        _ message: PushMessage, sender: any PushSender, campaign: StoredCampaign, batch: ClaimedBatch, positions: [Int32], stopsNotedBefore: Int,
        log: Logger
    ) async throws -> Sent {
        let kind = campaign.targetKind
        let collected = Locked(Sent())
        let stop = Locked(false)
        if campaign.provider.rawValue == "jpush" {
            // Another batch of the campaign stopped it since this batch's claim began: nothing sent.
            if stops.stopped(campaign.id, since: stopsNotedBefore) { return Sent() }
            let audience = Self.audience(kind, positions.map { batch.targets[Int($0)] })
            var cids: [String] = []
            let jpush = sender as? JPushSender
            if let jpush, positions.count == batch.targets.count {
                cids = batch.cids
                if cids.isEmpty {
                    let fetched = await jpush.cids(count: (positions.count + 999) / 1_000)
                    if !fetched.isEmpty {
                        guard let stored = try await store.storeCIDs(fetched, for: batch, worker: options.workerID) else {
                            log.warning("lease lost before the batch's first push: nothing sent")
                            return Sent()
                        }
                        cids = stored
                    }
                } else {
                    log.notice("re-sending with the batch's stored cids", metadata: ["cids": "\(cids.count)"])
                }
            }
            // Results come back by target: positions of equal IDs are taken in order.
            let byID = Locked([String: [Int32]](grouping: positions, by: { batch.targets[Int($0)] }))
            collected.withLock { $0.sent = positions.count }
            let report: @Sendable (PushSendResult) -> Void = { result in
                guard let id = result.target.id?.revealed,
                    let position = byID.withLock({ $0[id]?.isEmpty == false ? $0[id]!.removeFirst() : nil })
                else { return }
                collected.withLock { $0.byPosition.append((position, result)) }
            }
            // One push for the batch: one of the worker's requests in flight.
            await permits.acquire()
            defer { permits.release() }
            if stops.stopped(campaign.id, since: stopsNotedBefore) { return Sent() }
            do {
                if let jpush, !cids.isEmpty {
                    try await jpush.send(message, to: audience, cids: cids, report: report)
                } else {
                    try await sender.send(message, to: audience, report: report)
                }
            } catch {
                collected.withLock { $0.thrown = "\(error)" }
            }
            return collected.withLock { $0 }
        }
        // Stopped by a refusal in this batch, or by one in another batch of the same campaign
        // this worker holds (a stop it noted after this batch's claim began).
        let stopped: @Sendable () -> Bool = {
            if stop.withLock({ $0 }) { return true }
            return self.stops.stopped(campaign.id, since: stopsNotedBefore)
        }
        let noteStop: @Sendable () -> Void = {
            guard
                stop.withLock({ stopped in
                    defer { stopped = true }
                    return !stopped
                })
            else { return }
            self.stops.note(campaign.id)
            collected.withLock { $0.stoppedOthers = true }
        }
        if let admitting = sender as? any AdmittingPushSender {
            // One send for the batch (APNs, FCM): the message encoded once, each request admitted
            // under the worker's permits and the campaign's stop; results come back by target,
            // positions of equal IDs taken in order.
            let byID = Locked([String: [Int32]](grouping: positions, by: { batch.targets[Int($0)] }))
            do {
                try await admitting.send(
                    message, to: Self.audience(kind, positions.map { batch.targets[Int($0)] }),
                    admitting: {
                        if stopped() { return false }
                        await self.permits.acquire()
                        if stopped() {
                            self.permits.release()
                            return false
                        }
                        collected.withLock { $0.sent += 1 }
                        return true
                    },
                    report: { result in
                        // The stop noted before the permit is given back: the request it admits next sees it.
                        switch CampaignVerdict.of(result, provider: campaign.provider).verdict {
                        case .record: break
                        case .pause, .holdBack: noteStop()
                        }
                        self.permits.release()
                        guard let id = result.target.id?.revealed,
                            let position = byID.withLock({ $0[id]?.isEmpty == false ? $0[id]!.removeFirst() : nil })
                        else { return }
                        collected.withLock { $0.byPosition.append((position, result)) }
                    })
            } catch {
                noteStop()
                collected.withLock { $0.thrown = $0.thrown ?? "\(error)" }
            }
            return collected.withLock { $0 }
        }
        await withDiscardingTaskGroup { group in
            for position in positions {
                if stopped() { break }
                await permits.acquire()
                if stopped() {
                    permits.release()
                    break
                }
                collected.withLock { $0.sent += 1 }
                group.addTask {
                    defer { self.permits.release() }
                    let audience = Self.audience(kind, [batch.targets[Int(position)]])
                    do {
                        try await sender.send(message, to: audience) { result in
                            switch CampaignVerdict.of(result, provider: campaign.provider).verdict {
                            case .record: break
                            case .pause, .holdBack: noteStop()
                            }
                            collected.withLock { $0.byPosition.append((position, result)) }
                        }
                    } catch {
                        noteStop()
                        collected.withLock { $0.thrown = $0.thrown ?? "\(error)" }
                    }
                }
            }
        }
        return collected.withLock { $0 }
    }

    /// The audience of `ids` of `kind`.
    static func audience(_ kind: PushTarget.Kind, _ ids: [String]) -> PushAudience {
        let secrets = ids.map { SecretText($0) }
        switch kind {
        case .deviceToken: return .deviceTokens(secrets)
        case .clientID: return .clientIDs(secrets)
        case .alias: return .aliases(secrets)
        default: return .registrationIDs(secrets)
        }
    }
}

/// A value behind a lock, shared by the tasks of one batch.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// The campaigns a worker's batches stopped (a credential refusal, a rate limit), for its other
/// batches: the stops are numbered in the order they were noted (for all campaigns), and per
/// campaign `latest` is its last stop's number and `active` counts those not yet written to the
/// database (the pause or the wait), which stop a batch of the campaign claimed meanwhile and
/// hold back every claim until written.
final class CampaignStops: @unchecked Sendable {
    private let lock = NSLock()
    /// How many stops were noted so far, for all campaigns: the last stop's number.
    private var count = 0
    private var byCampaign: [Int64: (latest: Int, active: Int)] = [:]
    /// The stops not yet written, for all campaigns.
    private var active = 0
    /// The claims waiting for them to be written.
    private var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    private var lastWaiter = 0

    /// How many stops were noted so far, for all campaigns: taken before a claim, the number a
    /// stop noted after it exceeds (``stopped(_:since:)``).
    func noted() -> Int { lock.withLock { count } }

    /// Whether `campaign` was stopped after the first `noted` stops, or a stop of it is being written.
    func stopped(_ campaign: Int64, since noted: Int) -> Bool {
        lock.withLock { byCampaign[campaign].map { $0.latest > noted || $0.active > 0 } ?? false }
    }

    /// A batch of `campaign` stopped: to be written (``written(_:)``, exactly once).
    func note(_ campaign: Int64) {
        lock.withLock {
            count += 1
            byCampaign[campaign] = (count, (byCampaign[campaign]?.active ?? 0) + 1)
            active += 1
        }
    }

    /// A stop of `campaign` was written (or its batch ended in an error): the last one wakes the
    /// claims waiting.
    func written(_ campaign: Int64) {
        let woken = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            byCampaign[campaign]?.active -= 1
            active -= 1
            guard active == 0 else { return [] }
            defer { waiters.removeAll() }
            return Array(waiters.values)
        }
        for waiter in woken { waiter.resume() }
    }

    /// Returns once no stop is being written (at once when none is), or when the task is cancelled.
    func untilWritten() async {
        let id = lock.withLock { () -> Int? in
            guard active > 0 else { return nil }
            lastWaiter += 1
            return lastWaiter
        }
        guard let id else { return }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = lock.withLock { () -> Bool in
                    if active == 0 || Task.isCancelled { return true }
                    waiters[id] = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            lock.withLock { waiters.removeValue(forKey: id) }?.resume()
        }
    }
}

/// A count of permits shared by the tasks of a worker's batches: at most `limit` requests in
/// flight for all of them, waiters served in order.
final class Permits: @unchecked Sendable {
    private let lock = NSLock()
    private var available: Int
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var firstWaiter = 0

    init(_ limit: Int) { available = max(1, limit) }

    /// Takes a permit, waiting for one to be released when there is none.
    func acquire() async {
        if lock.withLock({ take() }) { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = lock.withLock { () -> Bool in
                if take() { return true }
                waiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// A permit, if one is free (called with the lock held).
    private func take() -> Bool {
        guard available > 0 else { return false }
        available -= 1
        return true
    }

    /// Gives a permit back: to the first waiter, if any.
    func release() {
        let waiter = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            guard firstWaiter < waiters.count else {
                available += 1
                return nil
            }
            let waiter = waiters[firstWaiter]
            firstWaiter += 1
            if firstWaiter == waiters.count {
                waiters.removeAll(keepingCapacity: true)
                firstWaiter = 0
            }
            return waiter
        }
        waiter?.resume()
    }
}
