import Foundation

/// When and how often a sender tries again: exponential backoff with full jitter, within a
/// budget of attempts and of total waiting, never sooner than the provider's `Retry-After` or
/// rate-limit reset says.
///
/// Full jitter (a random delay between 0 and the capped exponential) keeps many senders that
/// failed together from retrying together (AWS Architecture Blog, "Exponential Backoff And
/// Jitter", 2015).
public struct RetryPolicy: Sendable, Hashable {
    /// The most requests made for one target, the first included.
    public var maxAttempts: Int
    /// The first delay's ceiling, in seconds; each retry doubles it.
    public var baseDelay: Double
    /// The most any one delay may be, in seconds.
    public var maxDelay: Double
    /// The most all delays of one send may add up to, in seconds; a retry that would exceed it is
    /// not made.
    public var budget: Double

    /// A policy from its parts.
    public init(maxAttempts: Int = 4, baseDelay: Double = 0.5, maxDelay: Double = 30, budget: Double = 60) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = max(0, baseDelay)
        self.maxDelay = max(0, maxDelay)
        self.budget = max(0, budget)
    }

    /// Four attempts, 0.5 s doubling up to 30 s, 60 s in all.
    public static let standard = RetryPolicy()
    /// One attempt: never retry.
    public static let never = RetryPolicy(maxAttempts: 1)

    /// The delay before attempt `attempt + 1` (attempt 1 being the first request), in seconds:
    /// a random point of `0...min(maxDelay, baseDelay × 2^(attempt-1))`, raised to
    /// `serverDelay` (the provider's `Retry-After`) when that is later. `random` is in `0..<1`.
    public func delay(afterAttempt attempt: Int, serverDelay: Double?, random: Double) -> Double {
        let exponent = Double(1 << min(max(attempt - 1, 0), 30))
        let ceiling = min(maxDelay, baseDelay * exponent)
        let jittered = ceiling * min(max(random, 0), 1)
        return max(jittered, serverDelay ?? 0)
    }

    /// Reads `Retry-After` as seconds (`"120"`); an HTTP date or anything else is `nil`.
    public static func seconds(retryAfter value: String?) -> Double? {
        guard let value, let seconds = Double(value.trimmingCharacters(in: .whitespaces)), seconds >= 0, seconds.isFinite else { return nil }
        return seconds
    }
}
