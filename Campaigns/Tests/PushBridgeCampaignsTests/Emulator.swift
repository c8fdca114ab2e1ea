import Foundation
import PushBridgeCore
import PushBridgeServer

/// One of the provider emulators in the repository's `Emulators/`, started on a free loopback
/// port for one test and stopped when the test drops it; it records every request it received.
/// (Each package's tests have their own launcher: a test target cannot be shared.)
final class Emulator: @unchecked Sendable {
    /// `http://127.0.0.1:<port>`.
    let baseURL: String
    private let process = Process()
    /// The emulator's standard input: it ends when this closes, so it cannot outlive the tests.
    private let lifeline = Pipe()
    let folder: URL
    private let recordPath: String

    /// The repository's root, from this file's place in it.
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..").standardized

    /// Starts `Emulators/<script>` with `arguments` and the answers of `scriptJSON`.
    init(_ script: String, arguments: [String], scriptJSON: String? = nil) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pushbridge-campaign-emulator-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        recordPath = folder.appendingPathComponent("record.jsonl").path
        var all = ["-u", Self.repositoryRoot.appendingPathComponent("Emulators/\(script)").path, "--port", "0", "--record", recordPath] + arguments
        if let scriptJSON {
            let path = folder.appendingPathComponent("script.json")
            try Data(scriptJSON.utf8).write(to: path)
            all += ["--script", path.path]
        }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + all
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
            throw TestFailure("\(script) did not start: \(ready.isEmpty ? "no output" : ready)")
        }
        baseURL = "http://127.0.0.1:\(port)"
    }

    deinit {
        try? lifeline.fileHandleForWriting.close()
        process.terminate()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Every request received so far, in order.
    var requests: [JSONObject] { entries.filter { $0["kind"]?.stringValue == "request" } }

    /// The targets of every delivery so far (one entry per delivery).
    var deliveredTargets: [String] { entries.filter { $0["kind"]?.stringValue == "delivery" }.compactMap { $0["target"]?.stringValue } }

    private var entries: [JSONObject] {
        guard let text = try? String(contentsOfFile: recordPath, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { try? JSONParser.parse(Array($0.utf8)).objectValue ?? nil }
    }

    static let getuiSecret = "kYnqvnKQ5lA4IDhlMtDj07"
    static let jpushSecret = "0123456789abcdef01234567"

    /// A Getui emulator and a configuration file
    /// for it whose master secret is `secret`: a wrong one makes Getui refuse to authenticate.
    static func getui(secret: String = getuiSecret, scriptJSON: String? = nil) throws -> (Emulator, configPath: String) {
        let emulator = try Emulator(
            "getui_emulator.py",
            arguments: ["--app-id", "djYjSlFVMf6p5YOy2OQUs8", "--app-key", "hPJ4a0Gr4r7QjWmTwxoNF2", "--master-secret", getuiSecret],
            scriptJSON: scriptJSON)
        let config = """
            {"provider": "getui", "getui": {"appId": "djYjSlFVMf6p5YOy2OQUs8", "appKey": "hPJ4a0Gr4r7QjWmTwxoNF2", "appSecret": "pY5gRtHCMs8XCZ1kV9n0r3"},
             "server": {"getui": {"masterSecret": "\(secret)"}}}
            """
        let path = emulator.folder.appendingPathComponent("pushbridge.json").path
        try Data(config.utf8).write(to: URL(fileURLWithPath: path))
        return (emulator, path)
    }

    /// A JPush emulator and a configuration file whose
    /// master secret is `secret`.
    static func jpush(secret: String = jpushSecret, scriptJSON: String? = nil) throws -> (Emulator, configPath: String) {
        let emulator = try Emulator(
            "jpush_emulator.py", arguments: ["--app-key", "5a6e94518f6bd85ba173cf77", "--master-secret", jpushSecret], scriptJSON: scriptJSON)
        let config = """
            {"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77", "production": true},
             "server": {"jpush": {"masterSecret": "\(secret)"}}}
            """
        let path = emulator.folder.appendingPathComponent("pushbridge.json").path
        try Data(config.utf8).write(to: URL(fileURLWithPath: path))
        return (emulator, path)
    }
}

/// A test that could not be set up.
struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
