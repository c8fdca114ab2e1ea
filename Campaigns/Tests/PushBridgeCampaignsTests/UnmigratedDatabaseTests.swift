import Foundation
import PostgresNIO
import PushBridgeCampaigns
import Testing

/// A command run against a database `migrate` has not prepared says what to run.
@Suite(
    "A database without the tables", .enabled(if: TestDatabase.isAvailable && BuiltCommand.path != nil, Comment(rawValue: BuiltCommand.skipReason)))
struct UnmigratedDatabaseTests {
    @Test("create in an empty database exits 1 naming PostgreSQL's error and `pushbridge-campaign migrate`")
    func createBeforeMigrate() async throws {
        let name = "pushbridge_empty_\(UUID().uuidString.prefix(8).lowercased())"
        try await TestDatabase.withStore { store in
            try await store.client.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: TestDatabase.logger)
        }
        let url = try #require(TestDatabase.url)
        let slash = try #require(url.lastIndex(of: "/"))
        let emptyURL = url[..<slash] + "/" + name
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pushbridge-unmigrated-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let message = folder.appendingPathComponent("message.json")
        try Data(#"{"alert": {"title": "Sale", "body": "Today only"}}"#.utf8).write(to: message)
        let errors = folder.appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)

        let child = Process()
        child.executableURL = URL(fileURLWithPath: try #require(BuiltCommand.path))
        child.arguments = ["create", "--database", emptyURL, "--provider", "apns", "--message", message.path]
        child.standardOutput = FileHandle.nullDevice
        child.standardError = try FileHandle(forWritingTo: errors)
        try child.run()
        child.waitUntilExit()
        let text = try String(contentsOf: errors, encoding: .utf8)
        try await TestDatabase.withStore { store in
            try await store.client.query(PostgresQuery(unsafeSQL: "DROP DATABASE \(name)"), logger: TestDatabase.logger)
        }

        #expect(child.terminationStatus == 1)
        #expect(text.hasPrefix("pushbridge-campaign create: PostgreSQL: "), "\(text)")
        #expect(text.contains("(SQLSTATE 42P01); run `pushbridge-campaign migrate` first"), "\(text)")
    }
}
