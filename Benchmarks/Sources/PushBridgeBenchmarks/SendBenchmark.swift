import Foundation
import PushBridge
import PushBridgeAPNsServer
import PushBridgeGetuiServer
import PushBridgeServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sending from a server: what the library adds on top of the transport, and a 100,000-target
/// campaign in bounded memory.
///
/// 1. Against the local Getui (`Emulators/getui_emulator.py`), 16 requests in flight: 1,000
///    single pushes through `GetuiSender`, and, as the baseline in the same run, the same 1,000
///    requests (same body shape, unique `request_id`s, same connection policy) made with a bare
///    `URLSession`. The library's share is the difference.
/// 2. `APNsSender` over a transport that answers at once: 100,000 device tokens, the library's
///    own cost per target, and the resident memory it grows by (against 10,000 targets).
enum SendBenchmark {
    static let requests = Harness.size(1_000, short: 100)
    static let inFlight = 16

    static func run() async {
        await throughput()
        await campaign()
    }

    // MARK: Library vs bare URLSession, against the emulator

    static func throughput() async {
        guard let emulator = try? BenchmarkEmulator.start() else {
            print("send (emulator): skipped: python3 and Emulators/getui_emulator.py are needed")
            return
        }
        defer { emulator.stop() }
        let appID: SecretText = "djYjSlFVMf6p5YOy2OQUs8"
        let options = PushSenderOptions(maxConcurrentRequests: inFlight, baseURLs: [.getui: emulator.baseURL])
        let sender = GetuiSender(appID: appID, appKey: "hPJ4a0Gr4r7QjWmTwxoNF2", masterSecret: "kYnqvnKQ5lA4IDhlMtDj07", options: options)
        let message = PushMessage(alert: .init(title: "Order shipped", body: "Arrives Thursday"), badge: 1, customData: ["orderID": "A-1042"])
        // The token and one planned body, for the bare requests.
        _ = try? await sender.send(message, to: .clientIDs(["warm-up-000000000000000000000000"]))
        guard let planned = try? sender.plan(message, to: .clientIDs(["cid-000000000000000000000000000"])).first?.request,
            let token = emulator.lastToken()
        else {
            print("send (emulator): skipped: the emulator did not answer")
            return
        }
        let session = URLSession(configuration: .ephemeral)
        var libraryTimes: [Double] = []
        var bareTimes: [Double] = []
        var accepted = 0
        for _ in 0..<3 {  // alternated, so drift in the emulator affects both alike
            let bareStart = Harness.now()
            await concurrently(requests) { index in
                await bare(session, planned, token: token, index: index)
            }
            bareTimes.append(Double(Harness.now() - bareStart) / Double(requests))
            let libraryStart = Harness.now()
            let counter = AcceptedCount()
            await concurrently(requests) { index in
                let results = try? await sender.send(message, to: .clientIDs([SecretText(String(format: "cid%029d", index))]))
                if results?.first?.messageID != nil { counter.add() }
            }
            libraryTimes.append(Double(Harness.now() - libraryStart) / Double(requests))
            accepted = counter.value
        }
        let library = libraryTimes.sorted()[1]
        let bareTime = bareTimes.sorted()[1]
        Harness.report(
            "send, Getui emulator, \(inFlight) in flight (\(accepted)/\(requests) accepted)", value: 1e9 / library, unit: "requests/s",
            baseline: ("bare URLSession", 1e9 / bareTime), target: nil, met: true)
        let overhead = (library - bareTime) / bareTime
        Harness.report(
            "send, time per request", value: library / 1_000, unit: "µs", baseline: ("bare URLSession", bareTime / 1_000),
            target: "library adds < 10 % (\(String(format: "%+.1f", overhead * 100)) %)", met: overhead < 0.10)
    }

    /// One request made with `URLSession` directly, on a connection of its own where the sender
    /// uses one (Linux: `URLSessionTransport.http1Default`), so both pay the same connections.
    private static func bare(_ shared: URLSession, _ planned: PushHTTPRequest, token: String, index: Int) async {
        guard let url = URL(string: planned.url) else { return }
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json;charset=utf-8", forHTTPHeaderField: "content-type")
        request.setValue(token, forHTTPHeaderField: "token")
        var body = (try? JSONParser.parse(planned.body))?.objectValue ?? [:]
        body["request_id"] = .string(String(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(32)))
        body["audience"] = ["cid": [.string(String(format: "cid%029d", index))]]
        let fresh = URLSessionTransport.http1Default == .newConnectionEachRequest
        let session = fresh ? URLSession(configuration: shared.configuration) : shared
        _ = try? await session.upload(for: request, from: Data(JSONWriter.bytes(from: .object(body))))
        if fresh { session.finishTasksAndInvalidate() }
    }

    // MARK: A 100,000-target campaign, library only

