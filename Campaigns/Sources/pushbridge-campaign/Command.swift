import Foundation
import Logging
import Metrics
import Prometheus
import PushBridgeCampaigns
import PushBridgeCore
import PushBridgeServer
import ServiceLifecycle

/// `pushbridge-campaign`: campaigns in PostgreSQL, sent by any number of workers.
@main
struct CampaignCommand {
    static let usage = """
        usage: pushbridge-campaign COMMAND [options]   (the database: --database URL or PUSHBRIDGE_POSTGRES_URL)

          migrate                                  create or update the tables (schema pushbridge)
          create --provider apns|jpush|getui|fcm --message FILE [--name NAME] [--config-ref NAME]
                 [--kind token|registration|cid|alias] [--audience FILE|-] [--batch-size N] [--open]
                                                   (batches of 100 targets for APNs and FCM, 1,000 for JPush and Getui)
                                                   store a campaign and its audience (one target a line, or a JSON
                                                   list); --open leaves the audience open for `add` and `seal`
          add --campaign ID --audience FILE|- [--batch-size N] [--seal]
          seal --campaign ID                       no more targets: the campaign is done when its batches are
          work --config NAME=PATH [--config …] [--campaign ID] [--lease SECONDS] [--concurrency N]
               [--batches-in-flight N] [--rate-limit-wait SECONDS] [--max-rate-limit-wait SECONDS] [--endpoint PROVIDER=URL] [--exit-when-idle]
               [--metrics-port PORT [--metrics-host HOST]]
                                                   claim batches and send them until SIGTERM (the batch in flight
                                                   is finished and recorded first); --metrics-port serves the
                                                   counters for Prometheus at http://HOST:PORT/metrics (port 0: a
                                                   free one, logged); HOST is 127.0.0.1 unless given, and 0.0.0.0
                                                   exposes the page on every interface
          status --campaign ID [--json]            done/total, rate, results by outcome and code
          pause --campaign ID [--reason TEXT] | resume --campaign ID | cancel --campaign ID
        """

