import Logging
import PostgresNIO

/// The tables of campaigns, in the schema `pushbridge`, and the migrations that make them
/// (`pushbridge-campaign migrate`). Each migration runs once, in its own transaction, recorded in
/// `pushbridge.schema_migrations`; running `migrate` again applies only the new ones.
///
/// | Table | One row per | Written by |
/// |---|---|---|
/// | `campaigns` | campaign: the message's JSON, the provider, the name of the provider configuration the workers read from their own file (never a secret), state, pause reason, `not_before` | `create`, `pause`, `resume`, `cancel`; a worker pausing on a credential refusal or slowing every worker on a rate limit |
/// | `batches` | batch of targets (`targets text[]`, 1,000 by default), `state` pending or done, the lease (`leased_until`, `leased_by`), JPush's `cids` stored before its first push | `create` (appended in chunks), workers (the lease, done) |
/// | `results` | target: accepted with the provider's message ID, rejected with its code, dead, or failed; the primary key (campaign, batch, position) makes a second recording of a target an error | workers, in the transaction that completes (or releases) the batch |
/// | `dead_targets` (a view) | dead target, with its provider and code | read by the app's backend to prune its table |
public enum CampaignSchema {
    /// The migrations, in order: version and statements.
    public static let migrations: [(version: Int, statements: [String])] = [
        (
            1,
            [
                """
                CREATE TABLE pushbridge.campaigns (
                    id bigserial PRIMARY KEY,
                    name text NOT NULL,
                    provider text NOT NULL CHECK (provider IN ('apns', 'jpush', 'getui', 'fcm')),
                    configuration_ref text NOT NULL,
                    target_kind text NOT NULL,
                    message jsonb NOT NULL,
                    state text NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'paused', 'cancelled', 'done')),
                    pause_reason text,
                    not_before timestamptz,
                    sealed boolean NOT NULL DEFAULT false,
                    total_targets bigint NOT NULL DEFAULT 0,
                    created_at timestamptz NOT NULL DEFAULT now(),
                    updated_at timestamptz NOT NULL DEFAULT now(),
                    finished_at timestamptz
                )
                """,
                """
                CREATE TABLE pushbridge.batches (
                    campaign_id bigint NOT NULL REFERENCES pushbridge.campaigns (id) ON DELETE CASCADE,
                    batch_no integer NOT NULL,
                    targets text[] NOT NULL,
                    state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done')),
                    leased_until timestamptz,
                    leased_by text,
                    claims integer NOT NULL DEFAULT 0,
                    PRIMARY KEY (campaign_id, batch_no)
                )
                """,
                "CREATE INDEX batches_pending ON pushbridge.batches (campaign_id, batch_no) WHERE state = 'pending'",
                """
                CREATE TABLE pushbridge.results (
                    campaign_id bigint NOT NULL,
                    batch_no integer NOT NULL,
                    position integer NOT NULL,
                    outcome text NOT NULL CHECK (outcome IN ('accepted', 'rejected', 'dead', 'failed')),
                    code text,
                    status integer,
                    message_id text,
                    detail text,
                    attempts integer NOT NULL,
                    worker text NOT NULL,
                    recorded_at timestamptz NOT NULL DEFAULT now(),
                    PRIMARY KEY (campaign_id, batch_no, position),
                    FOREIGN KEY (campaign_id, batch_no) REFERENCES pushbridge.batches (campaign_id, batch_no) ON DELETE CASCADE
                )
                """,
                """
                CREATE VIEW pushbridge.dead_targets AS
                    SELECT r.campaign_id, c.provider, c.target_kind, b.targets[r.position + 1] AS target, r.code, r.detail, r.recorded_at
                    FROM pushbridge.results r
                    JOIN pushbridge.batches b ON b.campaign_id = r.campaign_id AND b.batch_no = r.batch_no
                    JOIN pushbridge.campaigns c ON c.id = r.campaign_id
                    WHERE r.outcome = 'dead'
                """,
            ]
        ),
        (
            2,
            [
                // JPush's cids of a batch (one per push of 1,000 targets), stored before its first
                // push so that a worker taking the batch over re-sends with them: JPush answers a
                // known cid with the first push's result, for one day
                // (https://docs.jiguang.cn/jpush/server/push/rest_api_v3_push_advanced).
                "ALTER TABLE pushbridge.batches ADD COLUMN cids text[], ADD COLUMN cids_fetched_at timestamptz"
            ]
        ),
    ]

    /// Applies the migrations not applied yet; the versions it applied. Concurrent runs wait for
    /// one another (an advisory lock held by the transaction).
    @discardableResult
    public static func migrate(_ client: PostgresClient, logger: Logger) async throws -> [Int] {
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(1885498727)", logger: logger)
            try await connection.query("CREATE SCHEMA IF NOT EXISTS pushbridge", logger: logger)
            try await connection.query(
                "CREATE TABLE IF NOT EXISTS pushbridge.schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
                logger: logger)
        }
        var applied: [Int] = []
        for migration in migrations {
            let done = try await client.withTransaction(logger: logger) { connection -> Bool in
                // 0x70626d67 ("pbmg"): one migrating process at a time.
                try await connection.query("SELECT pg_advisory_xact_lock(1885498727)", logger: logger)
                let rows = try await connection.query(
                    "SELECT 1 FROM pushbridge.schema_migrations WHERE version = \(migration.version)", logger: logger)
                for try await _ in rows { return false }
                for statement in migration.statements { try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger) }
                try await connection.query("INSERT INTO pushbridge.schema_migrations (version) VALUES (\(migration.version))", logger: logger)
                return true
            }
            if done {
                applied.append(migration.version)
                logger.info("migration applied", metadata: ["version": "\(migration.version)"])
            }
        }
        return applied
    }
}
