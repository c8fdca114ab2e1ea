import Foundation
import Logging
import PostgresNIO

/// Where the campaigns' database is: a `postgres://user:password@host:port/database` URL (the
/// form libpq and psql take), read by the command from `--database` or `PUSHBRIDGE_POSTGRES_URL`.
public struct CampaignDatabase: Sendable, CustomStringConvertible {
    /// The client's configuration.
    public var configuration: PostgresClient.Configuration
    /// The same, for one connection (the probe of ``withStore(logger:_:)``).
    let connectionConfiguration: PostgresConnection.Configuration
    private let masked: String

    /// The database `url` names.
    ///
    /// - Throws: ``CampaignError`` naming `field` when it is not a `postgres://` or
    ///   `postgresql://` URL with a user and a host (the password masked in the message).
    public init(url: String, field: String = "--database") throws {
        guard let components = URLComponents(string: url), ["postgres", "postgresql"].contains(components.scheme ?? ""),
            let host = components.host, !host.isEmpty, let user = components.user, !user.isEmpty
        else {
            throw CampaignError(field, "expected postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE, got \(Self.mask(url))")
        }
        let database = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        let query = components.queryItems ?? []
        // TLS to the database is not offered yet: a database on loopback or a private network.
        if let mode = query.first(where: { $0.name == "sslmode" })?.value, mode != "disable" {
            throw CampaignError(
                field, "sslmode=\(mode) is not supported yet (expected disable: reach the database over loopback or a private network)")
        }
        let tls = PostgresClient.Configuration.TLS.disable
        configuration = PostgresClient.Configuration(
            host: host, port: components.port ?? 5432, username: user, password: components.password, database: database.isEmpty ? nil : database,
            tls: tls)
        connectionConfiguration = PostgresConnection.Configuration(
            host: host, port: components.port ?? 5432, username: user, password: components.password, database: database.isEmpty ? nil : database,
            tls: .disable)
        masked = Self.mask(url)
    }

    /// The URL, its password masked.
    public var description: String { masked }

    static func mask(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = "••••"
        return components.string ?? "<a URL with a password>"
    }

    /// A client of the database (a swift-service-lifecycle `Service`: run it in a
    /// `ServiceGroup`, or call its `run()`). The connection pool's own messages (a connection
    /// refused, and tried again) are logged at `debug` and `trace` only.
    public func makeClient(logger: Logger) -> PostgresClient {
        PostgresClient(configuration: configuration, backgroundLogger: Self.quieter(logger))
    }

    /// Runs `body` with a store on a running client, then stops the client. One connection is
    /// made first, so that a database that cannot be reached fails at once (the pool would try
    /// again for a minute).
    public func withStore<Result: Sendable>(logger: Logger, _ body: @Sendable (CampaignStore) async throws -> Result) async throws -> Result {
        let probe = try await PostgresConnection.connect(configuration: connectionConfiguration, id: 0, logger: Self.quieter(logger))
        try await probe.close()
        let client = makeClient(logger: logger)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            return try await body(CampaignStore(client: client, logger: logger))
        }
    }

    /// `logger` at `error` unless it logs `debug` or `trace`.
    private static func quieter(_ logger: Logger) -> Logger {
        var background = logger
        if logger.logLevel > .debug { background.logLevel = .error }
        return background
    }

    /// What went wrong with the database, without the query's values (targets are secrets): the
    /// server's message and SQLSTATE for a PostgreSQL error, its kind otherwise.
    public static func describe(_ error: any Error) -> String {
        if let error = error as? PostgresTransactionError {
            return describe(
                error.closureError ?? error.commitError ?? error.beginError ?? error.rollbackError ?? CampaignError("transaction", "failed"))
        }
        guard let error = error as? PSQLError else { return "\(error)" }
        if let message = error.serverInfo?[.message] {
            let state = error.serverInfo?[.sqlState] ?? "?"
            // 3F000 invalid_schema_name, 42P01 undefined_table, 42703 undefined_column: the tables are
            // missing or older than this command (PostgreSQL's Appendix A, "Error Codes").
            let hint = ["3F000", "42P01", "42703"].contains(state) ? "; run `pushbridge-campaign migrate` first" : ""
            return "PostgreSQL: \(message) (SQLSTATE \(state))\(hint)"
        }
        if let underlying = error.underlying { return "PostgreSQL \(error.code): \(underlying)" }
        return "PostgreSQL: \(error.code)"
    }
}