    static func main() async {
        var arguments = Array(CommandLine.arguments.dropFirst())
        guard let command = arguments.first else {
            FileHandle.standardError.write(Data((usage + "\n").utf8))
            exit(64)
        }
        arguments.removeFirst()
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = Logger.Level(rawValue: ProcessInfo.processInfo.environment["PUSHBRIDGE_LOG_LEVEL"] ?? "") ?? .info
            return handler
        }
        let logger = Logger(label: "pushbridge-campaign")
        do {
            let options = try Options(arguments)
            try await run(command, options, logger: logger)
        } catch let error as UsageError {
            FileHandle.standardError.write(Data("pushbridge-campaign: \(error.message)\n\n\(usage)\n".utf8))
            exit(64)
        } catch {
            FileHandle.standardError.write(Data("pushbridge-campaign \(command): \(CampaignDatabase.describe(error))\n".utf8))
            exit(1)
        }
    }

    static func run(_ command: String, _ options: Options, logger: Logger) async throws {
        let known = ["migrate", "create", "add", "seal", "work", "status", "pause", "resume", "cancel"]
        guard known.contains(command) else {
            throw UsageError(message: "\"\(command)\" is not a command (expected one of: \(known.joined(separator: ", ")))")
        }
        guard let url = options.value("--database") ?? ProcessInfo.processInfo.environment["PUSHBRIDGE_POSTGRES_URL"] else {
            throw UsageError(message: "--database: missing (or set PUSHBRIDGE_POSTGRES_URL), expected postgres://USER@HOST:PORT/DATABASE")
        }
        let database = try CampaignDatabase(url: url)
        if command == "work" { return try await work(database, options, logger: logger) }
        try await database.withStore(logger: logger) { store in
            switch command {
            case "migrate":
                let applied = try await CampaignSchema.migrate(store.client, logger: logger)
                print(applied.isEmpty ? "up to date" : "applied: " + applied.map(String.init).joined(separator: ", "))
            case "create": try await create(store, options)
            case "add":
                let campaign = try options.campaign()
                guard let stored = try await store.campaign(campaign) else { throw CampaignError("--campaign", "\(campaign) does not exist") }
                let batchSize = try options.batchSize(default: ["apns", "fcm"].contains(stored.provider.rawValue) ? 100 : 1_000)
                let count = try await AudienceReader(path: try options.required("--audience", "an audience file"), batchSize: batchSize)
                    .forEachBatch { try await store.append([$0], to: campaign) }
                if options.flag("--seal") { try await store.seal(campaign) }
                print("added \(count) targets to campaign \(campaign)")
            case "seal": try await store.seal(try options.campaign())
            case "status": try await status(store, options)
            case "pause":
                try report(
                    await store.transition(
                        try options.campaign(), to: .paused, from: [.running], reason: options.value("--reason") ?? "paused by hand"), "paused")
            case "resume": try report(await store.transition(try options.campaign(), to: .running, from: [.paused]), "resumed")
            default: try report(await store.transition(try options.campaign(), to: .cancelled, from: [.running, .paused]), "cancelled")
            }
        }
    }

    static func report(_ moved: Bool, _ verb: String) throws {
        guard moved else { throw CampaignError("--campaign", "not \(verb): no such campaign, or it is not in a state that can be \(verb)") }
        print(verb)
    }

    static func create(_ store: CampaignStore, _ options: Options) async throws {
        let provider = try options.required("--provider", "apns, jpush, getui or fcm")
        guard ["apns", "jpush", "getui", "fcm"].contains(provider) else {
            throw UsageError(message: "--provider: \(provider) is not one of apns, jpush, getui, fcm")
        }
        let messagePath = try options.required("--message", "a message file, as `pushbridge send` takes")
        guard let messageData = FileManager.default.contents(atPath: messagePath) else {
            throw CampaignError("--message", "\(messagePath) cannot be read")
        }
        // Checked now, so that no worker meets a message it cannot read.
        _ = try PushMessage(json: JSONParser.parse([UInt8](messageData)))
        let kinds: [String: PushTarget.Kind] = ["token": .deviceToken, "registration": .registrationID, "cid": .clientID, "alias": .alias]
        let defaultKind: [String: PushTarget.Kind] = ["apns": .deviceToken, "jpush": .registrationID, "getui": .clientID, "fcm": .registrationID]
        var kind = defaultKind[provider]!
        if let text = options.value("--kind") {
            guard let value = kinds[text] else { throw UsageError(message: "--kind: \(text) is not one of token, registration, cid, alias") }
            kind = value
        }
        let id = try await store.create(
            NewCampaign(
                name: options.value("--name") ?? "campaign", provider: PushProviderID(rawValue: provider),
                configurationReference: options.value("--config-ref") ?? "default", targetKind: kind,
                messageJSON: String(decoding: messageData, as: UTF8.self)))
        var count = 0
        if let audience = options.value("--audience") {
            // Batches appended ten at a time: bounded memory (ten batches), few transactions.
            var pending: [[String]] = []
            // APNs and FCM keep no idempotence key: what a killed worker had sent of its batch is
            // delivered again, so their batches are smaller by default (100, not 1,000).
            let batchSize = try options.batchSize(default: ["apns", "fcm"].contains(provider) ? 100 : 1_000)
            count = try await AudienceReader(path: audience, batchSize: batchSize).forEachBatch { batch in
                pending.append(batch)
                if pending.count == 10 {
                    try await store.append(pending, to: id)
                    pending.removeAll()
                }
            }
            if !pending.isEmpty { try await store.append(pending, to: id) }
        }
        if !options.flag("--open") { try await store.seal(id) }
        if options.flag("--json") {
            print("{\"campaign\": \(id), \"targets\": \(count), \"sealed\": \(!options.flag("--open"))}")
        } else {
            print("campaign \(id): \(count) targets\(options.flag("--open") ? " (open: add more with `add`, then `seal`)" : "")")
        }
    }

    static func status(_ store: CampaignStore, _ options: Options) async throws {
        let id = try options.campaign()
        guard let status = try await store.status(id) else { throw CampaignError("--campaign", "\(id) does not exist") }
        if options.flag("--json") {
            let json: JSONValue = .object([
                "campaign": .integer(status.id), "name": .string(status.name), "provider": .string(status.provider),
                "state": .string(status.state.rawValue),
                "pauseReason": status.pauseReason.map(JSONValue.string) ?? .null, "sealed": .bool(status.sealed), "total": .integer(status.total),
                "done": .integer(status.done), "pendingBatches": .integer(status.pendingBatches), "leasedBatches": .integer(status.leasedBatches),
                "ratePerSecond": .double(status.ratePerSecond), "waitingSeconds": .double(status.waitingSeconds),
                "byOutcome": .object(JSONObject(status.byOutcome.map { ($0.key, JSONValue.integer($0.value)) })),
                "byCode": .object(JSONObject(status.byCode.map { ($0.key, JSONValue.integer($0.value)) })),
            ])
            print(JSONWriter.string(from: json, style: .canonical))
            return
        }
        let fraction = status.total == 0 ? 1 : Double(status.done) / Double(status.total)
        let filled = Int((fraction * 30).rounded(.down))
        print("campaign \(status.id) \"\(status.name)\" (\(status.provider)): \(status.state.rawValue)\(status.pauseReason.map { ": \($0)" } ?? "")")
        print(
            "[\(String(repeating: "#", count: filled))\(String(repeating: ".", count: 30 - filled))] \(status.done)/\(status.total)\(status.sealed ? "" : " (audience open)")  \(String(format: "%.1f", fraction * 100))%  \(String(format: "%.0f", status.ratePerSecond))/s"
        )
        if status.waitingSeconds > 0 { print("rate limited: workers wait \(Int(status.waitingSeconds.rounded(.up))) s more") }
        for (outcome, count) in status.byOutcome.sorted(by: { $0.key < $1.key }) { print("  \(outcome): \(count)") }
        for (code, count) in status.byCode.sorted(by: { $0.value > $1.value }) { print("    \(code): \(count)") }
    }

    static func work(_ database: CampaignDatabase, _ options: Options, logger: Logger) async throws {
        var files: [String: String] = [:]
        for entry in options.values("--config") {
            if let equals = entry.firstIndex(of: "=") {
                files[String(entry[..<equals])] = String(entry[entry.index(after: equals)...])
            } else {
                files["default"] = entry
            }
        }
        guard !files.isEmpty else {
            throw UsageError(message: "--config: missing (NAME=PATH of a provider configuration, as `pushbridge send --config` reads)")
        }
        var senderOptions = ConfigurationFileSenders.defaultOptions(maxConcurrentRequests: try options.integer("--concurrency") ?? 100)
        for entry in options.values("--endpoint") {
            guard let equals = entry.firstIndex(of: "=") else { throw UsageError(message: "--endpoint: expected PROVIDER=URL, got \(entry)") }
            senderOptions.baseURLs[PushProviderID(rawValue: String(entry[..<equals]))] = String(entry[entry.index(after: equals)...])
        }
        let workerOptions = CampaignWorkerOptions(
            leaseSeconds: try options.double("--lease") ?? 60, rateLimitSeconds: try options.double("--rate-limit-wait") ?? 30,
            campaign: options.value("--campaign") == nil ? nil : try options.campaign(), exitWhenIdle: options.flag("--exit-when-idle"),
            maxConcurrentTargets: try options.integer("--concurrency") ?? 100,
            maxRateLimitSeconds: try options.double("--max-rate-limit-wait") ?? 600,
            batchesInFlight: try options.integer("--batches-in-flight") ?? 2
        )
        let metrics = try await metricsServer(options, logger: logger)
        let client = database.makeClient(logger: logger)
        let worker = CampaignWorker(
            store: CampaignStore(client: client, logger: logger), senders: ConfigurationFileSenders(files: files, options: senderOptions),
            options: workerOptions,
            logger: logger)
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                // Shut down in reverse: the worker finishes its batch, then the database client
                // closes, then the metrics page, which shows the batch's results until the end.
                services: (metrics.map { [ServiceGroupConfiguration.ServiceConfiguration(service: $0)] } ?? []) + [
                    .init(service: client),
                    .init(
                        service: worker, successTerminationBehavior: .gracefullyShutdownGroup, failureTerminationBehavior: .gracefullyShutdownGroup),
                ], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        logger.info("worker started", metadata: ["worker": "\(workerOptions.workerID)", "configurations": "\(files.keys.sorted())"])
        try await group.run()
    }
}

