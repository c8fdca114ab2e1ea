/// What waits between retries: `Task.sleep` by default; a test passes one that records the
/// delays and returns at once.
public protocol PushSleeper: Sendable {
    /// Waits `seconds`.
    func sleep(seconds: Double) async
}

/// Waits with `Task.sleep`.
public struct TaskSleeper: PushSleeper {
    /// A sleeper.
    public init() {}

    /// Waits `seconds` (returns early if the task is cancelled).
    public func sleep(seconds: Double) async {
        guard seconds > 0 else { return }
        try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
    }
}
