import PushBridgeCore

/// Joins several completion handlers into one that calls the system's exactly once, after all of
/// them answered — for a response forwarded both to PushBridge and to another SDK's delegate.
///
/// ```swift
/// let join = CompletionJoin(parts: 2) { systemCompletion() }
/// client.callbacks.handle(response, completion: .response { join.partDone() })
/// otherDelegate.userNotificationCenter(center, didReceive: response) { join.partDone() }
/// ```
package final class CompletionJoin: Sendable {
    private let remaining: Locked<Int>
    private let once: ExactlyOnce<Void>

    /// A join waiting for `parts` answers before calling `completion` (at once when `parts` ≤ 0).
    package init(parts: Int, completion: @escaping @Sendable () -> Void) {
        remaining = Locked(max(0, parts))
        once = ExactlyOnce { _ in completion() }
        if parts <= 0 { once.complete(()) }
    }

    /// One part answered; the last one calls the completion. Extra calls are ignored.
    package func partDone() {
        let done = remaining.withLock { count -> Bool in
            guard count > 0 else { return false }
            count -= 1
            return count == 0
        }
        if done { once.complete(()) }
    }
}
