import Foundation
import Logging
import PostgresNIO
import PushBridgeCore
import PushBridgeServer

/// A campaign's state: sending (`running`), stopped until resumed (`paused`, with a reason),
/// stopped for good (`cancelled`), or every target recorded (`done`).
public enum CampaignState: String, Sendable, Hashable, CaseIterable {
    /// Workers claim its batches.
    case running
    /// Workers leave it until `resume`; ``CampaignStatus/pauseReason`` says why.
    case paused
    /// Workers leave it for good.
    case cancelled
    /// Every target has its result.
    case done
}

/// What a new campaign is: what `pushbridge-campaign create` stores.
public struct NewCampaign: Sendable {
    /// A name for people.
    public var name: String
    /// The provider its sender sends through.
    public var provider: PushProviderID
    /// The name of the provider configuration each worker reads from its own file
    /// (`--config NAME=PATH`): the table never holds a secret.
    public var configurationReference: String
    /// What the targets are (device tokens for APNs, registration IDs for JPush and FCM, client
    /// IDs for Getui, or aliases).
    public var targetKind: PushTarget.Kind
    /// The message, as the JSON `pushbridge send` takes (checked by ``PushMessage/init(json:)``).
    public var messageJSON: String

    /// A campaign from its parts.
    public init(name: String, provider: PushProviderID, configurationReference: String, targetKind: PushTarget.Kind, messageJSON: String) {
        self.name = name
        self.provider = provider
        self.configurationReference = configurationReference
        self.targetKind = targetKind
        self.messageJSON = messageJSON
    }
}

/// A campaign as a worker reads it.
public struct StoredCampaign: Sendable {
    /// Its ID.
    public var id: Int64
    /// Its provider.
    public var provider: PushProviderID
    /// The provider configuration's name in the worker's file.
    public var configurationReference: String
    /// What its targets are.
    public var targetKind: PushTarget.Kind
    /// Its message's JSON.
    public var messageJSON: String
    /// Its state.
    public var state: CampaignState
}

/// A batch a worker holds under its lease.
public struct ClaimedBatch: Sendable, Hashable {
    /// The campaign.
    public var campaignID: Int64
    /// The batch's number in the campaign (0, 1, …).
    public var batchNumber: Int32
    /// Its targets, by position.
    public var targets: [String]
    /// How many times a worker claimed it (1 the first time; more after a lease expired).
    public var claims: Int32
    /// JPush's cids for its pushes, stored by the worker that first sent it (empty: none yet,
    /// or older than 23 hours, JPush keeping a cid one day).
    public var cids: [String] = []
}

/// One target's result, as recorded.
public struct RecordedResult: Sendable, Hashable {
    /// What became of a target, as the `results` table says it.
    public enum Outcome: String, Sendable, Hashable, CaseIterable {
        /// The provider took it (``RecordedResult/messageID`` set).
        case accepted
        /// The provider refused it (``RecordedResult/code`` says why).
        case rejected
        /// The provider says the target is gone: prune it (`pushbridge.dead_targets`).
        case dead
        /// Not sent within the sender's retry budget.
        case failed
    }

    /// The target's position in its batch.
    public var position: Int32
    /// What became of it.
    public var outcome: Outcome
    /// The provider's code (`Unregistered`, `1011`), for a rejection or failure.
    public var code: String?
    /// The HTTP status, 0 when no answer came.
    public var status: Int32?
    /// The provider's message ID, when accepted.
    public var messageID: String?
    /// The provider's or the transport's message.
    public var detail: String?
    /// How many requests carried it.
    public var attempts: Int32

    /// A result from its parts.
    public init(
        position: Int32, outcome: Outcome, code: String? = nil, status: Int32? = nil, messageID: String? = nil, detail: String? = nil, attempts: Int32
    ) {
        self.position = position
        self.outcome = outcome
        self.code = code
        self.status = status
        self.messageID = messageID
        self.detail = detail
        self.attempts = attempts
    }
}

