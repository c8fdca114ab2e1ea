import Foundation
import PushBridge
import PushBridgeServiceExtension
import PushBridgeTesting
import Testing

/// The app's content hook (`PushNotificationServiceExtension.modifyContent(_:for:)`, run by the
/// session): the handler is called exactly once whether the hook returns, throws or hangs past
/// the deadline, and the report, the download and the ledger are kept on every path.
@Suite struct ServiceExtensionContentHookTests {
    let url = "https://cdn.example.com/cat.png"

    func session(
        _ payload: JSONObject, reporters: [any ServiceExtensionReporter] = [], scheduler: ManualScheduler, ledger: DeliveryLedger? = nil,
        hook: @escaping @Sendable (ServiceExtensionRequest) async throws -> Void
    ) -> ServiceExtensionSession {
        ServiceExtensionSession(
            request: ServiceExtensionRequest(identifier: "req-7", payload: payload), reporters: reporters, downloader: MockDownloader(),
            scheduler: scheduler, ledger: ledger, wallClock: { 1_700_000_000 }, modifyContent: hook)
    }

    @Test func theHandlerWaitsForTheHookAndReportsItApplied() async throws {
        let gate = Gate()
        let seen = Locked<[String]>([])
        let calls = HandlerCalls()
        let scheduler = ManualScheduler()
        let session = session(
            payload(image: url, [("_j_msgid", 5), ("sealed", "b64")]), reporters: [MockReporter("jpush", key: "_j_msgid", answerAtOnce: .reported())],
            scheduler: scheduler
        ) { request in
            seen.withLock { $0.append("\(request.identifier) \(request.payload["sealed"]?.stringValue ?? "-")") }
            await gate.wait()
        }
        session.start(calls.handler)
        try await Task.sleep(nanoseconds: 20_000_000)
        #expect(calls.outcomes.isEmpty, "the report and the media are ready, the hook is not")
        gate.open()
        let outcome = try await calls.first()
        #expect(outcome.contentChange == .applied)
        #expect(outcome.ending == .completed)
        #expect(outcome.report == .reported(vendorAttachments: 0, vendorErrors: 0))
        #expect(outcome.downloadedMedia != nil)
        #expect(seen.withLock { $0 } == ["req-7 b64"], "the hook is given the parsed request, once")
        session.timeWillExpire()
        scheduler.advance(by: 60)
        try await Task.sleep(nanoseconds: 20_000_000)
        #expect(calls.outcomes.count == 1)
        #expect(scheduler.pendingCount == 0, "the deadline is cancelled")
    }

