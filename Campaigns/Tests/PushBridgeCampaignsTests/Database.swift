import Foundation
import Logging
import PostgresNIO
import PushBridgeCampaigns
import PushBridgeCore
import PushBridgeServer

/// The PostgreSQL the tests use: `PUSHBRIDGE_POSTGRES_URL` (CI starts a throw-away cluster
/// with `Campaigns/scripts/throwaway-postgres`). Without it the database tests are skipped,
/// saying so.
enum TestDatabase {
    static let url = ProcessInfo.processInfo.environment["PUSHBRIDGE_POSTGRES_URL"]
    static let skipReason = "no PostgreSQL: set PUSHBRIDGE_POSTGRES_URL (Campaigns/scripts/throwaway-postgres prints one)"
    static let isAvailable = url != nil

    static let logger: Logger = {
        var logger = Logger(label: "campaign-tests")
        logger.logLevel = ProcessInfo.processInfo.environment["PUSHBRIDGE_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .error
        return logger
    }()

    /// Runs `body` with a migrated store.
    static func withStore<Result: Sendable>(_ body: @Sendable (CampaignStore) async throws -> Result) async throws -> Result {
        let database = try CampaignDatabase(url: url ?? "")
        return try await database.withStore(logger: logger) { store in
            try await CampaignSchema.migrate(store.client, logger: logger)
            return try await body(store)
        }
    }

    /// The first column of the first row of `query`, as an integer.
    static func count(_ store: CampaignStore, _ query: PostgresQuery) async throws -> Int64 {
        for try await value in try await store.client.query(query, logger: logger).decode(Int64.self) { return value }
        return -1
    }
}

/// A campaign of `count` targets `prefix0`, `prefix1`, … in batches of `batchSize`, sealed.
func makeCampaign(
    _ store: CampaignStore, provider: String, kind: PushTarget.Kind, count: Int, batchSize: Int = 100,
    prefix: String = UUID().uuidString.prefix(8).lowercased()
) async throws -> (id: Int64, targets: [String]) {
    let id = try await store.create(
        NewCampaign(
            name: "test", provider: PushProviderID(rawValue: provider), configurationReference: "default", targetKind: kind,
            messageJSON: #"{"alert": {"title": "Sale", "body": "Today only"}}"#))
    let targets = (0..<count).map { targetName(prefix, $0) }
    for start in stride(from: 0, to: count, by: batchSize * 10) {
        let batches = stride(from: start, to: min(start + batchSize * 10, count), by: batchSize).map {
            Array(targets[$0..<min($0 + batchSize, count)])
        }
        try await store.append(batches, to: id)
    }
    try await store.seal(id)
    return (id, targets)
}
