import PushBridge
import PushBridgeTesting
import Testing

/// The manual scheduler: time moves only when told, work runs once, in due order.
@Suite struct ManualSchedulerTests {
    @Test func runsDueWorkInOrderOfDueTime() {
        let scheduler = ManualScheduler()
        let log = Log()
        _ = scheduler.schedule(after: 3) { log.append("c") }
        _ = scheduler.schedule(after: 1) { log.append("a") }
        _ = scheduler.schedule(after: 2) { log.append("b") }
        scheduler.advance(by: 1.5)
        #expect(log.entries == ["a"])
        #expect(scheduler.now == 1.5)
        scheduler.advance(by: 10)
        #expect(log.entries == ["a", "b", "c"])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func cancelledWorkNeverRuns() {
        let scheduler = ManualScheduler()
        let log = Log()
        let work = scheduler.schedule(after: 1) { log.append("x") }
        work.cancel()
        work.cancel()
        scheduler.advance(by: 5)
        #expect(log.entries.isEmpty)
    }

    @Test func workScheduledWhileAdvancingRunsIfDue() {
        let scheduler = ManualScheduler()
        let log = Log()
        _ = scheduler.schedule(after: 1) {
            log.append("first")
            _ = scheduler.schedule(after: 1) { log.append("second") }
        }
        scheduler.advance(by: 2)
        #expect(log.entries == ["first", "second"])
    }

    @Test func sameDueTimeRunsInSchedulingOrder() {
        let scheduler = ManualScheduler()
        let log = Log()
        for name in ["1", "2", "3"] { _ = scheduler.schedule(after: 1) { log.append(name) } }
        scheduler.advance(by: 1)
        #expect(log.entries == ["1", "2", "3"])
    }
}

/// A thread-safe list of strings, for work closures to write into.
final class Log: Sendable {
    private let storage = Locked<[String]>([])
    func append(_ entry: String) { storage.withLock { $0.append(entry) } }
    var entries: [String] { storage.withLock { $0 } }
}
