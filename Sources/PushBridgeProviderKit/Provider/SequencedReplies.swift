import PushBridgeCore

/// Matches a provider SDK's asynchronous results to the requests that asked for them, by
/// sequence number, resuming each waiting request exactly once: with the SDK's answer, or with a
/// `PushError.Code.timeout` error from a watchdog if the SDK never answers.
///
/// JPush's alias and tag completions carry the `seq` they were sent with; Getui's results come
/// back through delegate methods with a `sequenceNum`. Adapters share this one mechanism.
///
/// Made `oneAtATime`, requests go out one after another, each when the one before it was
/// answered (or timed out), in the order they were made: JPush refuses a second alias request
/// while one waits for its answer (6022) and likewise for tags (6021) ("wait for the callback, or
/// 20 s", docs.jiguang.cn/jpush/client/iOS/ios_code), so the adapter never sends one.
///
/// ```swift
/// let replies = SequencedReplies<AliasRequest.Outcome>(scheduler: scheduler, timeout: 30, operation: "setAlias")
/// let result = try await replies.send { seq in bridge.setAlias(alias, seq: seq) { code, value, seq in
///     replies.resolve(seq, code == 0 ? .success(…) : .failure(…))
/// } }
/// ```
package final class SequencedReplies<Value: Sendable>: Sendable {
    private let scheduler: any PushScheduler
    private let timeout: Double
    private let operation: String
    /// A request waiting for its reply: what resumes it, and the watchdog that times it out (a
    /// tuple: a struct here needed generic metadata and value witnesses of its own).
    private typealias Waiting = (continuation: CheckedContinuation<Result<Value, PushError>, Never>, watchdog: ScheduledWork?)

    private let state = Locked<(next: Int, waiting: [Int: Waiting])>((1, [:]))
    private let oneAtATime: Bool
    /// Whether a request is out, and the requests waiting for their turn, in order.
    private let turns = Locked<(busy: Bool, queue: [CheckedContinuation<Void, Never>])>((false, []))

    /// Replies timing out after `timeout` seconds on `scheduler`; `operation` names them in errors.
    ///
    /// - Parameters:
    ///   - scheduler: Time, for the watchdogs.
    ///   - timeout: How long a request waits for its reply, in seconds.
    ///   - operation: What the requests are (`alias`), the field of a timeout's error.
    ///   - oneAtATime: Whether a request waits until the one before it was answered.
    package init(scheduler: any PushScheduler, timeout: Double = 30, operation: String, oneAtATime: Bool = false) {
        self.scheduler = scheduler
        self.timeout = timeout
        self.operation = operation
        self.oneAtATime = oneAtATime
    }

    /// How many requests wait for their turn to be sent (always 0 unless `oneAtATime`).
    package var queuedCount: Int { turns.withLock { $0.queue.count } }

    /// Sends a request with a fresh sequence number and waits for its reply (or the timeout);
    /// made `oneAtATime`, first waits until no other request is out.
    package func send(_ request: @Sendable (Int) -> Void) async throws(PushError) -> Value {
        guard oneAtATime else { return try await sendNow(request) }
        await takeTurn()
        defer { passTurn() }
        return try await sendNow(request)
    }

    /// Waits until no request is out, then marks one out.
    private func takeTurn() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let goNow = turns.withLock { turns -> Bool in
                guard turns.busy else {
                    turns.busy = true
                    return true
                }
                turns.queue.append(continuation)
                return false
            }
            if goNow { continuation.resume() }
        }
    }

    /// Hands the turn to the next request waiting, or marks none out.
    private func passTurn() {
        let next = turns.withLock { turns -> CheckedContinuation<Void, Never>? in
            guard !turns.queue.isEmpty else {
                turns.busy = false
                return nil
            }
            return turns.queue.removeFirst()
        }
        next?.resume()
    }

    private func sendNow(_ request: @Sendable (Int) -> Void) async throws(PushError) -> Value {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, PushError>, Never>) in
            let sequence = state.withLock { state -> Int in
                let sequence = state.next
                state.next = state.next == Int.max ? 1 : state.next + 1
                state.waiting[sequence] = (continuation, nil)
                return sequence
            }
            let operation = self.operation
            let timeout = self.timeout
            let watchdog = scheduler.schedule(after: timeout) { [weak self] in
                self?.resolve(sequence, .failure(PushError(.timeout, field: operation, "no answer within \(timeout) seconds (sequence \(sequence))")))
            }
            state.withLock { $0.waiting[sequence]?.watchdog = watchdog }
            request(sequence)
        }
        // A switch, not `result.get()`, which throws `any Error` before Swift 6's standard
        // library (the iOS 17.4 SDK's is Swift 5.10's).
        switch result {
        case .success(let reply): return reply
        case .failure(let error): throw error
        }
    }

    /// Delivers the reply to request `sequence`; returns `false` when nothing waits for it (an
    /// unknown, repeated or timed-out sequence number), so a reply is never delivered twice.
    @discardableResult
    package func resolve(_ sequence: Int, _ result: Result<Value, PushError>) -> Bool {
        guard let waiting = state.withLock({ $0.waiting.removeValue(forKey: sequence) }) else { return false }
        waiting.watchdog?.cancel()
        waiting.continuation.resume(returning: result)
        return true
    }
}
