/// Matches a provider SDK's asynchronous results to the requests that asked for them, by
/// sequence number, resuming each waiting request exactly once: with the SDK's answer, or with a
/// ``PushError/Code/timeout`` error from a watchdog if the SDK never answers.
///
/// JPush's alias and tag completions carry the `seq` they were sent with; Getui's results come
/// back through delegate methods with a `sequenceNum`. Adapters share this one mechanism.
///
/// ```swift
/// let replies = SequencedReplies<AliasResult>(scheduler: scheduler, timeout: 30, operation: "setAlias")
/// let result = try await replies.send { seq in bridge.setAlias(alias, seq: seq) { code, value, seq in
///     replies.resolve(seq, code == 0 ? .success(…) : .failure(…))
/// } }
/// ```
public final class SequencedReplies<Value: Sendable>: Sendable {
    private let scheduler: any PushScheduler
    private let timeout: Double
    private let operation: String
    private struct Waiting {
        var continuation: CheckedContinuation<Result<Value, PushError>, Never>
        var watchdog: ScheduledWork?
    }

    private let state = Locked<(next: Int, waiting: [Int: Waiting])>((1, [:]))

    /// Replies timing out after `timeout` seconds on `scheduler`; `operation` names them in errors.
    public init(scheduler: any PushScheduler, timeout: Double = 30, operation: String) {
        self.scheduler = scheduler
        self.timeout = timeout
        self.operation = operation
    }

    /// How many requests are waiting for their reply.
    public var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// Sends a request with a fresh sequence number and waits for its reply (or the timeout).
    public func send(_ request: @Sendable (Int) -> Void) async throws(PushError) -> Value {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, PushError>, Never>) in
            let sequence = state.withLock { state -> Int in
                let sequence = state.next
                state.next = state.next == Int.max ? 1 : state.next + 1
                state.waiting[sequence] = Waiting(continuation: continuation)
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
        return try result.get()
    }

    /// Delivers the reply to request `sequence`; returns `false` when nothing waits for it (an
    /// unknown, repeated or timed-out sequence number), so a reply is never delivered twice.
    @discardableResult
    public func resolve(_ sequence: Int, _ result: Result<Value, PushError>) -> Bool {
        guard let waiting = state.withLock({ $0.waiting.removeValue(forKey: sequence) }) else { return false }
        waiting.watchdog?.cancel()
        waiting.continuation.resume(returning: result)
        return true
    }
}
