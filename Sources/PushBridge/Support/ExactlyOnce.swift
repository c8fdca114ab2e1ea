import PushBridgeCore

/// Wraps a completion handler so that it runs exactly once, whoever calls it first and however
/// many times, from however many threads.
///
/// PushBridge wraps every completion handler iOS or a vendor SDK passes in; the app's answer and
/// the watchdog race to ``complete(_:)``, and only the first call reaches the system.
///
/// ```swift
/// let once = ExactlyOnce(completionHandler)
/// once.complete(.newData) // true: runs the handler
/// once.complete(.failed)  // false: ignored
/// ```
///
/// Inlinable: the adapters and VoIP's module complete handlers of their own types, which this module
/// cannot specialise for them.
@usableFromInline
package final class ExactlyOnce<Value: Sendable>: Sendable {
    @usableFromInline let state: Locked<(@Sendable (Value) -> Void)?>

    /// Wraps `handler`.
    @inlinable
    package init(_ handler: @escaping @Sendable (Value) -> Void) {
        state = Locked(handler)
    }

    /// Runs the handler with `value` if nothing has yet; returns whether this call did.
    @inlinable @discardableResult
    package func complete(_ value: Value) -> Bool {
        // Take the handler under the lock, call it outside: never call out while locked.
        guard
            let handler = state.withLock({ handler in
                defer { handler = nil }
                return handler
            })
        else { return false }
        handler(value)
        return true
    }

    /// Whether the handler has run.
    var isCompleted: Bool { state.withLock { $0 == nil } }
}
