import Dispatch
import Foundation
import PushBridge
import PushBridgeServiceExtension
import PushBridgeTesting
import Testing

@Suite struct ServiceExtensionSessionTests {
    let url = "https://cdn.example.com/cat.png"

    func session(
        _ payload: JSONObject, reporters: [any ServiceExtensionReporter] = [], downloader: any MediaDownloader,
        scheduler: ManualScheduler, options: ServiceExtensionOptions = ServiceExtensionOptions(), ledger: DeliveryLedger? = nil
    ) -> ServiceExtensionSession {
        ServiceExtensionSession(
            request: ServiceExtensionRequest(identifier: "req-1", payload: payload), options: options, reporters: reporters,
            downloader: downloader, scheduler: scheduler, ledger: ledger, wallClock: { 1_700_000_000 })
    }

    // MARK: Completing

    @Test func aPlainAPNsNotificationCompletesAtOnceWithNothingToReportOrDownload() throws {
        let scheduler = ManualScheduler()
        let calls = HandlerCalls()
        session(payload(), downloader: MockDownloader(), scheduler: scheduler).start(calls.handler)
        let outcome = try #require(calls.outcomes.first)
        #expect(calls.outcomes.count == 1)
        #expect(outcome.provider == .apns)
        #expect(outcome.ending == .completed)
        #expect(outcome.report == .notNeeded)
        #expect(outcome.attachment == .none)
        #expect(scheduler.pendingCount == 0, "the deadline is cancelled")
    }

    @Test func theHandlerWaitsForBothTheReportAndTheDownload() throws {
        let scheduler = ManualScheduler()
        let reporter = MockReporter("jpush", key: "_j_msgid")
        let calls = HandlerCalls()
        let downloader = MockDownloader(scheduler: scheduler, delay: 2)
        session(payload(image: url, [("_j_msgid", 123)]), reporters: [reporter], downloader: downloader, scheduler: scheduler).start(calls.handler)
        scheduler.advance(by: 3)
        #expect(calls.outcomes.isEmpty, "the report is still out")
        reporter.answer()
        let outcome = try #require(calls.outcomes.first)
        #expect(calls.outcomes.count == 1)
        #expect(outcome.provider == "jpush")
        #expect(outcome.ending == .completed)
        #expect(outcome.report == .reported(vendorAttachments: 0, vendorErrors: 0))
        #expect(outcome.downloadedMedia?.byteCount == 1_000)
        #expect(outcome.attachmentKey == .firebaseImage)
        #expect(outcome.elapsed == 3)
        #expect(downloader.requested.map(\.url.absoluteString) == [url])
        #expect(downloader.requested.first?.maxBytes == MediaKind.largestLimit)
    }

    @Test func theFirstReporterThatClaimsThePayloadReportsAndNoOther() throws {
        let scheduler = ManualScheduler()
        let jpush = MockReporter("jpush", key: "_j_msgid", answerAtOnce: .reported())
        let getui = MockReporter("getui", key: "_gmid_", answerAtOnce: .reported(vendorAttachments: 1, vendorErrors: 0))
        let calls = HandlerCalls()
        session(payload([("_gmid_", "a|b|c")]), reporters: [jpush, getui], downloader: MockDownloader(), scheduler: scheduler).start(calls.handler)
        #expect(jpush.calls == 0)
        #expect(getui.calls == 1)
        #expect(calls.outcomes.first?.provider == "getui")
        #expect(calls.outcomes.first?.report == .reported(vendorAttachments: 1, vendorErrors: 0))
    }

    @Test func aSecondStartIsIgnored() {
        let scheduler = ManualScheduler()
        let calls = HandlerCalls()
        let session = session(payload(), downloader: MockDownloader(), scheduler: scheduler)
        session.start(calls.handler)
        session.start(calls.handler)
        session.timeWillExpire()
        #expect(calls.outcomes.count == 1)
    }

    // MARK: Time

    @Test func aSlowDownloadFinishingAfterTheDeadlineLeavesTheNotificationWithoutItOnce() throws {
        let scheduler = ManualScheduler()
        let calls = HandlerCalls()
        let downloader = MockDownloader(scheduler: scheduler, delay: 40)
        session(payload(image: url), downloader: downloader, scheduler: scheduler).start(calls.handler)
        scheduler.advance(by: 24.9)
        #expect(calls.outcomes.isEmpty)
        scheduler.advance(by: 0.1)
        let outcome = try #require(calls.outcomes.first)
        #expect(outcome.ending == .deadline)
        #expect(outcome.attachment == .unfinished)
        #expect(outcome.elapsed == 25)
        #expect(downloader.cancelled == 1, "the download is cancelled at the deadline")
        scheduler.advance(by: 60)
        #expect(calls.outcomes.count == 1, "the late download is ignored")
    }