    static func campaign() async {
        let signer = ZeroSigner()
        var perTarget: [Int: Double] = [:]
        var growth: [Int: Int] = [:]
        for count in [10_000, 100_000] {
            let sender = APNsSender(
                keyID: "ABC123DEFG", teamID: "DEF123GHIJ", topic: "com.example.app", signer: signer,
                options: PushSenderOptions(transport: InstantTransport(), maxConcurrentRequests: inFlight))
            let tokens = (0..<count).map { SecretText(String(format: "%064x", $0)) }
            let counter = AcceptedCount()
            let before = Harness.residentBytes()
            let start = Harness.now()
            try? await sender.send(PushMessage(alert: .init(body: "Sale ends tonight")), to: .deviceTokens(tokens)) { result in
                if result.messageID != nil { counter.add() }
            }
            perTarget[count] = Double(Harness.now() - start) / Double(count)
            growth[count] = max(0, Harness.residentBytes() - before)
            if counter.value != count { print("campaign: \(counter.value) of \(count) accepted") }
        }
        Harness.report(
            "send, 100,000 APNs targets, library only", value: (perTarget[100_000] ?? 0) / 1_000, unit: "µs per target",
            baseline: ("10,000 targets", (perTarget[10_000] ?? 0) / 1_000), target: nil, met: true)
        // The tokens are made before the count starts: the growth is the sender's alone.
        let large = Double(growth[100_000] ?? 0) / 1_048_576
        Harness.report(
            "send, 100,000 APNs targets, resident growth (10,000: \(Harness.format(Double(growth[10_000] ?? 0) / 1_048_576)) MiB)", value: large,
            unit: "MiB", baseline: nil, target: "< 16 MiB: bounded, no result kept", met: large < 16)
    }

    private static func concurrently(_ count: Int, _ work: @escaping @Sendable (Int) async -> Void) async {
        await withTaskGroup(of: Void.self) { group in
            var next = 0
            while next < min(inFlight, count) {
                let index = next
                group.addTask { await work(index) }
                next += 1
            }
            while await group.next() != nil, next < count {
                let index = next
                group.addTask { await work(index) }
                next += 1
            }
        }
    }
}

/// A transport that answers 200 at once: the library's own cost, with no network.
struct InstantTransport: PushHTTPTransport {
    func send(_ request: PushHTTPRequest) async throws(PushTransportError) -> PushHTTPResponse {
        PushHTTPResponse(status: 200, headers: ["apns-id": request[header: "apns-id"] ?? ""])
    }
}

/// A signer that signs nothing (the token is made once per sender; its cost is not measured here).
struct ZeroSigner: ES256Signer {
    func sign(_ message: [UInt8]) throws(ES256SigningError) -> [UInt8] { [UInt8](repeating: 0, count: 64) }
}

/// A thread-safe count.
final class AcceptedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}

/// The local Getui emulator, started from the repository's `Emulators/` folder.
final class BenchmarkEmulator: @unchecked Sendable {
    let baseURL: String
    private let process: Process
    private let lifeline = Pipe()
    private let record: String

    private init(baseURL: String, process: Process, record: String) {
        self.baseURL = baseURL
        self.process = process
        self.record = record
    }

    static func start() throws -> BenchmarkEmulator {
        var root = URL(fileURLWithPath: #filePath)
        while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Emulators/getui_emulator.py").path), root.path != "/" {
            root.deleteLastPathComponent()
        }
        let record = NSTemporaryDirectory() + "pushbridge-benchmark-\(UUID().uuidString).jsonl"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-u", root.appendingPathComponent("Emulators/getui_emulator.py").path, "--port", "0", "--record", record, "--app-id",
            "djYjSlFVMf6p5YOy2OQUs8", "--app-key", "hPJ4a0Gr4r7QjWmTwxoNF2", "--master-secret", "kYnqvnKQ5lA4IDhlMtDj07",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let emulatorInput = Pipe()
        process.standardInput = emulatorInput
        try process.run()
        var line: [UInt8] = []
        while let byte = try output.fileHandleForReading.read(upToCount: 1)?.first, byte != 0x0A { line.append(byte) }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("READY "), let port = Int(text.dropFirst(6)) else {
            process.terminate()
            throw CocoaError(.fileReadUnknown)
        }
        let emulator = BenchmarkEmulator(baseURL: "http://127.0.0.1:\(port)", process: process, record: record)
        emulator.keep(emulatorInput)
        return emulator
    }

    private var input: Pipe?
    private func keep(_ pipe: Pipe) { input = pipe }

    /// The token of the last `/auth` answer in the recording.
    func lastToken() -> String? {
        guard let text = try? String(contentsOfFile: record, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n").reversed() {
            if let entry = try? JSONParser.parse(Array(line.utf8)), let token = entry["answerBody"]?["data"]?["token"]?.stringValue { return token }
        }
        return nil
    }

    func stop() {
        try? input?.fileHandleForWriting.close()
        process.terminate()
        try? FileManager.default.removeItem(atPath: record)
    }
}
