/// A value guarded by a lock: the one `@unchecked Sendable` box PushBridge's runtime types share.
///
/// Sendable only when its value is (the pattern of swift-nio's `NIOLockedValueBox`): the lock
/// makes access exclusive, but a non-Sendable value (a class reference, say) could still escape
/// ``withLock(_:)`` and be used from two threads unguarded. Never call out to app code or `await`
/// inside ``withLock(_:)``.
///
/// Inlinable, as `NIOLockedValueBox` is: the runtime, the provider kit and the adapters lock from
/// other modules, and an opaque generic call there turned each body into a heap-allocated closure.
@usableFromInline
package final class Locked<State> {
    /// The lock; others may share it (a client's event subscriptions do).
    @usableFromInline package let lock: PlatformLock
    /// Guarded by `lock`, so the runtime's dynamic exclusivity check (a cost on every access
    /// of a class's stored property) would only repeat what the lock already ensures.
    @usableFromInline @exclusivity(unchecked) var state: State

    /// A value guarded by `lock` (a new lock by default).
    @inlinable
    package init(_ state: State, lock: PlatformLock = PlatformLock()) {
        self.state = state
        self.lock = lock
    }

    /// Runs `body` with exclusive access to the state.
    @inlinable @inline(__always)
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}

/// The lock makes every access to the value exclusive, and the value is `Sendable`, so whatever
/// leaves ``Locked/withLock(_:)`` may cross threads too.
extension Locked: @unchecked Sendable where State: Sendable {}
