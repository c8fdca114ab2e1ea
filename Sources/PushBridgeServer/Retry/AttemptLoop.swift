import PushBridgeCore

/// What one response means.
package enum AttemptStep<Value: Sendable>: Sendable {
    /// Final: the value the request was for.
    case done(Value)
    /// Try again after the policy's backoff, and no sooner than `after` seconds.
    case retry(PushRejection, after: Double?)
    /// The credentials expired or were refused as stale: make new ones and try again now.
    case reauthenticate(PushRejection)
}

/// What a response means for the targets its request carried: one outcome per target, in the
/// request's order, or one for all of them.
package typealias AttemptVerdict = AttemptStep<[PushSendResult.Outcome]>

/// Sends one request with retries: the loop every sender shares.
///
/// A request is rebuilt for each attempt (a fresh credential, the same idempotency key). A
/// transport error is retried, as is every step that says so, until the policy's attempts or
/// its budget of waiting run out; the last rejection is then the failure.
package struct AttemptLoop: Sendable {
    package let transport: any PushHTTPTransport
    package let policy: RetryPolicy
    package let sleeper: any PushSleeper
    package let random: @Sendable () -> Double

    package init(transport: any PushHTTPTransport, policy: RetryPolicy, sleeper: any PushSleeper, random: @escaping @Sendable () -> Double) {
        self.transport = transport
        self.policy = policy
        self.sleeper = sleeper
        self.random = random
    }

    /// How attempts ended without a value.
    package enum Failure: Error, Sendable {
        /// Refused for good (new credentials were refused too).
        case rejected(PushRejection)
        /// Out of attempts or of budget: the last reason.
        case failed(PushRejection)
    }

    /// Runs the attempts; `build(refresh)` makes the request (`refresh` after a
    /// `reauthenticate` step), `interpret` reads each response. Returns the value or the failure,
    /// and how many requests were made.
    package func attempt<Value: Sendable>(
        build: (_ refreshCredentials: Bool) async throws(PushError) -> PushHTTPRequest,
        interpret: (PushHTTPResponse) -> AttemptStep<Value>
    ) async -> (result: Result<Value, Failure>, attempts: Int) {
        var attempt = 0
        var waited = 0.0
        var refresh = false
        var reauthenticated = false
        while true {
            attempt += 1
            let request: PushHTTPRequest
            do {
                request = try await build(refresh)
            } catch {
                // No credential could be made: no other request of the send would fare better.
                return (.failure(.failed(PushRejection(status: 0, code: "credentials", message: error.message, stopsTheSend: true))), attempt)
            }
            refresh = false
            let rejection: PushRejection
            var serverDelay: Double?
            do {
                switch interpret(try await transport.send(request)) {
                case .done(let value):
                    return (.success(value), attempt)
                case .retry(let reason, let after):
                    rejection = reason
                    serverDelay = after
                case .reauthenticate(let reason):
                    // New credentials once, at once; a second refusal is final.
                    guard !reauthenticated, attempt < policy.maxAttempts else { return (.failure(.rejected(reason)), attempt) }
                    reauthenticated = true
                    refresh = true
                    continue
                }
            } catch {
                if error.kind == .untrustedServer {
                    // Every request to this server fails the same way: final, and it stops the send.
                    return (
                        .failure(.rejected(PushRejection(status: 0, code: error.kind.rawValue, message: error.message, stopsTheSend: true))), attempt
                    )
                }
                rejection = PushRejection(status: 0, code: error.kind.rawValue, message: error.message)
            }
            let delay = policy.delay(afterAttempt: attempt, serverDelay: serverDelay, random: random())
            guard attempt < policy.maxAttempts, waited + delay <= policy.budget else {
                // The provider's wait travels with the last refusal, for a caller that tries later.
                var last = rejection
                if last.retryAfter == nil { last.retryAfter = serverDelay }
                return (.failure(.failed(last)), attempt)
            }
            waited += delay
            await sleeper.sleep(seconds: delay)
        }
    }

    /// Runs the attempts for `targets`: one result per target.
    package func run(
        targets: [PushTarget],
        build: (_ refreshCredentials: Bool) async throws(PushError) -> PushHTTPRequest,
        interpret: (PushHTTPResponse) -> AttemptVerdict
    ) async -> [PushSendResult] {
        let (result, attempts) = await attempt(build: build, interpret: interpret)
        let outcomes: [PushSendResult.Outcome]
        switch result {
        case .success(let values) where values.isEmpty:
            // A reader that judged nothing: report it, never index an empty list.
            outcomes = [.rejected(PushRejection(status: 0, code: "unread", message: "the provider's answer named no outcome"))]
        case .success(let values): outcomes = values
        case .failure(.rejected(let rejection)): outcomes = [.rejected(rejection)]
        case .failure(.failed(let rejection)): outcomes = [.failed(rejection)]
        }
        return zip(targets.indices, targets).map { index, target in
            // One outcome for all the targets, or one each (a target the answer did not name takes the first).
            PushSendResult(target: target, outcome: index < outcomes.count ? outcomes[index] : outcomes[0], attempts: attempts)
        }
    }
}
