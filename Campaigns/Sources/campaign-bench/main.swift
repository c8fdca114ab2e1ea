import Foundation
import Logging
import PostgresNIO
import PushBridgeCampaigns
import PushBridgeCore
import PushBridgeServer

// campaign-bench: the price of durability. One campaign of N APNs targets sent by 1, 2 and 4
// `pushbridge-campaign work` processes through PostgreSQL, against the same N notifications sent
// by one bare sender (the same configuration file, the same AsyncHTTPClient transport, no
// database) in one process, all to the APNs race's local HTTP/2 TLS sink (Benchmarks/APNsRace's
// Sink.swift, linked here by path), in the same run. Each contender is a process of its own; its
// CPU (user + system) is read from the children's resource usage once it has been reaped, its
// peak resident size from each process's VmHWM (/proc/PID/status, read every 0.1 s while it
// runs). It exits 1 when a notification was not accepted, a campaign is not done with one
// result per target, or (--max-rss-mib; 200 with --short) a process's peak resident size
// passed M MiB.
//
//   campaign-bench [--count N] [--short] [--workers 1,2,4] [--batches-in-flight 1,2] [--concurrency 100] [--max-rss-mib M] [--json]
//   campaign-bench sink --cert PEM --key PEM --connections-file FILE      (started by the bench)
//   campaign-bench bare --config FILE --url URL --count N --concurrency C  (started by the bench)
//
// Needs PUSHBRIDGE_POSTGRES_URL (Campaigns/scripts/throwaway-postgres) and
// PUSHBRIDGE_APNS_EMULATOR_TLS (a folder made by Emulators/trust-local-tls.sh: the transport
// trusts only the system's store). Release mode: swift build -c release --package-path Campaigns.

let arguments = Array(CommandLine.arguments.dropFirst())

func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("campaign-bench: \(message)\n".utf8))
    exit(2)
}

/// The message every contender sends: the one the campaign tests send.
let messageJSON = #"{"alert": {"title": "Sale", "body": "Today only"}}"#

/// Device token number `index`: 64 hexadecimal digits, distinct for each index.
func token(_ index: Int) -> String { String(format: "%064x", index + 1) }

switch arguments.first {
case "sink":
    guard let certificate = option("--cert"), let key = option("--key"), let file = option("--connections-file") else {
        fail("sink needs --cert, --key and --connections-file")
    }
    try Sink.run(certificate: certificate, key: key, connectionsFile: file)
case "bare":
    guard let config = option("--config"), let url = option("--url"), let count = option("--count").flatMap(Int.init),
        let concurrency = option("--concurrency").flatMap(Int.init)
    else { fail("bare needs --config, --url, --count and --concurrency") }
    print(try await BareSender.run(configPath: config, url: url, count: count, concurrency: concurrency))
default:
    let short = arguments.contains("--short")
    guard let count = Int(option("--count") ?? (short ? "20000" : "1000000")), (1...10_000_000).contains(count) else {
        fail("--count: expected a whole number from 1 to 10,000,000")
    }
    let workers = (option("--workers") ?? "1,2,4").split(separator: ",").map { Int($0) ?? 0 }
    guard !workers.isEmpty, workers.allSatisfy({ (1...64).contains($0) }) else {
        fail("--workers: expected whole numbers from 1 to 64, separated by commas")
    }
    // Each worker count once per value (the worker's default, 2, when not given): one run's
    // rows for one batch at a time and for two, on the same machine's load.
    let lanes = option("--batches-in-flight").map { $0.split(separator: ",").map { Int($0) ?? 0 } }
    guard lanes.map({ !$0.isEmpty && $0.allSatisfy { (1...16).contains($0) } }) ?? true else {
        fail("--batches-in-flight: expected whole numbers from 1 to 16, separated by commas")
    }
    guard let concurrency = Int(option("--concurrency") ?? "100"), (1...1_000).contains(concurrency) else {
        fail("--concurrency: expected a whole number from 1 to 1,000")
    }
    guard let database = ProcessInfo.processInfo.environment["PUSHBRIDGE_POSTGRES_URL"] else {
        fail("PUSHBRIDGE_POSTGRES_URL must name a PostgreSQL database (Campaigns/scripts/throwaway-postgres prints one)")
    }
    guard let tls = ProcessInfo.processInfo.environment["PUSHBRIDGE_APNS_EMULATOR_TLS"] else {
        fail("PUSHBRIDGE_APNS_EMULATOR_TLS must name a folder made by Emulators/trust-local-tls.sh (the transport trusts only the system's store)")
    }
    // --short (CI) holds each process to 200 MiB unless told otherwise: a worker's memory must not
    // grow with the campaign (each holds one batch and its requests in flight).
    let limit = option("--max-rss-mib") ?? (short ? "200" : nil)
    guard limit == nil || Int(limit!).map({ $0 > 0 }) == true else { fail("--max-rss-mib: expected a whole number of MiB above 0") }
    let bench = Bench(
        count: count, workers: workers, batchesInFlight: lanes ?? [nil], concurrency: concurrency, databaseURL: database, tlsFolder: tls,
        maxResidentMiB: limit.flatMap { Int($0) })
    exit(try await bench.run(json: arguments.contains("--json")) ? 0 : 1)
}

