import Foundation
import PushBridgeCampaigns
import PushBridgeCore
import PushBridgeServer
import Testing

/// A 1,000,000-target audience stored by `pushbridge-campaign create` in bounded memory.
@Suite("A million targets", .enabled(if: TestDatabase.isAvailable && BuiltCommand.path != nil, Comment(rawValue: BuiltCommand.skipReason)))
struct MillionTargetTests {
    @Test("create reads a 1,000,000-line audience (65 MB) into 1,000 batches with its peak memory far below the file's size")
    func millionTargets() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pushbridge-million-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let audience = folder.appendingPathComponent("tokens.txt")
        _ = FileManager.default.createFile(atPath: audience.path, contents: nil)
        let handle = try FileHandle(forWritingTo: audience)
        for chunk in stride(from: 0, to: 1_000_000, by: 10_000) {
            let lines = (chunk..<chunk + 10_000).map { String(format: "%064x", $0) }.joined(separator: "\n") + "\n"
            try handle.write(contentsOf: Data(lines.utf8))
        }
        try handle.close()
        let message = folder.appendingPathComponent("message.json")
        try Data(#"{"alert": {"title": "Sale", "body": "Today only"}}"#.utf8).write(to: message)

        // The command stores into the tables; in a fresh cluster no other test may have made them yet.
        try await TestDatabase.withStore { _ in }

        let child = Process()
        child.executableURL = URL(fileURLWithPath: try #require(BuiltCommand.path))
        child.arguments = [
            "create", "--provider", "apns", "--message", message.path, "--audience", audience.path, "--batch-size", "1000", "--name", "million",
            "--json",
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["PUSHBRIDGE_LOG_LEVEL"] = "error"
        child.environment = environment
        let output = Pipe()
        child.standardOutput = output
        // Its error goes to a file, read when it fails: a pipe nobody reads could fill and stall it.
        let errors = folder.appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        child.standardError = try FileHandle(forWritingTo: errors)
        let started = Date()
        try child.run()
        // The peak resident size (VmHWM), read until the process ends.
        var peakKiB = 0
        while child.isRunning {
            if let status = try? String(contentsOfFile: "/proc/\(child.processIdentifier)/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                let kib = Int(line.split(separator: " ").dropFirst().first ?? "")
            {
                peakKiB = max(peakKiB, kib)
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        let seconds = Date().timeIntervalSince(started)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errorText = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        #expect(child.terminationStatus == 0, "stdout: \(text)\nstderr: \(errorText)")
        let json = try #require(try JSONParser.parse(Array(text.utf8)).objectValue)
        let id = try #require(json["campaign"]?.integerValue)
        #expect(json["targets"]?.integerValue == 1_000_000)
        print("1,000,000 targets stored in \(String(format: "%.1f", seconds)) s, peak RSS \(peakKiB / 1024) MiB (the file: 65 MB)")
        #expect(peakKiB > 0 && peakKiB < 100 * 1024, "peak RSS \(peakKiB / 1024) MiB")

        try await TestDatabase.withStore { store in
            #expect(try await TestDatabase.count(store, "SELECT count(*) FROM pushbridge.batches WHERE campaign_id = \(id)") == 1_000)
            #expect(
                try await TestDatabase.count(store, "SELECT sum(cardinality(targets))::bigint FROM pushbridge.batches WHERE campaign_id = \(id)")
                    == 1_000_000)
            #expect(try await store.status(id)?.total == 1_000_000)
            try await store.client.query("DELETE FROM pushbridge.campaigns WHERE id = \(id)", logger: TestDatabase.logger)
        }
    }
}
