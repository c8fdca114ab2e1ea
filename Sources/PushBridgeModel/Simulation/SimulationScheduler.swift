import PushBridge

/// The time of a simulated delivery, as the client reads it: set by the simulator, never by the
/// wall clock. Work the client schedules (the launch-settle and foreground-call deadlines) runs
/// when the simulated time passes its deadline, in deadline order, as it would on a device.
package final class SimulationScheduler: PushScheduler {
    private struct Pending {
        let deadline: Double
        let order: Int
        let work: @Sendable () -> Void
        let cancelled: Locked<Bool>
    }

    private let state = Locked((now: 0.0, order: 0, pending: [Pending]()))

    package init() {}

    /// The simulated time.
    package var now: Double { state.withLock { $0.now } }

    /// Schedules `work` `delay` seconds after the simulated now. Cancelling it drops it (and
    /// what it captured: the client's core schedules closures that hold the core itself).
    package func schedule(after delay: Double, _ work: @escaping @Sendable () -> Void) -> ScheduledWork {
        let cancelled = Locked(false)
        let order = state.withLock { state -> Int in
            state.order += 1
            state.pending.append(Pending(deadline: state.now + delay, order: state.order, work: work, cancelled: cancelled))
            return state.order
        }
        return ScheduledWork { [weak self] in
            cancelled.withLock { $0 = true }
            self?.state.withLock { $0.pending.removeAll { $0.order == order } }
        }
    }

    /// Drops every pending work item, at the end of a simulation: none runs, and the client they
    /// would have run on is released.
    package func cancelAll() {
        let dropped = state.withLock { state -> [Pending] in
            defer { state.pending.removeAll() }
            return state.pending
        }
        for item in dropped { item.cancelled.withLock { $0 = true } }
    }

    /// Moves the simulated time to `time` (never back), running the work due by then first.
    package func advance(to time: Double) {
        while let next = takeDue(by: time) {
            if !next.cancelled.withLock({ $0 }) { next.work() }
        }
        state.withLock { $0.now = max($0.now, time) }
    }

    private func takeDue(by time: Double) -> Pending? {
        state.withLock { state in
            guard
                let index = state.pending.indices.filter({ state.pending[$0].deadline <= time })
                    .min(by: { (state.pending[$0].deadline, state.pending[$0].order) < (state.pending[$1].deadline, state.pending[$1].order) })
            else { return nil }
            let due = state.pending.remove(at: index)
            state.now = max(state.now, due.deadline)
            return due
        }
    }
}