/// A campaign's progress: what `pushbridge-campaign status` prints.
public struct CampaignStatus: Sendable, Hashable {
    /// Its ID.
    public var id: Int64
    /// Its name.
    public var name: String
    /// Its provider.
    public var provider: String
    /// Its state.
    public var state: CampaignState
    /// Why it is paused, when it is.
    public var pauseReason: String?
    /// Seconds until workers may send again after a rate limit (0 when they may now).
    public var waitingSeconds: Double
    /// Whether its audience is complete (no more targets will be added).
    public var sealed: Bool
    /// Its targets.
    public var total: Int64
    /// The targets with a recorded result.
    public var done: Int64
    /// The batches not yet done, and those of them under a live lease.
    public var pendingBatches: Int64, leasedBatches: Int64
    /// Results recorded in the last minute, per second.
    public var ratePerSecond: Double
    /// How many results by outcome (`accepted`, `rejected`, `dead`, `failed`).
    public var byOutcome: [String: Int64]
    /// How many rejections, deaths and failures by the provider's code.
    public var byCode: [String: Int64]
}

/// The campaigns in PostgreSQL: creating them, adding their targets in batches, the workers'
/// claims, leases and results, and their states.
///
/// A worker claims a batch with `SELECT … FOR UPDATE SKIP LOCKED` (PostgreSQL's documented way
/// "to avoid lock contention with multiple consumers accessing a queue-like table":
/// https://www.postgresql.org/docs/15/sql-select.html#SQL-FOR-UPDATE-SHARE) and holds it
/// under a lease (`leased_until`, by the database's clock); a batch whose lease expired (its
/// worker died) is claimed by another worker, which sends only its unrecorded targets.
public struct CampaignStore: Sendable {
    /// The database.
    public let client: PostgresClient
    /// Where the store logs.
    public let logger: Logger