/// The bare sender: `count` notifications through the configuration's APNs sender, on the
/// AsyncHTTPClient transport a worker uses, `concurrency` in flight, no database.
enum BareSender {
    /// Sends, and returns how many were accepted.
    static func run(configPath: String, url: String, count: Int, concurrency: Int) async throws -> Int {
        var options = ConfigurationFileSenders.defaultOptions(maxConcurrentRequests: concurrency)
        options.baseURLs[.apns] = url
        let configuration = try PushServerConfiguration(
            jsonBytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: configPath))), senders: ConfigurationFileSenders.definitions)
        let sender = try PushSenders.make(configuration, provider: .apns, senders: ConfigurationFileSenders.definitions, options: options)
        let message = try PushMessage(json: JSONParser.parse(Array(messageJSON.utf8)))
        let accepted = AcceptedCount()
        // Pieces of 10,000 tokens, so that a million tokens are not held at once.
        for start in stride(from: 0, to: count, by: 10_000) {
            let tokens = (start..<min(start + 10_000, count)).map { SecretText(token($0)) }
            try await sender.send(message, to: .deviceTokens(tokens)) { result in
                if result.messageID != nil { accepted.add() }
            }
        }
        return accepted.value
    }
}

/// A count shared by the sender's result callbacks.
final class AcceptedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}

/// What one contender measured: wall time from its processes' start to the last one's end, and
/// their CPU time (user + system).
struct Row: Codable {
    var contender: String
    var workers: Int
    var count: Int
    var accepted: Int
    var seconds: Double
    var cpuSeconds: Double
    /// The largest peak resident size of the contender's processes, in KiB (0: not read).
    var peakResidentKiB: Int
    var perSecond: Double { Double(count) / seconds }
    var cpuMicrosecondsPerNotification: Double { cpuSeconds * 1e6 / Double(count) }
}

/// The run: the sink, the bare sender, then each number of workers on a campaign of its own.
struct Bench {
    let count: Int
    let workers: [Int]
    /// The `--batches-in-flight` each worker count runs with, in turn (`nil`: the worker's default).
    let batchesInFlight: [Int?]
    let concurrency: Int
    let databaseURL: String
    let tlsFolder: String
    /// The most a process may hold resident at its peak, in MiB (`--max-rss-mib`), or no limit.
    let maxResidentMiB: Int?

