import Dispatch
import Foundation
import PushBridge
import PushBridgeServiceExtension
import PushBridgeTesting
import Testing

@Suite struct DeliveryLedgerTests {
    func outcome(_ identifier: String, provider: PushProviderID = .apns) -> ServiceExtensionSessionOutcome {
        let calls = HandlerCalls()
        ServiceExtensionSession(request: ServiceExtensionRequest(identifier: identifier, payload: payload()), downloader: MockDownloader())
            .start(calls.handler)
        var outcome = calls.outcomes[0]
        outcome.provider = provider
        return outcome
    }

    @Test func recordsComeBackOldestFirstAndTheOldestAreDroppedBeyondTheBound() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ledger = try DeliveryLedger(directory: directory, maxRecords: 3)
        for index in 1...5 { try ledger.append(DeliveryRecord(outcome("r\(index)"), time: Double(index))) }
        #expect(ledger.records().map(\.requestIdentifier) == ["r3", "r4", "r5"])
        let lines = try String(contentsOf: ledger.fileURL, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 4, "JSON Lines: one record a line, after the count of those dropped")
        #expect(lines.first == #"{"dropped":2}"#)
    }

    // MARK: Draining

    @Test func drainTakesEveryRecordOnceAndCountsWhatTheBoundDropped() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ledger = try DeliveryLedger(directory: directory, maxRecords: 3)
        for index in 1...5 { try ledger.append(DeliveryRecord(outcome("r\(index)"), time: Double(index))) }
        let drained = try ledger.drain()
        #expect(drained.records.map(\.requestIdentifier) == ["r3", "r4", "r5"])
        #expect(drained.dropped == 2, "two records were pushed out by the bound, and the app is told")
        #expect(drained.unreadable == 0)
        #expect(ledger.records().isEmpty)
        try ledger.append(DeliveryRecord(outcome("r6"), time: 6))
        let next = try ledger.drain()
        #expect(next.records.map(\.requestIdentifier) == ["r6"])
        #expect(next.dropped == 0, "the count starts again after a drain")
        #expect(try ledger.drain().records.isEmpty, "a drained record is not drained twice")
    }

    @Test func drainCountsTheLinesItCouldNotRead() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ledger = try DeliveryLedger(directory: directory)
        try ledger.append(DeliveryRecord(outcome("good"), time: 1))
        let text = try String(contentsOf: ledger.fileURL, encoding: .utf8)
        try ("not json\n{\"time\": 1}\n" + text).write(to: ledger.fileURL, atomically: true, encoding: .utf8)
        let drained = try ledger.drain()
        #expect(drained.records.map(\.requestIdentifier) == ["good"])
        #expect(drained.unreadable == 2)
    }

    /// A record written before the content hook existed (no `content` key) is still read.
    @Test func aRecordOfAnEarlierVersionIsRead() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ledger = try DeliveryLedger(directory: directory)
        let old =
            #"{"attachment":"none","elapsed":0,"ending":"completed","problems":[],"provider":"apns","report":"notNeeded","requestIdentifier":"old","time":1,"vendorAttachments":0}"#
        try (old + "\n").write(to: ledger.fileURL, atomically: true, encoding: .utf8)
        let record = try #require(try ledger.drain().records.first)
        #expect(record.requestIdentifier == "old")
        #expect(record.content == nil)
    }

    @Test func aLockHeldTooLongIsATimeoutNamingTheDirectory() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ledger = try DeliveryLedger(directory: directory, lockTimeout: 0.05)
        let holder = try LockHolder(ledger.lockFileURL)
        defer { holder.release() }
        for change in [{ try ledger.append(DeliveryRecord(outcome("x"), time: 1)) }, { _ = try ledger.drain() }, { try ledger.removeAll() }]
            as [() throws -> Void]
        {
            do {
                try change()
                Issue.record("expected a timeout")
            } catch let error as PushError {
                #expect(error.code == .timeout)
                #expect(error.field == "directory")
                #expect(error.message.contains("lock"))
            }
        }
    }

    /// Threads of one process (one extension handling several requests at once, the app's
    /// drain on another thread): `flock` excludes them too.
    /// The lock's wait is generous here: under ThreadSanitizer on a loaded 2-core machine six threads
    /// once waited past the default 2 s; what this test holds is that nothing is lost (the timeout
    /// has its own test).
    @Test func threadsOfOneProcessLoseNothing() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ledger = try DeliveryLedger(directory: directory, maxRecords: 10_000, lockTimeout: 60)
        let taken = Locked<[String]>([])
        let record = DeliveryRecord(outcome("t"), time: 1)
        DispatchQueue.concurrentPerform(iterations: 6) { thread in
            for index in 0..<40 {
                if thread < 4 {
                    var mine = record
                    mine.requestIdentifier = "t\(thread)-\(index)"
                    #expect(throws: Never.self) { try ledger.append(mine) }
                } else {
                    let drained = (try? ledger.drain().records) ?? []
                    taken.withLock { $0 += drained.map(\.requestIdentifier) }
                }
            }
        }
        let all = taken.withLock { $0 } + (try ledger.drain().records.map(\.requestIdentifier))
        #expect(all.count == 160)
        #expect(Set(all) == Set((0..<4).flatMap { thread in (0..<40).map { "t\(thread)-\($0)" } }))
    }

    @Test func anEmptyOrMissingLedgerHasNoRecordsAndRemoveAllEmptiesIt() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ledger = try DeliveryLedger(directory: directory)
        #expect(ledger.records().isEmpty)
        try ledger.append(DeliveryRecord(outcome("a"), time: 1))
        #expect(ledger.records().count == 1)
        try ledger.removeAll()
        #expect(ledger.records().isEmpty)
    }

    @Test func aMissingDirectoryIsAConfigurationError() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("pb-no-such-\(UUID().uuidString)")
        #expect(throws: PushError.self) { try DeliveryLedger(directory: missing) }
        do {
            _ = try DeliveryLedger(directory: missing)
        } catch {
            #expect(error.code == .invalidConfiguration)
            #expect(error.message.contains("app group"))
        }
    }

    @Test func unreadableLinesAreSkipped() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ledger = try DeliveryLedger(directory: directory)
        try ledger.append(DeliveryRecord(outcome("good"), time: 1))
        let text = try String(contentsOf: ledger.fileURL, encoding: .utf8)
        try ("not json\n{\"time\": 1}\n" + text).write(to: ledger.fileURL, atomically: true, encoding: .utf8)
        #expect(ledger.records().map(\.requestIdentifier) == ["good"])
    }

    @Test func aFileGrownByAnotherWriterIsReadFromItsEndAndBoundedAgain() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ledger = try DeliveryLedger(directory: directory, maxRecords: 2)
        let line = String(decoding: try JSONEncoder().encode(DeliveryRecord(outcome("old"), time: 0)), as: UTF8.self)
        try String(repeating: line + "\n", count: 100).write(to: ledger.fileURL, atomically: true, encoding: .utf8)
        try ledger.append(DeliveryRecord(outcome("new"), time: 1))
        #expect(ledger.records().map(\.requestIdentifier) == ["old", "new"])
    }

    /// A payload full of values that must not leave the extension: none of them is in the file,
    /// whatever happened to the attachment.
    @Test func theLedgerNeverHoldsAPayloadValueAURLOrAMessage() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ledger = try DeliveryLedger(directory: directory)
        let secrets = ["SECRET-TITLE-7f3a", "SECRET-EXTRA-19bc", "secret-host-44.example.com", "SECRET-MSGID-5521"]
        let payloads: [JSONObject] = [
            JSONObject(
                [
                    ("aps" as String, JSONValue.object(["alert": .object(["title": .string(secrets[0])]), "mutable-content": 1])),
                    ("extra", .string(secrets[1])),
                    ("fcm_options", ["image": .string("https://\(secrets[2])/a.png")]), ("_j_msgid", .string(secrets[3])),
                ] as [(String, JSONValue)]),
            JSONObject(
                [("fcm_options", ["image": .string("http://\(secrets[2])/\(secrets[1]).png")]), ("_j_msgid", .string(secrets[3]))]
                    as [(String, JSONValue)]),
        ]
        let downloaders: [MockDownloader] = [
            MockDownloader(bytes: 20_000_000, type: "image/png"), MockDownloader(type: "text/html"),
            MockDownloader(result: .failure(PushError(.providerFailure, field: "download", "failed for https://\(secrets[2])/"))),
        ]
        for payload in payloads {
            for downloader in downloaders {
                ServiceExtensionSession(
                    request: ServiceExtensionRequest(identifier: "id", payload: payload),
                    reporters: [MockReporter("jpush", key: "_j_msgid", answerAtOnce: .failed(PushError(.unsupported, "no SDK \(secrets[3])")))],
                    downloader: downloader, ledger: ledger
                ).start { _ in }
            }
        }
        let text = try String(contentsOf: ledger.fileURL, encoding: .utf8)
        #expect(ledger.records().count == payloads.count * downloaders.count)
        for secret in secrets { #expect(!text.contains(secret), "\(secret) leaked into the ledger") }
        #expect(!text.contains("https"))
        #expect(
            ledger.records().allSatisfy {
                $0.problems.allSatisfy { ["outOfRange", "unsupported", "providerFailure", "invalidPayload"].contains($0) }
            })
    }

    @Test func aRecordNamesEveryPartOfTheOutcome() {
        var outcome = outcome("x", provider: "getui")
        outcome.ending = .deadline
        outcome.report = .reported(vendorAttachments: 2, vendorErrors: 1)
        outcome.attachment = .unfinished
        let record = DeliveryRecord(outcome, time: 5)
        #expect(record.provider == "getui")
        #expect(record.ending == "deadline")
        #expect(record.report == "reported")
        #expect(record.vendorAttachments == 2)
        #expect(record.attachment == "unfinished")
        #expect(record.attachmentBytes == nil)
    }
}