    @Test func aHookThatThrowsAPushErrorLeavesTheContentAndTheErrorIsTheOutcomesAndTheLedgers() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ledger = try DeliveryLedger(directory: directory)
        let calls = HandlerCalls()
        let thrown = PushError(.invalidPayload, field: "sealed", "not sealed with the app's key")
        session(payload(image: url), scheduler: ManualScheduler(), ledger: ledger) { _ in throw thrown }.start(calls.handler)
        let outcome = try await calls.first()
        #expect(outcome.contentChange == .failed(thrown))
        #expect(outcome.ending == .completed)
        #expect(outcome.downloadedMedia != nil, "the media is still attached")
        let record = try #require(ledger.records().first)
        #expect(record.content == "failed")
        #expect(record.problems == ["invalidPayload"])
        #expect(outcome.ledgerProblem == nil)
    }

    /// Any other error is named by its type only: its message may quote the payload.
    @Test func anotherErrorIsWrappedWithoutItsMessage() async throws {
        struct DecryptionFailed: Error, CustomStringConvertible { var description: String { "bad key for SECRET-BODY-77" } }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ledger = try DeliveryLedger(directory: directory)
        let calls = HandlerCalls()
        session(payload(), scheduler: ManualScheduler(), ledger: ledger) { _ in throw DecryptionFailed() }.start(calls.handler)
        guard case .failed(let error) = try await calls.first().contentChange else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.code == .providerFailure)
        #expect(error.field == "modifyContent")
        #expect(error.message == "the content hook threw DecryptionFailed")
        #expect(!"\(error)".contains("SECRET"))
        #expect(error.underlying is DecryptionFailed, "the app's own error is kept for its didFinish")
        #expect(try !String(contentsOf: ledger.fileURL, encoding: .utf8).contains("SECRET"))
    }

    @Test(arguments: [ServiceExtensionSessionOutcome.Ending.deadline, .timeWillExpire])
    func aHookThatHangsIsCancelledAndTheContentDeliveredOnceWithoutIt(ending: ServiceExtensionSessionOutcome.Ending) async throws {
        let scheduler = ManualScheduler()
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ledger = try DeliveryLedger(directory: directory)
        let cancelled = Locked(false)
        let gate = Gate()
        let entered = Gate()
        let calls = HandlerCalls()
        let session = session(payload(image: url), scheduler: scheduler, ledger: ledger) { _ in
            // Hangs until cancelled, then keeps hanging (a hook that ignores cancellation). The
            // test goes on once the cancellation handler is in place.
            await withTaskCancellationHandler {
                entered.open()
                await gate.wait()
            } onCancel: {
                cancelled.withLock { $0 = true }
            }
        }
        session.start(calls.handler)
        // The media is downloaded (the mock answers at once) and the hook runs: waited for, not
        // slept on (a loaded machine can take longer than any fixed pause to get there).
        await entered.wait()
        #expect(calls.outcomes.isEmpty)
        if ending == .deadline { scheduler.advance(by: 25) } else { session.timeWillExpire() }
        let outcome = try #require(calls.outcomes.first, "the handler is called at once, on the caller's thread")
        #expect(outcome.ending == ending)
        #expect(outcome.contentChange == .unfinished)
        #expect(outcome.downloadedMedia != nil)
        #expect(cancelled.withLock { $0 }, "the hook's task is cancelled")
        #expect(ledger.records().map(\.content) == ["unfinished"])
        gate.open()  // the hook returns late
        try await Task.sleep(nanoseconds: 50_000_000)
        session.timeWillExpire()
        scheduler.advance(by: 60)
        #expect(calls.outcomes.count == 1, "the late hook is ignored")
        #expect(ledger.records().count == 1, "one record")
    }

    @Test func withoutAHookTheOutcomeSaysNone() throws {
        let calls = HandlerCalls()
        ServiceExtensionSession(request: ServiceExtensionRequest(identifier: "r", payload: payload()), downloader: MockDownloader()).start(
            calls.handler)
        #expect(try #require(calls.outcomes.first).contentChange == .none)
    }

    /// The hook's return races the system's `timeWillExpire` and the report on many threads: the
    /// handler runs exactly once every time, and says `applied` only if the hook had returned.
    @Test func theHookRacingTimeWillExpireCallsTheHandlerExactlyOnce() async {
        for _ in 0..<200 {
            let reporter = MockReporter("jpush", key: "_j_msgid")
            let gate = Gate()
            let returned = Locked(false)
            let session = ServiceExtensionSession(
                request: ServiceExtensionRequest(identifier: "r", payload: payload([("_j_msgid", 1)])), reporters: [reporter],
                downloader: MockDownloader(),
                scheduler: ManualScheduler(),
                modifyContent: { _ in
                    await gate.wait()
                    returned.withLock { $0 = true }
                })
            let outcomes = HandlerCalls()
            await confirmation(expectedCount: 1) { handled in
                session.start { outcome in
                    outcomes.handler(outcome)
                    handled()
                }
                reporter.answer()
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { gate.open() }
                    group.addTask { session.timeWillExpire() }
                }
                session.timeWillExpire()
                // The hook's task may have taken the finish: its thread then calls the handler
                // after this one returned from timeWillExpire. Wait for that call (bounded).
                for _ in 0..<5_000 where outcomes.outcomes.isEmpty { try? await Task.sleep(nanoseconds: 1_000_000) }
                if outcomes.outcomes.first?.contentChange == .applied { #expect(returned.withLock { $0 }) }
            }
            await Task.yield()
            #expect(outcomes.outcomes.count == 1)
        }
    }

    @Test func aLedgerThatCannotBeWrittenIsTheOutcomesProblemAndTheHandlerStillRunsOnce() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ledger = try DeliveryLedger(directory: directory, lockTimeout: 0.05)
        let holder = try LockHolder(ledger.lockFileURL)
        let calls = HandlerCalls()
        ServiceExtensionSession(request: ServiceExtensionRequest(identifier: "r", payload: payload()), downloader: MockDownloader(), ledger: ledger)
            .start(calls.handler)
        holder.release()
        #expect(calls.outcomes.count == 1)
        #expect(calls.outcomes.first?.ledgerProblem?.code == .timeout)
    }
}

/// A gate a hook waits at until the test opens it; opening twice is harmless.
final class Gate: @unchecked Sendable {
    // @unchecked: `opened` and `waiting` are guarded by `lock`.
    private let lock = NSLock()
    private var opened = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        await withCheckedContinuation { continuation in
            lock.lock()
            if opened {
                lock.unlock()
                continuation.resume()
            } else {
                waiting.append(continuation)
                lock.unlock()
            }
        }
    }

    func open() {
        lock.lock()
        opened = true
        let resumed = waiting
        waiting = []
        lock.unlock()
        for continuation in resumed { continuation.resume() }
    }
}

extension HandlerCalls {
    /// The first outcome, waiting up to 10 s for it (the hook runs on a task of its own).
    func first() async throws -> ServiceExtensionSessionOutcome {
        for _ in 0..<10_000 {
            if let outcome = outcomes.first { return outcome }
            try await Task.sleep(nanoseconds: 1_000_000)
        }
        return try #require(outcomes.first, "the handler was never called")
    }
}
