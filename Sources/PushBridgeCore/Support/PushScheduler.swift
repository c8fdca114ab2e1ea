import Dispatch

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

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
    /// A monotonic clock that keeps counting while the device sleeps, in seconds: the time
    /// between two pushes must include the sleep between them. `DispatchTime` does not: on
    /// Apple platforms it reads `mach_absolute_time`, which "does not increment while the system
    /// is asleep" (Apple, `mach_absolute_time`), so two pushes hours apart could look a second
    /// apart. Darwin's `CLOCK_MONOTONIC` "will continue to increment while the system is asleep"
    /// (`clock_gettime(3)`, macOS); Linux's is `CLOCK_BOOTTIME` (`clock_gettime(2)`).
    public var now: Double { continuousTime() }
}

/// Seconds on the platform's monotonic clock that includes time asleep.
func continuousTime() -> Double {
    #if canImport(Darwin) || canImport(Glibc)
        var time = timespec()
        #if canImport(Darwin)
            _ = clock_gettime(CLOCK_MONOTONIC, &time)
        #else
            _ = clock_gettime(CLOCK_BOOTTIME, &time)
        #endif
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
    #else
        return Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000_000
    #endif
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