    @Test func aVendorCallThatNeverCompletesEndsAtTheDeadlineWithTheMedia() throws {
        let scheduler = ManualScheduler()
        let reporter = MockReporter("getui", key: "_gmid_")
        let calls = HandlerCalls()
        session(
            payload(image: url, [("_gmid_", "x")]), reporters: [reporter], downloader: MockDownloader(), scheduler: scheduler,
            options: ServiceExtensionOptions(deadline: 10)
        ).start(calls.handler)
        scheduler.advance(by: 100)
        let outcome = try #require(calls.outcomes.first)
        #expect(calls.outcomes.count == 1)
        #expect(outcome.ending == .deadline)
        #expect(outcome.report == .unfinished)
        #expect(outcome.downloadedMedia != nil)
        reporter.answer()
        #expect(calls.outcomes.count == 1, "the vendor's late answer is ignored")
    }

    @Test func timeWillExpireDeliversWhatIsReadyAndLaterAnswersAreIgnored() throws {
        let scheduler = ManualScheduler()
        let reporter = MockReporter("jpush", key: "_j_msgid")
        let calls = HandlerCalls()
        let session = session(payload(image: url, [("_j_msgid", 1)]), reporters: [reporter], downloader: MockDownloader(), scheduler: scheduler)
        session.start(calls.handler)
        scheduler.advance(by: 5)
        session.timeWillExpire()
        let outcome = try #require(calls.outcomes.first)
        #expect(outcome.ending == .timeWillExpire)
        #expect(outcome.report == .unfinished)
        #expect(outcome.downloadedMedia != nil)
        #expect(scheduler.pendingCount == 0, "the deadline is cancelled")
        reporter.answer()
        session.timeWillExpire()
        scheduler.advance(by: 30)
        #expect(calls.outcomes.count == 1)
    }

    @Test func timeWillExpireBeforeStartDoesNothing() {
        let calls = HandlerCalls()
        let session = session(payload(), downloader: MockDownloader(), scheduler: ManualScheduler())
        session.timeWillExpire()
        session.start(calls.handler)
        #expect(calls.outcomes.map(\.ending) == [.completed])
    }

    @Test(arguments: [(45.0, 30.0), (-1, 0), (12, 12)])
    func theDeadlineIsClampedToTheSystemBudget(asked: Double, kept: Double) {
        #expect(ServiceExtensionOptions(deadline: asked).deadline == kept)
        #expect(ServiceExtensionOptions().deadline == 25)
    }

    /// Races the system's `timeWillExpire` against the report's and the download's completions
    /// on many threads: the handler runs exactly once every time.
    @Test func timeWillExpireRacingCompletionCallsTheHandlerExactlyOnce() async {
        for _ in 0..<200 {
            let reporter = MockReporter("jpush", key: "_j_msgid")
            let downloader = MockDownloader(delay: -1)
            let session = ServiceExtensionSession(
                request: ServiceExtensionRequest(identifier: "r", payload: payload(image: url, [("_j_msgid", 1)])), reporters: [reporter],
                downloader: downloader, scheduler: ManualScheduler())
            await confirmation(expectedCount: 1) { handled in
                session.start { _ in handled() }
                DispatchQueue.concurrentPerform(iterations: 4) { index in
                    switch index {
                    case 0: session.timeWillExpire()
                    case 1: reporter.answer()
                    case 2: downloader.answer()
                    default: session.timeWillExpire()
                    }
                }
            }
        }
    }

    // MARK: Bad media

    @Test(arguments: [
        ("http://cdn.example.com/cat.png", "not https"), ("ftp://cdn.example.com/cat.png", "not https"), ("cdn.example.com/cat.png", "not https"),
        ("https://", "no host"), ("https:///cat.png", "no host"), ("ht tp://x y", "malformed"), (" https://cdn.example.com/a.png", "malformed"),
        ("", "malformed"),
    ])
    func aBadURLIsRefusedWithoutDownloading(text: String, reason: String) throws {
        let scheduler = ManualScheduler()
        let downloader = MockDownloader()
        let calls = HandlerCalls()
        session(payload(image: text), downloader: downloader, scheduler: scheduler).start(calls.handler)
        let outcome = try #require(calls.outcomes.first)
        guard case .failed(let error) = outcome.attachment else {
            Issue.record("expected a refusal, got \(outcome.attachment)")
            return
        }
        #expect(error.code == .invalidPayload)
        #expect(error.field == "fcm_options.image")
        #expect(error.message.contains(reason), "\(error.message)")
        #expect(downloader.requested.isEmpty)
        #expect(outcome.ending == .completed)
    }