extension CampaignCommand {
    /// `--metrics-port PORT [--metrics-host HOST]`: swift-metrics bootstrapped with swift-prometheus,
    /// and the server of its `/metrics` page; nil (and no backend) without `--metrics-port`.
    static func metricsServer(_ options: Options, logger: Logger) async throws -> MetricsServer? {
        guard let text = options.value("--metrics-port") else {
            if options.value("--metrics-host") != nil { throw UsageError(message: "--metrics-host: needs --metrics-port PORT") }
            return nil
        }
        guard let port = Int(text), (0...65_535).contains(port) else {
            throw UsageError(message: "--metrics-port: \(text) is not a port (expected 0 to 65535; 0 picks a free one)")
        }
        let host = options.value("--metrics-host") ?? "127.0.0.1"
        guard !host.isEmpty else { throw UsageError(message: "--metrics-host: empty (expected an address such as 127.0.0.1 or 0.0.0.0)") }
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        return try await MetricsServer.listen(host: host, port: port, registry: registry, logger: logger)
    }
}

struct UsageError: Error {
    var message: String
}

/// `--name value` options and `--flag`s.
struct Options {
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []
    static let flagNames: Set<String> = ["--json", "--open", "--seal", "--exit-when-idle"]

    init(_ arguments: [String]) throws {
        var index = 0
        while index < arguments.count {
            let name = arguments[index]
            guard name.hasPrefix("--") else { throw UsageError(message: "\(name): expected an option (--name value)") }
            if Self.flagNames.contains(name) {
                flags.insert(name)
                index += 1
                continue
            }
            guard index + 1 < arguments.count else { throw UsageError(message: "\(name): missing its value") }
            values[name, default: []].append(arguments[index + 1])
            index += 2
        }
    }

