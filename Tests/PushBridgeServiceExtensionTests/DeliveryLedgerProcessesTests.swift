import Foundation
import PushBridgeServiceExtension
import Testing

/// The ledger across processes, as iOS runs it: several extension processes appending while the
/// app — and a second drainer — drain the same app-group directory. Each process is
/// `DeliveryLedgerWriter` (Tests/DeliveryLedgerWriter), built beside the tests; all start
/// together at a go file. Every record must be drained exactly once: none lost, none twice.
@Suite struct DeliveryLedgerProcessesTests {
    static let writers = 4
    static let recordsPerWriter = 60

    /// `DeliveryLedgerWriter` in the build's products folder, beside the test binary: on Linux the
    /// binary's folder; on macOS the folder of the `.xctest` bundle (the runner is another
    /// program there).
    static let helper: URL? = {
        let bundles = Bundle.allBundles.filter { $0.bundlePath.hasSuffix(".xctest") }.map { $0.bundleURL.deletingLastPathComponent() }
        let folders = bundles + [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        return folders.map { $0.appendingPathComponent("DeliveryLedgerWriter") }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    @Test func extensionProcessesAppendingWhileTwoProcessesDrainLoseNoRecordAndRepeatNone() async throws {
        let helper = try #require(Self.helper, "DeliveryLedgerWriter is built with the tests (the test target depends on it)")
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Processes are waited for on a thread of their own, not one of the concurrency pool's few.
        let run = try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result(catching: { try Self.race(helper, in: directory) })) }.start()
        }
        #expect(run.failures.isEmpty, "\(run.failures)")
        let expected = (0..<Self.writers).flatMap { writer in (0..<Self.recordsPerWriter).map { "w\(writer)-\($0)" } }
        let all = run.takenByTheApp + run.takenByTheDrainer
        let counts = Dictionary(all.map { ($0, 1) }, uniquingKeysWith: +)
        #expect(Set(expected).subtracting(counts.keys).sorted() == [], "lost")
        #expect(counts.filter { $0.value > 1 }.keys.sorted() == [], "drained twice")
        #expect(all.count == expected.count)
        // Each writer's records come out in the order it appended them.
        for writer in 0..<Self.writers {
            let mine = run.takenByTheApp.filter { $0.hasPrefix("w\(writer)-") }
            #expect(mine == mine.sorted { Int($0.split(separator: "-")[1])! < Int($1.split(separator: "-")[1])! })
        }
    }

    struct Run {
        var takenByTheApp: [String] = []
        var takenByTheDrainer: [String] = []
        var failures: [String] = []
    }

    /// Starts the writers and a drainer process, drains here too until the writers are done, then
    /// stops the drainer and drains what is left. Bounded: any process still running after 60 s is
    /// ended and reported.
    static func race(_ helper: URL, in directory: URL) throws -> Run {
        let output = directory.appendingPathComponent("drainer-took.txt")
        let writers = (0..<Self.writers).map { process(helper, ["append", directory.path, "w\($0)", "\(Self.recordsPerWriter)"]) }
        let drainer = process(helper, ["drain", directory.path, output.path])
        for (process, _) in writers + [drainer] { try process.run() }
        // The lock's wait is generous, here and in the helper: under ThreadSanitizer on a loaded
        // 2-core machine a process waited past the default 2 s; this suite holds that nothing is
        // lost, and the timeout has its own test.
        let ledger = try DeliveryLedger(directory: directory, maxRecords: 100_000, lockTimeout: 30)
        try Data().write(to: directory.appendingPathComponent("go"))

        var run = Run()
        let start = Date()
        while writers.contains(where: { $0.0.isRunning }), Date().timeIntervalSince(start) < 60 {
            let drained = try ledger.drain()
            run.takenByTheApp += drained.records.map(\.requestIdentifier)
            if drained.dropped + drained.unreadable > 0 {
                run.failures.append("the app's drain: \(drained.dropped) dropped, \(drained.unreadable) unreadable")
            }
            usleep(300)
        }
        try Data().write(to: directory.appendingPathComponent("stop"))
        while drainer.0.isRunning, Date().timeIntervalSince(start) < 60 { usleep(1_000) }
        for (process, errors) in writers + [drainer] {
            if process.isRunning {
                process.terminate()
                run.failures.append("\(process.arguments ?? []) still running after 60 s")
                continue
            }
            if process.terminationStatus != 0 {
                let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                run.failures.append("\(process.arguments ?? []) exited \(process.terminationStatus): \(message)")
            }
        }
        run.takenByTheApp += try ledger.drain().records.map(\.requestIdentifier)
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        run.takenByTheDrainer = text.split(separator: "\n").map(String.init)
        return run
    }

    static func process(_ helper: URL, _ arguments: [String]) -> (Process, Pipe) {
        let process = Process()
        process.executableURL = helper
        process.arguments = arguments
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        return (process, errors)
    }
}
