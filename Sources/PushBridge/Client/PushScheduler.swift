import Dispatch

/// Runs work after a delay: how PushBridge's watchdogs and launch deadlines tell time.
///
/// Injected so that tests advance time by hand instead of sleeping (`ManualScheduler` in
/// `PushBridgeTesting`); apps use ``DispatchScheduler``, the default.
public protocol PushScheduler: Sendable {
    /// Runs `work` once, `delay` seconds from now, unless the returned token is cancelled first.
    func schedule(after delay: Double, _ work: @escaping @Sendable () -> Void) -> ScheduledWork

    /// The current time in seconds on a monotonic clock: when a callback came, so that the
    /// normaliser can tell a path called twice for one delivery from two deliveries.
    var now: Double { get }
}

extension PushScheduler {
    /// The system's monotonic clock (uptime), in seconds.
    public var now: Double { Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000_000 }
}

/// A scheduled piece of work that can be cancelled before it runs.
public struct ScheduledWork: Sendable {
    private let onCancel: @Sendable () -> Void

    /// A token that runs `cancel` when cancelled.
    public init(cancel: @escaping @Sendable () -> Void) {
        onCancel = cancel
    }

    /// Prevents the work from running, if it has not started yet. Cancelling twice is harmless.
    public func cancel() { onCancel() }
}

/// The live scheduler: a global Dispatch queue.
public struct DispatchScheduler: PushScheduler {
    private let queue: DispatchQueue

    /// A scheduler on `queue` (a global queue by default).
    public init(queue: DispatchQueue = .global()) {
        self.queue = queue
    }

    /// Runs `work` on the queue after `delay` seconds.
    public func schedule(after delay: Double, _ work: @escaping @Sendable () -> Void) -> ScheduledWork {
        let cancelled = Locked(false)
        queue.asyncAfter(deadline: .now() + max(0, delay)) {
            if !cancelled.withLock({ $0 }) { work() }
        }
        return ScheduledWork { cancelled.withLock { $0 = true } }
    }
}
