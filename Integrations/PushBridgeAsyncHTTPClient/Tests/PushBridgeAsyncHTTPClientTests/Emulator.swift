import Foundation
import PushBridgeCore
import PushBridgeServer

/// One of the provider emulators in the repository's `Emulators/`, started on a free loopback
/// port for one test and stopped when the test drops it; it records every request it received.
/// (The root package's tests have their own launcher. This file is shared, by a symbolic link,
/// with `Campaigns/Tests/PushBridgeCampaignsTests`: a test target cannot be a dependency.)
final class Emulator: @unchecked Sendable {
    /// `http://127.0.0.1:<port>`, or `https://localhost:<port>` for APNs.
    let baseURL: String
    private let process = Process()
    /// The emulator's standard input: it ends when this closes, so it cannot outlive the tests.
    private let lifeline = Pipe()
    /// The emulator's folder (its record, its script): a test may write files beside them.
    let folder: URL
    private let recordPath: String

    /// The repository's root: the first folder above this file (as the compiler named it, the
    /// link's place or the file's) that holds `Emulators/`.
    static let repositoryRoot: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        for _ in 0..<6 where !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Emulators/http1_emulator.py").path) {
            folder = folder.deletingLastPathComponent()
        }
        return folder.standardized
    }()

    /// Starts `Emulators/<script>` with `arguments` and the answers of `scriptJSON`.
    init(_ script: String, arguments: [String], scriptJSON: String? = nil, https: Bool = false) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pushbridge-emulator-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        recordPath = folder.appendingPathComponent("record.jsonl").path
        var all = ["-u", Self.repositoryRoot.appendingPathComponent("Emulators/\(script)").path, "--port", "0", "--record", recordPath] + arguments
        if let scriptJSON {
            let path = folder.appendingPathComponent("script.json")
            try Data(scriptJSON.utf8).write(to: path)
            all += ["--script", path.path]
        }
        process.executableURL = URL(fileURLWithPath: Self.python ?? "/usr/bin/python3")
        process.arguments = all
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = lifeline
        try process.run()
        var line: [UInt8] = []
        while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != 0x0A { line.append(byte) }
        let ready = String(decoding: line, as: UTF8.self)
        guard ready.hasPrefix("READY "), let port = Int(ready.dropFirst(6)) else {
            process.terminate()
            throw EmulatorFailure(description: "\(script) did not start: \(ready.isEmpty ? "no output" : ready)")
        }
        baseURL = https ? "https://localhost:\(port)" : "http://127.0.0.1:\(port)"
    }

    deinit {
        try? lifeline.fileHandleForWriting.close()
        process.terminate()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Every request received so far, in order.
    var requests: [JSONObject] { entries.filter { $0["kind"]?.stringValue == "request" } }

    /// The message keys (apns-id, msg_id, task ID) of every delivery so far.
    var deliveries: [String] { entries.filter { $0["kind"]?.stringValue == "delivery" }.compactMap { $0["key"]?.stringValue } }

    /// The targets of every delivery so far (one entry per delivery).
    var deliveredTargets: [String] { entries.filter { $0["kind"]?.stringValue == "delivery" }.compactMap { $0["target"]?.stringValue } }

    private var entries: [JSONObject] {
        guard let text = try? String(contentsOfFile: recordPath, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { try? JSONParser.parse(Array($0.utf8)).objectValue ?? nil }
    }

    /// `python3` on `PATH`, or `nil`.
    static let python: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Whether Python can import `modules`.
    static func pythonHas(_ modules: [String]) -> Bool {
        guard let python else { return false }
        return (try? run(python, ["-c", "import " + modules.joined(separator: ", ")])) == 0
    }

    /// Runs `executable` with `arguments`, its output discarded; its exit status.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// An emulator or a key that could not be made.
struct EmulatorFailure: Error, CustomStringConvertible {
    let description: String
}

/// A sleeper that returns at once and counts the waits: retries without waiting or timing.
final class CountingSleeper: PushSleeper, @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var waits: Int { lock.withLock { count } }

    func sleep(seconds: Double) async {
        lock.withLock { count += 1 }
    }
}
