import Foundation
import PushBridge
import PushBridgeValidation

/// `pushbridge validate --batch` throughput: payloads per second through the release command on a
/// JSON Lines file, the whole process timed (start, read, validate, write every verdict).
///
/// The command is the root package's executable, which this package cannot link: the benchmark
/// runs the binary of `swift build -c release` in the root (`../.build/release/pushbridge`, or
/// `PUSHBRIDGE_BINARY`), and says so when it is missing.
enum BatchBenchmark {
    /// 100,000 lines: mostly the typical payload, with the 4 KB one, an invalid one (a string
    /// badge) and an unreadable one mixed in, each line distinct.
    static func input(lines: Int) -> [UInt8] {
        let maximal = String(decoding: PayloadBenchmark.maximal, as: UTF8.self)
        var text = ""
        text.reserveCapacity(lines * 400)
        for line in 0..<lines {
            switch line % 100 {
            case 0: text += maximal
            case 1: text += #"{"aps":{"alert":"Hi","badge":"\#(line)"}}"#
            case 2: text += #"{"aps":{"alert":"unterminated \#(line)"}"#
            default:
                text +=
                    #"{"aps":{"alert":{"title":"New comment on your post","body":"Alice: That photo from the trip is great, where was it taken?"},"badge":3,"sound":"default","thread-id":"post-8841","category":"COMMENT","mutable-content":1},"type":"comment","postId":\#(line),"commentId":"c-99120","_j_msgid":20266199}"#
            }
            text += "\n"
        }
        return Array(text.utf8)
    }

    static func binary() -> String? {
        if let path = ProcessInfo.processInfo.environment["PUSHBRIDGE_BINARY"] { return path }
        let here = URL(fileURLWithPath: #filePath)  // Benchmarks/Sources/PushBridgeBenchmarks/BatchBenchmark.swift
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = root.appendingPathComponent(".build/release/pushbridge").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    static func run() {
        guard let binary = binary() else {
            print("validate --batch throughput: skipped (no release pushbridge: run `swift build -c release` in the root, or set PUSHBRIDGE_BINARY)")
            // A short run is CI's: every benchmark must run there.
            if Harness.short { exit(1) }
            return
        }
        // The full 100,000 lines in a short run too: a legitimate batch this large, 1 % of it
        // unreadable, must pass to its end (once the command stopped at 1,000 unreadable lines).
        let lines = 100_000
        let bytes = input(lines: lines)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pushbridge-batch-\(getpid()).jsonl")
        guard FileManager.default.createFile(atPath: file.path, contents: Data(bytes)) else { fatalError("cannot write \(file.path)") }
        defer { try? FileManager.default.removeItem(at: file) }
        var verdicts = 0
        let seconds =
            Harness.measure(samples: 5, operations: 1) {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: binary)
                process.arguments = ["validate", "--batch", file.path]
                let output = Pipe()
                process.standardOutput = output
                do { try process.run() } catch { fatalError("cannot run \(binary): \(error)") }
                let data = output.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                guard process.terminationStatus == 1 else { fatalError("validate --batch exited \(process.terminationStatus), expected 1") }
                verdicts = data.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            } / 1e9
        guard verdicts == lines else { fatalError("\(verdicts) verdicts for \(lines) lines") }
        // The same payloads through PayloadValidator in-process, for comparison.
        let payloads = bytes.split(separator: UInt8(ascii: "\n")).map(Array.init)
        let inProcess = Harness.measure(samples: 5, operations: payloads.count) {
            for payload in payloads { _ = try? PayloadValidator.validate(payload) }
        }
        Harness.report(
            "validate --batch throughput (\(lines) lines, \(bytes.count / 1_000_000) MB, 1% 4 KB, 2% invalid or unreadable)",
            value: Double(lines) / seconds, unit: "payloads/s", baseline: nil, target: nil, met: true)
        Harness.report(
            "  PayloadValidator.validate alone on the same lines", value: 1e9 / inProcess, unit: "payloads/s", baseline: nil, target: nil, met: true)
    }
}
