import PushBridge
import PushBridgeModel
import PushBridgeProviderKit

/// A `PushScheduler` whose time moves only when a test says so.
///
/// Hand it to a `PushClient` and call `advance(by:)` to make watchdogs and launch deadlines
/// fire, without sleeping:
///
/// ```swift
/// let scheduler = ManualScheduler()
/// let client = PushClient(provider: NoOpProvider(), scheduler: scheduler)
/// // A background push reaches the app, whose handler never answers the fetch completion…
/// scheduler.advance(by: 25) // …so the fetch watchdog answers `.failed`, once
/// ```
///
/// A ``SimulatedDevice`` holds one already (`device.scheduler`) and drives the pushes.
public final class ManualScheduler: PushScheduler {
    private struct Job {
        var id: UInt64
        var due: Double
        var work: @Sendable () -> Void
    }

    private struct State {
        /// The time work falls due by.
        var now: Double = 0
        /// Time that passed without making work due (``elapse(_:)``).
        var elapsed: Double = 0
        var nextID: UInt64 = 0
        var jobs: [Job] = []
    }

    private let state = Locked(State())

    /// A scheduler at time 0 with nothing scheduled.
    public init() {}

    /// The current time, in seconds since the scheduler was made: what ``advance(by:)`` and
    /// ``elapse(_:)`` moved it by.
    public var now: Double { state.withLock { $0.now + $0.elapsed } }

    /// How many pieces of work are waiting.
    public var pendingCount: Int { state.withLock { $0.jobs.count } }

    /// Schedules `work` at `now + delay`.
    public func schedule(after delay: Double, _ work: @escaping @Sendable () -> Void) -> ScheduledWork {
        let id = state.withLock { state -> UInt64 in
            let id = state.nextID
            state.nextID += 1
            state.jobs.append(Job(id: id, due: state.now + max(0, delay), work: work))
            return id
        }
        return ScheduledWork { [weak self] in
            self?.state.withLock { $0.jobs.removeAll { $0.id == id } }
        }
    }

    /// Lets `seconds` pass for what reads ``now`` without making any work due: the time between
    /// a simulated user's actions, which the client's correlation sees, while its watchdogs and
    /// deadlines wait for ``advance(by:)`` (the simulated device moves time so).
    public func elapse(_ seconds: Double) {
        state.withLock { $0.elapsed += max(0, seconds) }
    }

    /// Moves time forward by `seconds`, running every piece of work that falls due, in order of
    /// due time (work scheduled while advancing runs too, if it falls due in the window).
    public func advance(by seconds: Double) {
        let target = state.withLock { $0.now + max(0, seconds) }
        while let job = takeNextJob(dueBy: target) {
            job.work()
        }
        state.withLock { $0.now = target }
    }

    private func takeNextJob(dueBy target: Double) -> Job? {
        state.withLock { state in
            guard
                let index = state.jobs.indices.filter({ state.jobs[$0].due <= target })
                    .min(by: { (state.jobs[$0].due, state.jobs[$0].id) < (state.jobs[$1].due, state.jobs[$1].id) })
            else { return nil }
            let job = state.jobs.remove(at: index)
            state.now = max(state.now, job.due)
            return job
        }
    }
}
