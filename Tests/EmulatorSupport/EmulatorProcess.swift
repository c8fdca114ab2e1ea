#if os(Linux) || os(macOS)
    import Foundation
    import PushBridge
    import SDKBindingChecks

    /// One of the provider emulators in `Emulators/`, started for a test on a free loopback port,
    /// stopped when the test drops it; it records every request it received.
    package final class EmulatorProcess: @unchecked Sendable {
        /// `http://127.0.0.1:<port>` (or `https://localhost:<port>` for APNs).
        package let baseURL: String
        private let process: Process
        /// The emulator's standard input: it ends when this closes, so it cannot outlive the tests.
        private let lifeline = Pipe()
        private let recordPath: String
        private let folder: URL

        /// Starts `Emulators/<script>` with `arguments`, the answers of `scriptJSON` and
        /// `https` when it serves TLS.
        package init(_ script: String, arguments: [String], scriptJSON: String? = nil, https: Bool = false) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("pushbridge-emulator-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            recordPath = folder.appendingPathComponent("record.jsonl").path
            var all =
                ["-u", BridgeSource.packageRoot().appendingPathComponent("Emulators/\(script)").path, "--port", "0", "--record", recordPath]
                + arguments
            if let scriptJSON {
                let path = folder.appendingPathComponent("script.json")
                try Data(scriptJSON.utf8).write(to: path)
                all += ["--script", path.path]
            }
            process = Process()
            process.executableURL = URL(fileURLWithPath: Self.python ?? "/usr/bin/python3")
            process.arguments = all
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            process.standardInput = lifeline
            try process.run()
            // The emulator prints `READY <port>` once it listens.
            let line = Self.readLine(output.fileHandleForReading)
            guard line.hasPrefix("READY "), let port = Int(line.dropFirst(6)) else {
                process.terminate()
                throw EmulatorError(message: "\(script) did not start: \(line.isEmpty ? "no output" : line)")
            }
            baseURL = https ? "https://localhost:\(port)" : "http://127.0.0.1:\(port)"
        }

        deinit {
            try? lifeline.fileHandleForWriting.close()
            process.terminate()
            try? FileManager.default.removeItem(at: folder)
        }

        /// Every request received so far, in order.
        package var requests: [RecordedRequest] { entries.filter { $0["kind"]?.stringValue == "request" }.map(RecordedRequest.init) }

        /// Every delivery so far: the message's key (apns-id, msg_id, task ID) and the target.
        package var deliveries: [(key: String, target: String)] {
            entries.filter { $0["kind"]?.stringValue == "delivery" }.map { ($0["key"]?.stringValue ?? "", $0["target"]?.stringValue ?? "") }
        }

        private var entries: [JSONObject] {
            guard let text = try? String(contentsOfFile: recordPath, encoding: .utf8) else { return [] }
            return text.split(separator: "\n").compactMap { try? JSONParser.parse(Array($0.utf8)).objectValue ?? nil }
        }

        /// `python3` on `PATH`, or `nil`.
        package static let python: String? = {
            let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
            return path.split(separator: ":").map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }()

        /// Whether Python can import `modules` (the APNs emulator needs h2 and cryptography).
        package static func pythonHas(_ modules: [String]) -> Bool {
            guard let python else { return false }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: python)
            process.arguments = ["-c", "import " + modules.joined(separator: ", ")]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return false }
            process.waitUntilExit()
            return process.terminationStatus == 0
        }

        private static func readLine(_ handle: FileHandle) -> String {
            var bytes: [UInt8] = []
            while let byte = try? handle.read(upToCount: 1), let first = byte.first, first != 0x0A { bytes.append(first) }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// An emulator that did not start.
    package struct EmulatorError: Error, CustomStringConvertible {
        package let message: String
        package var description: String { message }
    }

    /// A request as an emulator recorded it.
    package struct RecordedRequest: Sendable {
        package let method: String
        package let path: String
        package let `protocol`: String
        package let headers: JSONObject
        package let body: JSONValue?
        /// The status answered, or `nil` when the emulator dropped the connection.
        package let answer: Int?
        /// The emulator's number for the connection it came on (the APNs emulator's), if recorded.
        package let connection: Int?

        init(_ entry: JSONObject) {
            method = entry["method"]?.stringValue ?? ""
            path = entry["path"]?.stringValue ?? ""
            `protocol` = entry["protocol"]?.stringValue ?? ""
            headers = entry["headers"]?.objectValue ?? [:]
            body = entry["body"]
            answer = entry["answer"]?.integerValue.map(Int.init)
            connection = entry["connection"]?.integerValue.map(Int.init)
        }

        /// The header `name` (lower case).
        package func header(_ name: String) -> String? { headers[name]?.stringValue }
    }
#endif
