import Foundation
import PushBridgeCampaigns
import PushBridgeCore
import PushBridgeServer
import Testing

@Suite("Audience files")
struct AudienceReaderTests {
    /// A temporary file holding `text` (the caller removes it).
    func file(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("audience-\(UUID().uuidString).txt").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func read(_ path: String, batchSize: Int) async throws -> [[String]] {
        let batches = Batches()
        try await AudienceReader(path: path, batchSize: batchSize).forEachBatch { batches.append($0) }
        return batches.all
    }

    /// The batches of a temporary file holding `text`, removed afterwards.
    func read(contents text: String, batchSize: Int) async throws -> [[String]] {
        let path = try file(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try await read(path, batchSize: batchSize)
    }

    @Test("one target a line, in batches; blank lines, comments and a missing last newline are fine")
    func lines() async throws {
        let path = try file("# tokens\naa01\n\n  bb02 \r\ncc03\ndd04\nee05")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try await read(path, batchSize: 2) == [["aa01", "bb02"], ["cc03", "dd04"], ["ee05"]])
    }

    @Test("a line that is not one target is an error naming its line")
    func badLine() async throws {
        let path = try file("aa01\nbb02, cc03\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        await #expect {
            _ = try await read(path, batchSize: 10)
        } throws: { error in
            "\(error)".contains("--audience") && "\(error)".contains("line 2")
        }
    }

    @Test("a JSON list or {\"targets\": […]}; another shape is an error")
    func json() async throws {
        #expect(try await read(contents: #"["a1", "b2", "c3"]"#, batchSize: 2) == [["a1", "b2"], ["c3"]])
        #expect(try await read(contents: #"{"targets": ["a1"]}"#, batchSize: 2) == [["a1"]])
        await #expect(throws: CampaignError.self) { _ = try await read(contents: #"{"tokens": ["a1"]}"#, batchSize: 2) }
        await #expect(throws: CampaignError.self) { _ = try await read(contents: #"["a1", 2]"#, batchSize: 2) }
    }

    @Test("lines longer than a read (64 KiB) are joined across reads")
    func longFile() async throws {
        let ids = (0..<20_000).map { String(format: "%064x", $0) }
        let batches = try await read(contents: ids.joined(separator: "\n") + "\n", batchSize: 1_000)
        #expect(batches.count == 20)
        #expect(batches.flatMap { $0 } == ids)
    }
}

final class Batches: @unchecked Sendable {
    private let lock = NSLock()
    private var batches: [[String]] = []
    func append(_ batch: [String]) { lock.withLock { batches.append(batch) } }
    var all: [[String]] { lock.withLock { batches } }
}

@Suite("What a worker does with a result")
struct CampaignVerdictTests {
    let target = PushTarget(kind: .deviceToken, id: "ab")

    func verdict(_ outcome: PushSendResult.Outcome, _ provider: PushProviderID) -> CampaignVerdict {
        CampaignVerdict.of(PushSendResult(target: target, outcome: outcome, attempts: 1), provider: provider).verdict
    }

    @Test("the senders' fail-fast refusals (stopsTheSend) pause, with the reason; the same codes unmarked do not: one list, the senders'")
    func credentials() {
        if case .pause(let reason) = verdict(
            .rejected(PushRejection(status: 403, code: "InvalidProviderToken", message: "", stopsTheSend: true)), "apns")
        {
            #expect(reason.contains("InvalidProviderToken") && reason.contains("refused the credentials"))
        } else {
            Issue.record("InvalidProviderToken did not pause")
        }
        for (code, status, provider) in [
            ("ExpiredProviderToken", 403, "apns"), ("BadCertificate", 403, "apns"), ("1004", 401, "jpush"), ("10001", 401, "getui"),
            ("UNAUTHENTICATED", 401, "fcm"), ("PERMISSION_DENIED", 403, "fcm"),
        ] {
            let provider = PushProviderID(rawValue: provider)
            guard case .pause = verdict(.rejected(PushRejection(status: status, code: code, message: "", stopsTheSend: true)), provider) else {
                Issue.record("\(provider) \(code) did not pause")
                continue
            }
            // The campaign keeps no list of its own: what the sender did not mark is recorded.
            #expect(verdict(.rejected(PushRejection(status: status, code: code, message: "")), provider) == .record(.rejected))
        }
        guard case .pause = verdict(.failed(PushRejection(status: 0, code: "credentials", message: "no key", stopsTheSend: true)), "apns") else {
            Issue.record("credentials")
            return
        }
        if case .pause(let reason) = verdict(
            .rejected(PushRejection(status: 0, code: "untrustedServer", message: "CERTIFICATE_VERIFY_FAILED", stopsTheSend: true)), "apns")
        {
            #expect(reason.contains("TLS certificate is not trusted"))
        } else {
            Issue.record("an untrusted certificate did not pause")
        }
        #expect(verdict(.failed(PushRejection(status: 0, code: "couldNotConnect", message: "Connection refused")), "apns") == .record(.failed))
        #expect(verdict(.rejected(PushRejection(status: 403, code: "SENDER_ID_MISMATCH", message: "")), "fcm") == .record(.rejected))
    }

    @Test("rate limits hold back; dead targets are dead; others are rejected or failed")
    func others() {
        #expect(verdict(.failed(PushRejection(status: 429, code: "TooManyRequests", message: "")), "apns") == .holdBack)
        #expect(verdict(.failed(PushRejection(status: 429, code: "QUOTA_EXCEEDED", message: "")), "fcm") == .holdBack)
        #expect(verdict(.failed(PushRejection(status: 200, code: "10005", message: "")), "getui") == .holdBack)
        #expect(verdict(.rejected(PushRejection(status: 410, code: "Unregistered", message: "", tokenIsDead: true)), "apns") == .record(.dead))
        #expect(verdict(.rejected(PushRejection(status: 400, code: "BadDeviceToken", message: "")), "apns") == .record(.rejected))
        #expect(verdict(.failed(PushRejection(status: 503, code: "ServiceUnavailable", message: "")), "apns") == .record(.failed))
        #expect(verdict(.accepted(messageID: "x"), "apns") == .record(.accepted))
    }
}

@Suite("The database's URL")
struct CampaignDatabaseURLTests {
    @Test("a password is masked in the description and in errors")
    func masked() throws {
        let database = try CampaignDatabase(url: "postgres://app:hunter2@db.internal:5433/push")
        #expect(!database.description.contains("hunter2"))
        #expect(database.description.contains("db.internal"))
        #expect {
            _ = try CampaignDatabase(url: "mysql://app:hunter2@db.internal/push")
        } throws: { error in
            !"\(error)".contains("hunter2") && "\(error)".contains("--database")
        }
    }
}
