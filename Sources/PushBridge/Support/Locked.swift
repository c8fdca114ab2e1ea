/// A value guarded by a lock: the one `@unchecked Sendable` box PushBridge's runtime types share.
///
/// Never call out to app code or `await` inside ``withLock(_:)``.
package final class Locked<State>: @unchecked Sendable {
    private let lock = PlatformLock()
    /// Guarded by `lock`, so the runtime's dynamic exclusivity check (a cost on every access
    /// of a class's stored property) would only repeat what the lock already ensures.
    @exclusivity(unchecked) private var state: State

    package init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with exclusive access to the state.
    @inline(__always)
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
