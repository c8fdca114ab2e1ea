import Foundation

/// Starts the sink, runs every contender at every concurrency in a process of its own (bare
/// AsyncHTTPClient first at each level), and prints the table and each one's ratio to bare
/// AsyncHTTPClient at the same level.
struct Race {
    let count: Int
    let levels: [Int]
    let tlsFolder: String

    /// Whether every notification of every contender was accepted.
    func run() throws -> Bool {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apns-race-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = folder.appendingPathComponent("AuthKey.p8").path
        try Self.run("/usr/bin/env", ["openssl", "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", key])
        let connectionsFile = folder.appendingPathComponent("connections").path
        let sink = try Child(["sink", "--cert", tlsFolder + "/cert.pem", "--key", tlsFolder + "/key.pem", "--connections-file", connectionsFile])
        let ready = sink.readLine()
        guard ready.hasPrefix("READY "), let port = Int(ready.dropFirst(6)) else { throw RaceError("the sink did not start: \(ready)") }
        let url = "https://localhost:\(port)"
        print("APNs race: \(count) notifications per contender to a SwiftNIO HTTP/2 TLS sink on loopback (1,000 streams per connection)")
        #if DEBUG
            print("(a debug build: a smoke run, its figures mean nothing; build with -c release to measure)")
        #endif
        print("contender               in flight  notifications/s  CPU µs/notification  peak RSS MiB  connections  vs bare AHC (speed, CPU)")
        var allAccepted = true
        for level in levels {
            var bare: Measurement?
            for contender in Contender.allCases {
                let before = ConnectionCounter.read(connectionsFile)
                let child = try Child([
                    "client", contender.rawValue, "--url", url, "--count", String(count), "--concurrency", String(level), "--key", key,
                ])
                let line = child.readLine()
                guard child.wait() == 0, var measurement = try? JSONDecoder().decode(Measurement.self, from: Data(line.utf8)) else {
                    print("\(contender.rawValue): failed (\(line.isEmpty ? "no output" : line))")
                    allAccepted = false
                    continue
                }
                measurement.connections = ConnectionCounter.read(connectionsFile) - before
                if contender == .bareAsyncHTTPClient { bare = measurement }
                allAccepted = allAccepted && measurement.accepted == count
                print(row(measurement, bare: bare))
            }
        }
        return allAccepted
    }

    private func row(_ m: Measurement, bare: Measurement?) -> String {
        func pad(_ text: String, _ width: Int) -> String { text.count >= width ? text : text + String(repeating: " ", count: width - text.count) }
        let ratio = bare.map { String(format: "%.2f×, %.2f×", m.perSecond / $0.perSecond, m.cpuPerNotification / $0.cpuPerNotification) } ?? "-"
        let accepted = (m.accepted == m.count ? "" : "  \(m.count - m.accepted) not accepted") + (m.retried == 0 ? "" : "  \(m.retried) retried")
        return pad(m.contender, 24) + pad(String(m.concurrency), 11) + pad(String(format: "%.0f", m.perSecond), 17)
            + pad(String(format: "%.1f", m.cpuPerNotification), 21) + pad(String(format: "%.1f", Double(m.maxResidentKiB) / 1024), 14)
            + pad(String(m.connections), 13) + ratio + accepted
    }

    private static func run(_ executable: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw RaceError("\(arguments.first ?? executable) failed") }
    }
}

/// This executable started again with `arguments`; its standard input ends when the race does.
final class Child {
    private let process = Process()
    private let output = Pipe()
    private let lifeline = Pipe()

    init(_ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        if !FileManager.default.isExecutableFile(atPath: process.executableURL!.path) {
            process.executableURL = Bundle.main.executableURL
        }
        process.arguments = arguments
        process.standardOutput = output
        process.standardInput = lifeline
        try process.run()
    }

    deinit {
        try? lifeline.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
    }

    /// The next line the child prints.
    func readLine() -> String {
        var bytes: [UInt8] = []
        while let byte = try? output.fileHandleForReading.read(upToCount: 1)?.first, byte != 0x0A { bytes.append(byte) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Waits for the child to end; its exit status.
    func wait() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }
}

struct RaceError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
