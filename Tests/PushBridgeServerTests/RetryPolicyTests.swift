import Testing

@testable import PushBridgeServer

/// The backoff's arithmetic, `Retry-After`, and the rate-limit gate: no clock, no waiting.
@Suite struct RetryPolicyTests {
    @Test func backoffDoublesUnderItsCeilingWithFullJitter() {
        let policy = RetryPolicy(maxAttempts: 6, baseDelay: 0.5, maxDelay: 4, budget: 60)
        #expect(policy.delay(afterAttempt: 1, serverDelay: nil, random: 1) == 0.5)
        #expect(policy.delay(afterAttempt: 2, serverDelay: nil, random: 1) == 1)
        #expect(policy.delay(afterAttempt: 4, serverDelay: nil, random: 1) == 4)
        #expect(policy.delay(afterAttempt: 5, serverDelay: nil, random: 1) == 4)  // capped
        #expect(policy.delay(afterAttempt: 3, serverDelay: nil, random: 0.25) == 0.5)  // a random point below the ceiling
        #expect(policy.delay(afterAttempt: 1, serverDelay: 30, random: 0.1) == 30)  // never sooner than the server says
    }

    @Test(arguments: [("120", 120.0), (" 5 ", 5.0), ("0", 0.0)] as [(String, Double)])
    func retryAfterInSeconds(text: String, seconds: Double) {
        #expect(RetryPolicy.seconds(retryAfter: text) == seconds)
    }

    @Test(arguments: [nil, "", "-1", "Wed, 21 Oct 2026 07:28:00 GMT", "inf"] as [String?])
    func retryAfterThatIsNotSecondsIsIgnored(text: String?) {
        #expect(RetryPolicy.seconds(retryAfter: text) == nil)
    }

    @Test func theGateClosesWhenNoneAreLeftAndReopensAtTheReset() {
        let gate = RateLimitGate()
        #expect(gate.delay(at: 100) == 0)
        gate.record(remaining: 3, resetSeconds: 40, now: 100)
        #expect(gate.delay(at: 100) == 0)
        gate.record(remaining: 0, resetSeconds: 40, now: 100)
        #expect(gate.delay(at: 110) == 30)
        #expect(gate.delay(at: 140) == 0)
        #expect(gate.delay(at: 141) == 0)
    }
}
