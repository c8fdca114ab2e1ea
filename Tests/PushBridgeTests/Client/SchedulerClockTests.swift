import Dispatch
import PushBridge
import Testing

/// The clock the client reads when a callback comes: it moves forward and does not stand still.
@Suite struct SchedulerClockTests {
    @Test func theDefaultClockMovesForward() async throws {
        let scheduler = DispatchScheduler()
        let first = scheduler.now
        try await Task.sleep(nanoseconds: 20_000_000)
        let second = scheduler.now
        #expect(first > 0)
        #expect(second - first >= 0.015, "a 20 ms sleep shows on the clock")
        #expect(second - first < 3_600, "seconds, not nanoseconds")
    }
}
