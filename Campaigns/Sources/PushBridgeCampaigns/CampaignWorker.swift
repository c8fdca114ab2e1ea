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
    /// The most requests in flight at once for one batch (100).
    public var maxConcurrentTargets: Int

    /// Options from their parts.
    public init(
        workerID: String = CampaignWorkerOptions.defaultWorkerID(), leaseSeconds: Double = 60, pollSeconds: Double = 1, rateLimitSeconds: Double = 30,
        campaign: Int64? = nil, exitWhenIdle: Bool = false, maxConcurrentTargets: Int = 100, maxRateLimitSeconds: Double = 600
    ) {
        self.workerID = workerID
        self.leaseSeconds = leaseSeconds
        self.pollSeconds = pollSeconds
        self.rateLimitSeconds = rateLimitSeconds
        self.maxRateLimitSeconds = max(1, maxRateLimitSeconds)
        self.campaign = campaign
        self.exitWhenIdle = exitWhenIdle
        self.maxConcurrentTargets = max(1, maxConcurrentTargets)
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

    /// A worker on `store`, sending through `senders`' senders.
    public init(store: CampaignStore, senders: any CampaignSenderSource, options: CampaignWorkerOptions = CampaignWorkerOptions(), logger: Logger) {
        self.store = store
        self.senders = senders
        self.options = options
        self.metrics = CampaignMetrics()
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
        var failures = 0
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            let wait: Double
            do {
                if let batch = try await store.claim(worker: options.workerID, lease: options.leaseSeconds, campaign: options.campaign) {
                    _ = try await process(batch)
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
        var report = BatchReport()
        var log = logger
        log[metadataKey: "campaign"] = "\(batch.campaignID)"
        log[metadataKey: "batch"] = "\(batch.batchNumber)"
        log.debug("batch claimed", metadata: ["claims": "\(batch.claims)", "targets": "\(batch.targets.count)"])
        guard let campaign = try await store.campaign(batch.campaignID), campaign.state == .running else {
            try await store.complete(batch, worker: options.workerID, results: [])
            return report
        }
        let recorded = try await store.recordedPositions(batch)
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
        var message: PushMessage
        do {
            sender = try senders.sender(for: campaign)
            message = try PushMessage(json: JSONParser.parse(Array(campaign.messageJSON.utf8)))
        } catch {
            return try await pause(batch, because: "\(error)", report: report, log: log)
        }
        // The same key on every send of this campaign: a batch taken over re-sends the requests
        // in flight when its worker died with the keys they carried (see PushMessage.idempotenceKey).
        message.idempotenceKey = "pushbridge-campaign-\(campaign.id)"

        let heartbeat = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(self.options.leaseSeconds / 3))
                if Task.isCancelled { return }
                _ = try? await self.store.renew(batch, worker: self.options.workerID, lease: self.options.leaseSeconds)
            }
        }
        defer { heartbeat.cancel() }

        let results = try await send(message, sender: sender, campaign: campaign, batch: batch, positions: pending, log: log)
        report.sent = results.sent
        var records: [RecordedResult] = []
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
                metrics.count(outcome, code: rejection?.code, provider: campaign.provider.rawValue)
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

    private func pause(_ batch: ClaimedBatch, because reason: String, report: BatchReport, log: Logger) async throws -> BatchReport {
        var report = report
        report.pausedBecause = reason
        try await store.transition(batch.campaignID, to: .paused, from: [.running], reason: reason)
        log.error("campaign paused", metadata: ["reason": "\(reason)"])
        try await store.complete(batch, worker: options.workerID, results: [])
        return report
    }

    private struct Sent: Sendable {
        var byPosition: [(Int32, PushSendResult)] = []
        var sent = 0
        var thrown: String?
    }

    /// Sends the targets at `positions`: one send per target (so that a credential refusal or
    /// a rate limit stops the batch with at most the requests in flight spent), but for JPush,
    /// whose pushes carry many registration IDs and take their `cid` from JPush, one send for
    /// the batch.
    ///
    /// JPush: when the whole batch is unrecorded, its pushes carry the cids stored with it
    /// (fetched and stored before the first push, while the lease is held), so that a worker
    /// taking over a dead worker's batch re-sends with the same cids and JPush answers with the
    /// first result instead of pushing again. A batch partly recorded is re-sent with new cids
    /// (its audience is not the one the stored cids were first sent with).
    ///
    /// - Throws: a database error storing the cids (nothing is sent then).
    private func send(_ message: PushMessage, sender: any PushSender, campaign: StoredCampaign, batch: ClaimedBatch, positions: [Int32], log: Logger)
        async throws -> Sent
    {
        let kind = campaign.targetKind
        let collected = Locked(Sent())
        let stop = Locked(false)
        if campaign.provider.rawValue == "jpush" {
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
        await withTaskGroup(of: Void.self) { group in
            var running = 0
            for position in positions {
                if stop.withLock({ $0 }) { break }
                if running >= options.maxConcurrentTargets {
                    await group.next()
                    running -= 1
                    if stop.withLock({ $0 }) { break }
                }
                running += 1
                collected.withLock { $0.sent += 1 }
                group.addTask {
                    let audience = Self.audience(kind, [batch.targets[Int(position)]])
                    do {
                        try await sender.send(message, to: audience) { result in
                            switch CampaignVerdict.of(result, provider: campaign.provider).verdict {
                            case .record: break
                            case .pause, .holdBack: stop.withLock { $0 = true }
                            }
                            collected.withLock { $0.byPosition.append((position, result)) }
                        }
                    } catch {
                        stop.withLock { $0 = true }
                        collected.withLock { $0.thrown = $0.thrown ?? "\(error)" }
                    }
                }
            }
            await group.waitForAll()
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
