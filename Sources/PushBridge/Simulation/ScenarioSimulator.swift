/// What a scenario produces: the dispatch model's trace, the calls the app saw, and the events.
public struct SimulationResult: Sendable, Hashable {
    /// What the system displayed and the callbacks it made.
    public var trace: DispatchTrace
    /// The callbacks as the app saw them (a provider SDK's names through its adapter).
    public var calls: [TraceCall]
    /// The unified events, in order.
    public var events: [PushEvent]

    /// A result from its parts.
    public init(trace: DispatchTrace, calls: [TraceCall], events: [PushEvent]) {
        self.trace = trace
        self.calls = calls
        self.events = events
    }
}

/// Runs a scenario end to end: the dispatch model decides the callbacks, a provider's SDK and
/// adapter (or plain iOS) hand them to the app, and the real ``PushEventNormalizer`` turns them
/// into events — the same normaliser an app runs, not a second copy of its rules.
///
/// ```swift
/// let result = try ScenarioSimulator.run(scenario)
/// print(result.events) // [opened(coldStart, default)]
/// ```
public enum ScenarioSimulator {
    /// Evaluates `scenario` and runs its calls through `provider`'s simulation.
    ///
    /// - Throws: ``PushError`` when the scenario's payload cannot be read as a notification, or
    ///   its notification travels on another provider's channel.
    public static func run(_ scenario: DispatchScenario, provider: any ProviderSimulator = SystemSimulator()) throws(PushError) -> SimulationResult {
        let source = scenario.notification.source
        if let channel = source.channel, channel != provider.kind {
            throw PushError(
                .invalidScenario, field: "notification.source",
                "\(source) travels on \(channel)'s own channel: simulate it with --provider \(channel)")
        }
        let trace = DispatchModel.trace(for: scenario)
        let notification = try deliveredNotification(scenario)

        let collected = Locked((normalizer: PushEventNormalizer(), events: [PushEvent]()))
        let sink = PushEventSink(
            invocation: { invocation, completion in
                collected.withLock { state in state.normalizer.consume(invocation) { state.events.append($0) } }
                completion?.completeWithDefault()
            },
            message: { message in
                collected.withLock { state in state.normalizer.consume(message: message) { state.events.append($0) } }
            },
            event: { event in collected.withLock { $0.events.append(event) } })
        let session = try provider.makeSession(sink: sink, scenario: scenario)

        var calls: [TraceCall] = []
        for step in trace.steps {
            switch step {
            case .call(let call): calls += session.replay(call, notification: notification)
            case .message(let delivery): calls += try session.replay(delivery, message: scenario.notification.payload)
            }
        }
        let events = collected.withLock { state in
            state.normalizer.flush { state.events.append($0) }
            return state.events
        }
        return SimulationResult(trace: trace, calls: calls, events: events)
    }

    /// The notification iOS's calls carry: the scenario's own, or a passthrough's APNs copy.
    private static func deliveredNotification(_ scenario: DispatchScenario) throws(PushError) -> PushNotification? {
        let note = scenario.notification
        switch note.source {
        case .remote, .local:
            return try PushNotification(payload: note.payload, identifier: note.id, source: note.source)
        case .jpushCustomMessage, .getuiPassthrough:
            guard let copy = note.apnsCopy else { return nil }
            return try PushNotification(payload: copy, identifier: note.id, source: .remote)
        }
    }
}