    @Test(arguments: [
        ("image/png", 10_000_001, MediaKind.image), ("image/jpeg", 10_000_001, .image), ("audio/mpeg", 5_000_001, .audio),
        ("video/mp4", 50_000_001, .video),
    ])
    func anOversizeFileIsRefused(type: String, bytes: Int, kind: MediaKind) throws {
        let calls = HandlerCalls()
        session(payload(image: url), downloader: MockDownloader(bytes: bytes, type: type), scheduler: ManualScheduler()).start(calls.handler)
        guard case .failed(let error) = try #require(calls.outcomes.first).attachment else {
            Issue.record("expected a refusal")
            return
        }
        #expect(error.code == .outOfRange)
        #expect(error.message.contains("more than the system's \(kind.maximumBytes)"))
        // One byte less is accepted.
        let fits = HandlerCalls()
        session(payload(image: url), downloader: MockDownloader(bytes: bytes - 1, type: type), scheduler: ManualScheduler()).start(fits.handler)
        #expect(fits.outcomes.first?.downloadedMedia?.byteCount == bytes - 1)
    }

    @Test(
        arguments: [
            ("text/html", "https://cdn.example.com/cat.png", nil), ("application/json", "https://cdn.example.com/a", nil),
            ("application/octet-stream", "https://cdn.example.com/a.txt", nil), (nil, "https://cdn.example.com/a", nil),
            ("application/octet-stream", "https://cdn.example.com/a.PNG", "png"), (nil, "https://cdn.example.com/a.mp4", "mp4"),
            ("image/gif; charset=binary", "https://cdn.example.com/a", "gif"), ("audio/x-wav", "https://cdn.example.com/a", "wav"),
        ] as [(String?, String, String?)])
    func theContentTypeDecidesTheKindAndAWrongOneIsRefused(type: String?, address: String, fileExtension: String?) throws {
        let calls = HandlerCalls()
        session(payload(image: address), downloader: MockDownloader(type: type), scheduler: ManualScheduler()).start(calls.handler)
        let outcome = try #require(calls.outcomes.first)
        switch (outcome.attachment, fileExtension) {
        case (.downloaded(_, _, let ext), let expected?): #expect(ext == expected)
        case (.failed(let error), nil): #expect(error.code == .unsupported)
        default: Issue.record("\(String(describing: type)) \(address): \(outcome.attachment)")
        }
    }

    @Test func aFailedDownloadIsReportedAndTheNotificationStillDelivered() throws {
        let calls = HandlerCalls()
        let failure = PushError(.providerFailure, field: "download", "the connection was lost")
        session(payload(image: url), downloader: MockDownloader(result: .failure(failure)), scheduler: ManualScheduler()).start(calls.handler)
        #expect(try #require(calls.outcomes.first).attachment == .failed(failure))
    }

    @Test func downloadsCanBeSwitchedOff() throws {
        let downloader = MockDownloader()
        let calls = HandlerCalls()
        session(payload(image: url), downloader: downloader, scheduler: ManualScheduler(), options: ServiceExtensionOptions(downloadsMedia: false))
            .start(calls.handler)
        #expect(try #require(calls.outcomes.first).attachment == .none)
        #expect(downloader.requested.isEmpty)
    }

    // MARK: Keys

    @Test func theKeysAreReadInOrderAndAnAirshipArrayGivesItsFirstURL() throws {
        let downloader = MockDownloader()
        let calls = HandlerCalls()
        let airship = payload([("com.urbanairship.media_attachment", ["url": ["https://a.example.com/1.jpg", "https://a.example.com/2.jpg"]])])
        session(airship, downloader: downloader, scheduler: ManualScheduler()).start(calls.handler)
        #expect(downloader.requested.map(\.url.absoluteString) == ["https://a.example.com/1.jpg"])
        #expect(calls.outcomes.first?.attachmentKey == .airshipMedia)

        let custom = MockDownloader()
        let both = payload([("media-url", "https://b.example.com/x.png"), ("fcm_options", ["image": "https://c.example.com/y.png"])])
        session(
            both, downloader: custom, scheduler: ManualScheduler(),
            options: ServiceExtensionOptions(attachmentKeys: [.custom("media-url")] + AttachmentKey.defaults)
        ).start(HandlerCalls().handler)
        #expect(custom.requested.map(\.url.absoluteString) == ["https://b.example.com/x.png"])
    }

    @Test func aKeyHoldingNoStringIsNoAttachment() throws {
        let calls = HandlerCalls()
        session(payload([("fcm_options", ["image": 42])]), downloader: MockDownloader(), scheduler: ManualScheduler()).start(calls.handler)
        #expect(try #require(calls.outcomes.first).attachment == .none)
    }

    // MARK: The ledger

    @Test func theOutcomeIsInTheLedgerBeforeTheHandlerRuns() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ledger = try DeliveryLedger(directory: directory)
        let seen = HandlerCalls()
        let recordsAtHandler = Locked<[DeliveryRecord]>([])
        session(
            payload(image: url, [("_j_msgid", 9)]), reporters: [MockReporter("jpush", key: "_j_msgid", answerAtOnce: .reported())],
            downloader: MockDownloader(bytes: 2_048), scheduler: ManualScheduler(), ledger: ledger
        ).start { outcome in
            recordsAtHandler.withLock { $0 = ledger.records() }
            seen.handler(outcome)
        }
        let record = try #require(recordsAtHandler.withLock { $0 }.first)
        #expect(record.provider == "jpush")
        #expect(record.requestIdentifier == "req-1")
        #expect(record.ending == "completed")
        #expect(record.report == "reported")
        #expect(record.attachment == "image")
        #expect(record.attachmentBytes == 2_048)
        #expect(record.time == 1_700_000_000)
    }
}
