import PushBridgeCore

/// A provider's rate limit, read from its answers and honoured before the next request: when an
/// answer says none are left in the window (JPush's `X-Rate-Limit-Remaining: 0`), every request
/// waits for the window to reset (`X-Rate-Limit-Reset`, in seconds) instead of being refused
/// with 429.
package final class RateLimitGate: Sendable {
    private let reopensAt = Locked<Double?>(nil)

    package init() {}

    /// Records what an answer at `now` said of the window.
    package func record(remaining: Int?, resetSeconds: Double?, now: Double) {
        guard let remaining, let resetSeconds else { return }
        reopensAt.withLock { $0 = remaining <= 0 ? now + resetSeconds : nil }
    }

    /// How long a request at `now` must wait: 0 while the window has requests left.
    package func delay(at now: Double) -> Double {
        reopensAt.withLock { value in
            guard let reopens = value else { return 0 }
            if now >= reopens {
                value = nil
                return 0
            }
            return reopens - now
        }
    }
}
