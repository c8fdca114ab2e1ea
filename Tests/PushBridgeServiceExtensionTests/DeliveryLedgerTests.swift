import Foundation
@_spi(ProviderAuthor) import PushBridge
import PushBridgeServiceExtension
@_spi(ProviderAuthor) import PushBridgeTesting
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
        let ledger = try DeliveryLedger(directory: try temporaryDirectory(), maxRecords: 3)
        for index in 1...5 { try ledger.append(DeliveryRecord(outcome("r\(index)"), time: Double(index))) }
        #expect(ledger.records().map(\.requestIdentifier) == ["r3", "r4", "r5"])
        let lines = try String(contentsOf: ledger.fileURL, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 3, "JSON Lines: one record a line")
    }

    @Test func anEmptyOrMissingLedgerHasNoRecordsAndRemoveAllEmptiesIt() throws {
        let ledger = try DeliveryLedger(directory: try temporaryDirectory())
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
        let ledger = try DeliveryLedger(directory: try temporaryDirectory())
        try ledger.append(DeliveryRecord(outcome("good"), time: 1))
        let text = try String(contentsOf: ledger.fileURL, encoding: .utf8)
        try ("not json\n{\"time\": 1}\n" + text).write(to: ledger.fileURL, atomically: true, encoding: .utf8)
        #expect(ledger.records().map(\.requestIdentifier) == ["good"])
    }

    @Test func aFileGrownByAnotherWriterIsReadFromItsEndAndBoundedAgain() throws {
        let ledger = try DeliveryLedger(directory: try temporaryDirectory(), maxRecords: 2)
        let line = String(decoding: try JSONEncoder().encode(DeliveryRecord(outcome("old"), time: 0)), as: UTF8.self)
        try String(repeating: line + "\n", count: 100).write(to: ledger.fileURL, atomically: true, encoding: .utf8)
        try ledger.append(DeliveryRecord(outcome("new"), time: 1))
        #expect(ledger.records().map(\.requestIdentifier) == ["old", "new"])
    }

    /// A payload full of values that must not leave the extension: none of them is in the file,
    /// whatever happened to the attachment.
    @Test func theLedgerNeverHoldsAPayloadValueAURLOrAMessage() throws {
        let directory = try temporaryDirectory()
        let ledger = try DeliveryLedger(directory: directory)
        let secrets = ["SECRET-TITLE-7f3a", "SECRET-EXTRA-19bc", "secret-host-44.example.com", "SECRET-MSGID-5521"]
        let payloads: [JSONObject] = [
            JSONObject([
                ("aps" as String, JSONValue.object(["alert": .object(["title": .string(secrets[0])]), "mutable-content": 1])), ("extra", .string(secrets[1])),
                ("fcm_options", ["image": .string("https://\(secrets[2])/a.png")]), ("_j_msgid", .string(secrets[3])),
            ] as [(String, JSONValue)]),
            JSONObject([("fcm_options", ["image": .string("http://\(secrets[2])/\(secrets[1]).png")]), ("_j_msgid", .string(secrets[3]))] as [(String, JSONValue)]),
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
        #expect(ledger.records().allSatisfy { $0.problems.allSatisfy { ["outOfRange", "unsupported", "providerFailure", "invalidPayload"].contains($0) } })
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