    /// A store on `client` (which must be running: `client.run()`).
    public init(client: PostgresClient, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    /// Stores a new campaign, running, with no targets yet; its ID.
    public func create(_ campaign: NewCampaign) async throws -> Int64 {
        let rows = try await client.query(
            """
            INSERT INTO pushbridge.campaigns (name, provider, configuration_ref, target_kind, message)
            VALUES (\(campaign.name), \(campaign.provider.rawValue), \(campaign.configurationReference), \(campaign.targetKind.rawValue), \(campaign.messageJSON)::jsonb)
            RETURNING id
            """, logger: logger)
        for try await id in rows.decode(Int64.self) { return id }
        throw CampaignError("create", "the database returned no campaign ID")
    }

    /// Appends `batches` (each a batch's targets) to `campaign`, in one statement and one
    /// transaction; the number of the first.
    @discardableResult
    public func append(_ batches: [[String]], to campaign: Int64) async throws -> Int32 {
        let count = Int64(batches.reduce(0) { $0 + $1.count })
        return try await client.withTransaction(logger: logger) { connection in
            // The campaign's row, locked: the batch numbers of concurrent appends do not collide.
            let rows = try await connection.query(
                "SELECT sealed FROM pushbridge.campaigns WHERE id = \(campaign) FOR UPDATE", logger: logger)
            var sealed: Bool?
            for try await value in rows.decode(Bool.self) { sealed = value }
            guard let sealed else { throw CampaignError("campaign", "\(campaign) does not exist") }
            guard !sealed else { throw CampaignError("campaign", "\(campaign)'s audience is sealed: no targets can be added") }
            let next = try await connection.query(
                "SELECT coalesce(max(batch_no) + 1, 0)::integer FROM pushbridge.batches WHERE campaign_id = \(campaign)", logger: logger)
            var first: Int32 = 0
            for try await value in next.decode(Int32.self) { first = value }
            // One row per batch, its targets as text[]: a multi-row INSERT of unnest'ed arrays
            // would need a two-dimensional array of unequal rows, so each batch is a row literal.
            for (offset, targets) in batches.enumerated() where !targets.isEmpty {
                try await connection.query(
                    "INSERT INTO pushbridge.batches (campaign_id, batch_no, targets) VALUES (\(campaign), \(first + Int32(offset)), \(targets))",
                    logger: logger)
            }
            try await connection.query(
                "UPDATE pushbridge.campaigns SET total_targets = total_targets + \(count), updated_at = now() WHERE id = \(campaign)", logger: logger)
            return first
        }
    }

    /// Marks `campaign`'s audience complete: once its batches are done, it is done.
    public func seal(_ campaign: Int64) async throws {
        try await client.query("UPDATE pushbridge.campaigns SET sealed = true, updated_at = now() WHERE id = \(campaign)", logger: logger)
        try await finishIfComplete(campaign)
    }

    /// The campaign, or `nil`.
    public func campaign(_ id: Int64) async throws -> StoredCampaign? {
        let rows = try await client.query(
            "SELECT id, provider, configuration_ref, target_kind, message::text, state FROM pushbridge.campaigns WHERE id = \(id)", logger: logger)
        for try await (id, provider, reference, kind, message, state) in rows.decode((Int64, String, String, String, String, String).self) {
            guard let targetKind = PushTarget.Kind(rawValue: kind), let state = CampaignState(rawValue: state) else {
                throw CampaignError("campaign", "\(id) has a target kind \(kind) or state \(state) this build does not know")
            }
            return StoredCampaign(
                id: id, provider: PushProviderID(rawValue: provider), configurationReference: reference, targetKind: targetKind, messageJSON: message,
                state: state)
        }
        return nil
    }

    /// Moves `campaign` to `state` (with `reason` when pausing) if it is in one of `from`;
    /// whether it moved.
    @discardableResult
    public func transition(_ campaign: Int64, to state: CampaignState, from: [CampaignState], reason: String? = nil) async throws -> Bool {
        let rows = try await client.query(
            """
            UPDATE pushbridge.campaigns SET state = \(state.rawValue), pause_reason = \(reason), updated_at = now(),
                not_before = CASE WHEN \(state.rawValue) = 'running' THEN NULL ELSE not_before END,
                finished_at = CASE WHEN \(state.rawValue) IN ('cancelled', 'done') THEN now() ELSE NULL END
            WHERE id = \(campaign) AND state = ANY(\(from.map(\.rawValue)))
            RETURNING id
            """, logger: logger)
        var moved = false
        for try await _ in rows.decode(Int64.self) { moved = true }
        if moved {
            logger.notice("campaign state", metadata: ["campaign": "\(campaign)", "state": "\(state.rawValue)", "reason": "\(reason ?? "")"])
        }
        return moved
    }

    /// Holds every worker of `campaign` back for `seconds` (a rate limit): no batch of it is
    /// claimed before then. A later limit already set is kept.
    public func holdBack(_ campaign: Int64, seconds: Double) async throws {
        try await client.query(
            """
            UPDATE pushbridge.campaigns SET not_before = greatest(coalesce(not_before, now()), now() + \(seconds) * interval '1 second'), updated_at = now()
            WHERE id = \(campaign)
            """, logger: logger)
    }

    /// Claims the next batch no live lease holds, of a running campaign whose rate-limit wait
    /// is over (of `campaign` only, when given), for `lease` seconds; `nil` when there is none.
    public func claim(worker: String, lease: Double, campaign: Int64? = nil) async throws -> ClaimedBatch? {
        let rows = try await client.query(
            """
            WITH next AS (
                SELECT b.campaign_id, b.batch_no FROM pushbridge.batches b
                JOIN pushbridge.campaigns c ON c.id = b.campaign_id
                WHERE b.state = 'pending' AND (b.leased_until IS NULL OR b.leased_until < now())
                    AND c.state = 'running' AND (c.not_before IS NULL OR c.not_before <= now())
                    AND (\(campaign)::bigint IS NULL OR b.campaign_id = \(campaign)::bigint)
                ORDER BY b.campaign_id, b.batch_no
                LIMIT 1
                FOR UPDATE OF b SKIP LOCKED
            )
            UPDATE pushbridge.batches b SET leased_until = now() + \(lease) * interval '1 second', leased_by = \(worker), claims = b.claims + 1
            FROM next WHERE b.campaign_id = next.campaign_id AND b.batch_no = next.batch_no
            RETURNING b.campaign_id, b.batch_no, b.targets, b.claims,
                CASE WHEN b.cids_fetched_at > now() - interval '23 hours' THEN b.cids ELSE '{}'::text[] END
            """, logger: logger)
        for try await (id, number, targets, claims, cids) in rows.decode((Int64, Int32, [String], Int32, [String]?).self) {
            return ClaimedBatch(campaignID: id, batchNumber: number, targets: targets, claims: claims, cids: cids ?? [])
        }
        return nil
    }

    /// Stores `cids` (JPush's, for the batch's pushes) with `batch` unless it has recent ones,
    /// while `worker` holds its lease; the batch's cids, to send with, or `nil` when the lease
    /// was lost (send nothing).
    public func storeCIDs(_ cids: [String], for batch: ClaimedBatch, worker: String) async throws -> [String]? {
        let rows = try await client.query(
            """
            UPDATE pushbridge.batches SET
                cids = CASE WHEN cids_fetched_at > now() - interval '23 hours' THEN cids ELSE \(cids) END,
                cids_fetched_at = CASE WHEN cids_fetched_at > now() - interval '23 hours' THEN cids_fetched_at ELSE now() END
            WHERE campaign_id = \(batch.campaignID) AND batch_no = \(batch.batchNumber) AND leased_by = \(worker) AND state = 'pending'
            RETURNING cids
            """, logger: logger)
        for try await stored in rows.decode([String]?.self) { return stored ?? [] }
        return nil
    }

    /// Extends `worker`'s lease on `batch` by `lease` seconds from now; `false` when it lost it.
    public func renew(_ batch: ClaimedBatch, worker: String, lease: Double) async throws -> Bool {
        let rows = try await client.query(
            """
            UPDATE pushbridge.batches SET leased_until = now() + \(lease) * interval '1 second'
            WHERE campaign_id = \(batch.campaignID) AND batch_no = \(batch.batchNumber) AND leased_by = \(worker) AND state = 'pending'
            RETURNING batch_no
            """, logger: logger)
        for try await _ in rows.decode(Int32.self) { return true }
        return false
    }

    /// The positions of `batch` that already have a result.
    public func recordedPositions(_ batch: ClaimedBatch) async throws -> Set<Int32> {
        let rows = try await client.query(
            "SELECT position FROM pushbridge.results WHERE campaign_id = \(batch.campaignID) AND batch_no = \(batch.batchNumber)", logger: logger)
        var positions: Set<Int32> = []
        for try await position in rows.decode(Int32.self) { positions.insert(position) }
        return positions
    }

    /// Records `results` of `batch` and, in the same transaction, marks it done when every
    /// target has a result, or else releases its lease (the rest is sent later); the campaign is
    /// done when its last batch is. Returns `false`, recording nothing, when `worker` no longer
    /// holds the lease (it expired and another worker took the batch).
    ///
    /// One statement, one round trip (PostgreSQL runs a statement in a transaction of its own):
    /// the batch's row is locked while `worker` holds its lease, the results are inserted, and
    /// the batch is released or done, all or nothing. A target recorded twice violates the
    /// results' primary key and fails the statement: nothing of it is recorded.
    @discardableResult
    public func complete(_ batch: ClaimedBatch, worker: String, results: [RecordedResult]) async throws -> Bool {
        // Arrays of optionals have no encoding: absent values travel as '' or -1. The batch's
        // count of results is the snapshot's (those recorded before) plus those inserted here,
        // which the statement's other parts do not see.
        let rows = try await client.query(
            """
            WITH held AS (
                SELECT campaign_id, batch_no, cardinality(targets) AS size FROM pushbridge.batches
                WHERE campaign_id = \(batch.campaignID) AND batch_no = \(batch.batchNumber) AND state = 'pending' AND leased_by = \(worker)
                FOR UPDATE
            ), recorded AS (
                INSERT INTO pushbridge.results (campaign_id, batch_no, position, outcome, code, status, message_id, detail, attempts, worker)
                SELECT held.campaign_id, held.batch_no, r.position, r.outcome, nullif(r.code, ''), nullif(r.status, -1),
                    nullif(r.message_id, ''), nullif(r.detail, ''), r.attempts, \(worker)
                FROM held, unnest(\(results.map(\.position)), \(results.map(\.outcome.rawValue)), \(results.map { $0.code ?? "" }),
                                  \(results.map { $0.status ?? -1 }), \(results.map { $0.messageID ?? "" }), \(results.map { $0.detail ?? "" }),
                                  \(results.map(\.attempts)))
                    AS r(position, outcome, code, status, message_id, detail, attempts)
                RETURNING 1
            )
            UPDATE pushbridge.batches b SET leased_until = NULL, leased_by = NULL,
                state = CASE WHEN (SELECT count(*) FROM pushbridge.results r WHERE r.campaign_id = b.campaign_id AND r.batch_no = b.batch_no)
                    + (SELECT count(*) FROM recorded) >= held.size THEN 'done' ELSE 'pending' END
            FROM held WHERE b.campaign_id = held.campaign_id AND b.batch_no = held.batch_no
            RETURNING b.state
            """, logger: logger)
        var state: String?
        for try await value in rows.decode(String.self) { state = value }
        guard let state else { return false }
        // A batch left pending keeps its campaign from being done.
        if state == "done" { try await finishIfComplete(batch.campaignID) }
        return true
    }

    /// Marks `campaign` done when it is running, sealed and has no pending batch.
    func finishIfComplete(_ campaign: Int64) async throws {
        let rows = try await client.query(
            """
            UPDATE pushbridge.campaigns c SET state = 'done', finished_at = now(), updated_at = now()
            WHERE c.id = \(campaign) AND c.state = 'running' AND c.sealed
                AND NOT EXISTS (SELECT 1 FROM pushbridge.batches b WHERE b.campaign_id = c.id AND b.state = 'pending')
            RETURNING c.id
            """, logger: logger)
        for try await _ in rows.decode(Int64.self) { logger.notice("campaign done", metadata: ["campaign": "\(campaign)"]) }
    }

    /// `campaign`'s progress, or `nil` when there is no such campaign.
    public func status(_ campaign: Int64) async throws -> CampaignStatus? {
        let rows = try await client.query(
            """
            SELECT name, provider, state, pause_reason, sealed, total_targets,
                greatest(0, extract(epoch FROM coalesce(not_before, now()) - now()))::float8,
                (SELECT count(*) FROM pushbridge.batches b WHERE b.campaign_id = c.id AND b.state = 'pending'),
                (SELECT count(*) FROM pushbridge.batches b WHERE b.campaign_id = c.id AND b.state = 'pending' AND b.leased_until > now()),
                (SELECT count(*) FROM pushbridge.results r WHERE r.campaign_id = c.id AND r.recorded_at > now() - interval '60 seconds')
            FROM pushbridge.campaigns c WHERE c.id = \(campaign)
            """, logger: logger)
        var found: CampaignStatus?
        for try await (name, provider, state, reason, sealed, total, wait, pending, leased, recent)
            in rows.decode((String, String, String, String?, Bool, Int64, Double, Int64, Int64, Int64).self)
        {
            found = CampaignStatus(
                id: campaign, name: name, provider: provider, state: CampaignState(rawValue: state) ?? .paused, pauseReason: reason,
                waitingSeconds: wait,
                sealed: sealed, total: total, done: 0, pendingBatches: pending, leasedBatches: leased, ratePerSecond: Double(recent) / 60,
                byOutcome: [:],
                byCode: [:])
        }
        guard var status = found else { return nil }
        let counts = try await client.query(
            "SELECT outcome, code, count(*) FROM pushbridge.results WHERE campaign_id = \(campaign) GROUP BY outcome, code", logger: logger)
        for try await (outcome, code, count) in counts.decode((String, String?, Int64).self) {
            status.done += count
            status.byOutcome[outcome, default: 0] += count
            if outcome != "accepted", let code { status.byCode[code, default: 0] += count }
        }
        return status
    }
}

/// A campaign operation that could not be done: the field or thing, and why.
public struct CampaignError: Error, Sendable, CustomStringConvertible {
    /// What it concerns (`--audience`, `campaign`, `message`).
    public var field: String
    /// What went wrong and what was expected.
    public var message: String

    /// An error from its parts.
    public init(_ field: String, _ message: String) {
        self.field = field
        self.message = message
    }

    /// `field: message`.
    public var description: String { "\(field): \(message)" }
}
