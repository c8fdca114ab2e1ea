/// What a scenario produces: the dispatch model's trace and the events the app receives.
public struct SimulationResult: Sendable, Hashable {
    /// What the system displayed and the callbacks it made.
    public var trace: DispatchTrace
    /// The unified events, in order.
    public var events: [PushEvent]

    /// A result from its parts.
    public init(trace: DispatchTrace, events: [PushEvent]) {
        self.trace = trace
        self.events = events
    }
}

/// Runs a scenario end to end: the dispatch model decides the callbacks, and the real
/// ``PushEventNormalizer`` turns them into events — the same normaliser an app runs, not a second
/// copy of its rules.
///
/// ```swift
/// let result = try ScenarioSimulator.run(scenario)
/// print(result.events) // [opened(coldStart, default)]
/// ```
public enum ScenarioSimulator {
    /// Evaluates `scenario` and normalises its calls.
    ///
    /// - Throws: ``PushError`` when the scenario's payload cannot be read as a notification.
    public static func run(_ scenario: DispatchScenario) throws(PushError) -> SimulationResult {
        let trace = DispatchModel.trace(for: scenario)
        let notification = try PushNotification(
            payload: scenario.notification.payload, identifier: scenario.notification.id,
            source: scenario.notification.source)
        var normalizer = PushEventNormalizer()
        var events: [PushEvent] = []
        for call in trace.calls {
            normalizer.consume(CallbackInvocation(call, notification: notification)) { events.append($0) }
        }
        normalizer.flush { events.append($0) }
        return SimulationResult(trace: trace, events: events)
    }
}