    func value(_ name: String) -> String? { values[name]?.last }
    func values(_ name: String) -> [String] { values[name] ?? [] }
    func flag(_ name: String) -> Bool { flags.contains(name) }

    func required(_ name: String, _ expected: String) throws -> String {
        guard let value = value(name) else { throw UsageError(message: "\(name): missing (expected \(expected))") }
        return value
    }

    func campaign() throws -> Int64 {
        let text = try required("--campaign", "a campaign's ID")
        guard let id = Int64(text), id > 0 else {
            throw UsageError(message: "--campaign: \(text) is not a campaign ID (expected a positive integer)")
        }
        return id
    }

    func integer(_ name: String) throws -> Int? {
        guard let text = value(name) else { return nil }
        guard let value = Int(text), value > 0 else { throw UsageError(message: "\(name): \(text) is not a positive integer") }
        return value
    }

    func double(_ name: String) throws -> Double? {
        guard let text = value(name) else { return nil }
        guard let value = Double(text), value > 0 else { throw UsageError(message: "\(name): \(text) is not a positive number of seconds") }
        return value
    }

    func batchSize(default defaultSize: Int = 1_000) throws -> Int {
        let size = try integer("--batch-size") ?? defaultSize
        guard size <= 10_000 else { throw UsageError(message: "--batch-size: \(size) is over 10,000 (expected 1 to 10,000)") }
        return size
    }
}