    /// Whether every contender had every notification accepted (and every campaign done).
    func run(json: Bool) async throws -> Bool {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("campaign-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = folder.appendingPathComponent("AuthKey.p8").path
        try Child.runToEnd("/usr/bin/env", ["openssl", "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", key])
        let config = folder.appendingPathComponent("server.json").path
        try Data(
            #"{"provider": "apns", "server": {"apns": {"keyID": "ABC123DEFG", "teamID": "DEF123GHIJ", "topic": "com.example.app", "privateKeyPath": "\#(key)"}}}"#
                .utf8
        ).write(to: URL(fileURLWithPath: config))
        let sink = try Child(
            Child.bench,
            [
                "sink", "--cert", tlsFolder + "/cert.pem", "--key", tlsFolder + "/key.pem", "--connections-file",
                folder.appendingPathComponent("c").path,
            ])
        let ready = sink.readLine()
        guard ready.hasPrefix("READY "), let port = Int(ready.dropFirst(6)) else { throw BenchError("the sink did not start: \(ready)") }
        let url = "https://localhost:\(port)"
        guard let command = Child.sibling("pushbridge-campaign") else { throw BenchError("pushbridge-campaign is not built beside campaign-bench") }

        var rows: [Row] = []
        var allDone = true
        // The bare sender: one process, no database.
        let bare = try Child.measure([
            try Child(Child.bench, ["bare", "--config", config, "--url", url, "--count", String(count), "--concurrency", String(concurrency)])
        ])
        let accepted = Int(bare.outputs[0].trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        allDone = allDone && bare.statuses == [0] && accepted == count
        rows.append(
            Row(
                contender: "bare sender", workers: 0, count: count, accepted: accepted, seconds: bare.seconds, cpuSeconds: bare.cpuSeconds,
                peakResidentKiB: bare.peakResidentKiB))

        let database = try CampaignDatabase(url: databaseURL)
        let logger = {
            var logger = Logger(label: "campaign-bench")
            logger.logLevel = .error
            return logger
        }()
        for workerCount in workers {
            for lanes in batchesInFlight {
                // The campaign is stored first (not measured), in the batches `create` makes for APNs.
                let id = try await database.withStore(logger: logger) { store in
                    try await CampaignSchema.migrate(store.client, logger: logger)
                    let id = try await store.create(
                        NewCampaign(
                            name: "campaign-bench \(workerCount)", provider: .apns, configurationReference: "default", targetKind: .deviceToken,
                            messageJSON: messageJSON))
                    for start in stride(from: 0, to: count, by: 1_000) {
                        let batches = stride(from: start, to: min(start + 1_000, count), by: 100).map { first in
                            (first..<min(first + 100, count)).map(token)
                        }
                        _ = try await store.append(batches, to: id)
                    }
                    try await store.seal(id)
                    return id
                }
                var environment = ProcessInfo.processInfo.environment
                environment["PUSHBRIDGE_LOG_LEVEL"] = "error"
                let measured = try Child.measure(
                    try (0..<workerCount).map { _ in
                        try Child(
                            command,
                            [
                                "work", "--config", "default=\(config)", "--campaign", String(id), "--exit-when-idle", "--concurrency",
                                String(concurrency), "--endpoint", "apns=\(url)",
                            ] + (lanes.map { ["--batches-in-flight", String($0)] } ?? []), environment: environment)
                    })
                let status = try await database.withStore(logger: logger) { try await $0.status(id) }
                let accepted = Int(status?.byOutcome["accepted"] ?? 0)
                // One result per target: the results' primary key allows no second, and done counts them all.
                allDone =
                    allDone && measured.statuses.allSatisfy { $0 == 0 } && status?.state == .done && accepted == count && status?.done == Int64(count)
                rows.append(
                    Row(
                        contender: "\(workerCount) worker\(workerCount == 1 ? "" : "s")"
                            + (lanes.map { " (\($0) batch\($0 == 1 ? "" : "es"))" } ?? ""),
                        workers: workerCount, count: count, accepted: accepted,
                        seconds: measured.seconds, cpuSeconds: measured.cpuSeconds, peakResidentKiB: measured.peakResidentKiB))
                // The rows of this run go; the campaign's batches and results cascade.
                try await database.withStore(logger: logger) { store in
                    _ = try await store.client.query("DELETE FROM pushbridge.campaigns WHERE id = \(id)", logger: logger)
                }
            }
        }
        sink.close()
        if let limit = maxResidentMiB, let over = rows.first(where: { $0.peakResidentKiB > limit * 1_024 }) {
            FileHandle.standardError.write(
                Data("campaign-bench: \(over.contender) peaked at \(over.peakResidentKiB / 1_024) MiB resident, over --max-rss-mib \(limit)\n".utf8))
            allDone = false
        }
        if json {
            print(String(decoding: try JSONEncoder().encode(Report(rows: rows, concurrency: concurrency)), as: UTF8.self))
        } else {
            print(Report(rows: rows, concurrency: concurrency).table())
        }
        return allDone
    }
}

/// The table and the JSON document: each row and its ratios to the bare sender.
struct Report: Encodable {
    var rows: [Row]
    var concurrency: Int

    /// One contender and its ratios to the bare sender: `speed` (its throughput over the bare
    /// sender's), `speedPerWorker` (that over the number of workers) and `cpu` (the bare
    /// sender's CPU per notification over its own: 1 when durability costs no CPU).
    struct Entry: Encodable {
        var contender: String
        var workers: Int
        var notifications: Int
        var accepted: Int
        var seconds: Double
        var perSecond: Double
        var cpuMicrosecondsPerNotification: Double
        var peakResidentMiB: Double
        var speed: Double
        var speedPerWorker: Double
        var cpu: Double
    }

    var entries: [Entry] {
        guard let bare = rows.first else { return [] }
        return rows.map { row in
            Entry(
                contender: row.contender, workers: row.workers, notifications: row.count, accepted: row.accepted, seconds: row.seconds,
                perSecond: row.perSecond, cpuMicrosecondsPerNotification: row.cpuMicrosecondsPerNotification,
                peakResidentMiB: Double(row.peakResidentKiB) / 1_024,
                speed: row.perSecond / bare.perSecond, speedPerWorker: row.perSecond / bare.perSecond / Double(max(1, row.workers)),
                cpu: bare.cpuMicrosecondsPerNotification / row.cpuMicrosecondsPerNotification)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(concurrency, forKey: .concurrency)
        try container.encode(entries, forKey: .rows)
    }

    private enum Keys: String, CodingKey { case concurrency, rows }

    func table() -> String {
        func pad(_ text: String, _ width: Int) -> String { text.count >= width ? text : text + String(repeating: " ", count: width - text.count) }
        let width = max(14, (rows.map(\.contender.count).max() ?? 0) + 2)
        var lines = [
            "campaign-bench: \(rows.first?.count ?? 0) APNs notifications per contender, \(concurrency) in flight per process, to a SwiftNIO HTTP/2 TLS sink on loopback",
            pad("contender", width)
                + "notifications/s  CPU µs/notification  seconds  peak RSS MiB  vs bare: speed  per worker  CPU (bare's CPU/notification ÷ this)",
        ]
        #if DEBUG
            lines.insert("(a debug build: a smoke run, its figures mean nothing; build with -c release to measure)", at: 1)
        #endif
        for entry in entries {
            let missing = entry.accepted == entry.notifications ? "" : "  \(entry.notifications - entry.accepted) not accepted"
            lines.append(
                pad(entry.contender, width) + pad(String(format: "%.0f", entry.perSecond), 17)
                    + pad(String(format: "%.1f", entry.cpuMicrosecondsPerNotification), 21) + pad(String(format: "%.1f", entry.seconds), 9)
                    + pad(String(format: "%.0f", entry.peakResidentMiB), 14)
                    + pad(String(format: "%.2f×", entry.speed), 16) + pad(String(format: "%.2f×", entry.speedPerWorker), 12)
                    + String(format: "%.2f×", entry.cpu) + missing)
        }
        return lines.joined(separator: "\n")
    }
}

/// A child process: the bench's own executable again, or `pushbridge-campaign`.
final class Child {
    private let process = Process()
    private let output = Pipe()
    private let lifeline = Pipe()

    /// This executable.
    static let bench: String = {
        let path = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
        return FileManager.default.isExecutableFile(atPath: path) ? path : (Bundle.main.executablePath ?? path)
    }()

    /// An executable named `name` in this executable's folder.
    static func sibling(_ name: String) -> String? {
        let path = URL(fileURLWithPath: bench).deletingLastPathComponent().appendingPathComponent(name).path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardOutput = output
        process.standardInput = lifeline
        try process.run()
    }

    deinit {
        close()
        if process.isRunning { process.terminate() }
    }

    /// Closes the child's standard input (the sink ends then).
    func close() { try? lifeline.fileHandleForWriting.close() }

    /// The next line the child prints.
    func readLine() -> String {
        var bytes: [UInt8] = []
        while let byte = try? output.fileHandleForReading.read(upToCount: 1)?.first, byte != 0x0A { bytes.append(byte) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Waits for `children` (started just now) to end: the wall time until the last one ended,
    /// their CPU time (what the reaped children used meanwhile), their outputs and exit statuses.
    static func measure(_ children: [Child]) throws -> (
        seconds: Double, cpuSeconds: Double, outputs: [String], statuses: [Int32], peakResidentKiB: Int
    ) {
        let start = DispatchTime.now().uptimeNanoseconds
        let before = childrenCPUSeconds()
        // Each process's high-water mark, read while it runs (a reaped process has none).
        let peak = PeakResident(children.map(\.process.processIdentifier))
        let sampler = Thread { peak.sampleUntilStopped() }
        sampler.start()
        var outputs: [String] = []
        for child in children {
            outputs.append(String(decoding: child.output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
            child.process.waitUntilExit()
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return (seconds, childrenCPUSeconds() - before, outputs, children.map(\.process.terminationStatus), peak.stop())
    }

    /// The CPU time (user + system) of this process's children that have ended and been reaped.
    static func childrenCPUSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        #else
            getrusage(RUSAGE_CHILDREN, &usage)
        #endif
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// Runs `executable` to its end; throws unless it exits 0.
    static func runToEnd(_ executable: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchError("\(arguments.first ?? executable) failed") }
    }
}

/// The largest VmHWM (peak resident size, KiB) of some processes, sampled every 0.1 s.
final class PeakResident: @unchecked Sendable {
    private let pids: [Int32]
    private let lock = NSLock()
    private var peak = 0
    private var stopped = false

    init(_ pids: [Int32]) { self.pids = pids }

    func sampleUntilStopped() {
        while !lock.withLock({ stopped }) {
            for pid in pids {
                guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                    let kib = Int(line.split(separator: " ").dropFirst().first ?? "")
                else { continue }
                lock.withLock { peak = max(peak, kib) }
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    /// Stops the sampling; the peak.
    func stop() -> Int {
        lock.withLock {
            stopped = true
            return peak
        }
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
