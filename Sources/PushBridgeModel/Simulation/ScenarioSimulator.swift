import PushBridge

/// What a scenario produces: the dispatch model's trace, the calls the app saw, and the events.
public struct SimulationResult: Sendable, Hashable {
    /// What the system displayed and the callbacks it made.
    public var trace: DispatchTrace
    /// The callbacks as the app saw them (a provider SDK's names through its adapter).
    public var calls: [TraceCall]
    /// The unified events, in order, as the app received them: their `id` is what PushBridge
    /// could know on a device (see ``DeliveryHandover``), not the scenario's.
    public var events: [PushEvent]
    /// What the normaliser reported while deciding (cases it could not tell apart).
    public var diagnostics: [PushDiagnostic]
    /// The name the trace gives the scenario's notification: its `id`, or the payload's
    /// identity when it has none. The trace's JSON shows it as the `id` of the notification's
    /// events (an event whose payload has a provider message ID shows that ID instead).
    public var notificationID: String

    /// The events as the trace shows them: a notification's named by ``notificationID`` (an
    /// event whose payload has a provider message ID keeps it). The same for every provider.
    public var namedEvents: [PushEvent] {
        events.map { event in
            switch event {
            case .received(var arrival) where arrival.notification.providerMessageID == nil:
                arrival.notification = arrival.notification.identified(as: notificationID)
                return .received(arrival)
            case .opened(var open) where open.notification.providerMessageID == nil:
                open.notification = open.notification.identified(as: notificationID)
                return .opened(open)
            case .dismissed(var dismissal) where dismissal.notification.providerMessageID == nil:
                dismissal.notification = dismissal.notification.identified(as: notificationID)
                return .dismissed(dismissal)
            default:
                return event
            }
        }
    }

    /// A result from its parts.
    public init(trace: DispatchTrace, calls: [TraceCall], events: [PushEvent], diagnostics: [PushDiagnostic] = [], notificationID: String = "") {
        self.trace = trace
        self.calls = calls
        self.events = events
        self.diagnostics = diagnostics
        self.notificationID = notificationID
    }
}

/// Runs a scenario end to end: the dispatch model decides the callbacks, a provider's SDK and
/// adapter (or plain iOS) hand them to the app, and the real ``PushEventNormalizer`` turns them
/// into events — the same normaliser an app runs, not a second copy of its rules.
///
/// Each call is handed what iOS hands that path (``DeliveryHandover``): `userInfo` only to the
/// launch and methods 2 and 3, a request identifier new for the delivery to 4 and 5. Calls of
/// one phase come a millisecond apart; the user acts ``userReactionTime`` after the arrival.
///
/// ```swift
/// let result = try ScenarioSimulator.run(scenario)
/// print(result.events) // [opened(coldStart, default)]
/// ```
public enum ScenarioSimulator {
    /// How long after the arrival the simulated user acts: 5 seconds.
    public static let userReactionTime = 5.0

    /// Evaluates `scenario` and runs its calls through `provider`'s simulation.
    ///
    /// - Throws: ``PushError`` when the scenario's payload cannot be read as a notification, or
    ///   its notification travels on another provider's channel.
    public static func run(_ scenario: DispatchScenario, provider: any ProviderSimulator = SystemSimulator()) throws(PushError) -> SimulationResult {
        let results = try runRepeatedly(scenario, times: 1, provider: provider)
        return results[0]
    }

    /// Delivers the scenario's notification `times` times to one app process, `secondsApart`
    /// seconds apart (the user acting on each as the scenario says), each delivery handed over
    /// as iOS hands it (a new request identifier each time, the same `userInfo`): one result per
    /// delivery, whose events are those the client emitted for it. Pending decisions are settled
    /// between deliveries, as the client's deadlines settle them on a device.
    ///
    /// - Throws: as ``run(_:provider:)``.
    public static func runRepeatedly(
        _ scenario: DispatchScenario, times: Int, secondsApart: Double = 60, provider: any ProviderSimulator = SystemSimulator()
    ) throws(PushError) -> [SimulationResult] {
        let source = scenario.notification.source
        if let channel = source.channel, channel != provider.kind {
            throw PushError(
                .invalidScenario, field: "notification.source",
                "\(source) travels on \(channel)'s own channel: simulate it with --provider \(channel)")
        }
        let trace = DispatchModel.trace(for: scenario)
        let collected = Locked((normalizer: PushEventNormalizer(), events: [PushEvent](), now: 0.0))
        let sink = PushEventSink(
            invocation: { invocation, completion in
                collected.withLock { state in state.normalizer.consume(invocation, at: state.now) { state.events.append($0) } }
                completion?.completeWithDefault()
            },
            message: { message in
                collected.withLock { state in state.normalizer.consume(message: message) { state.events.append($0) } }
            },
            event: { event in collected.withLock { $0.events.append(event) } })
        let session = try provider.makeSession(sink: sink, scenario: scenario)

        var results: [SimulationResult] = []
        for delivery in 0..<max(1, times) {
            let handover = try deliveredHandover(scenario)
            var calls: [TraceCall] = []
            var clock = SimulationClock(start: Double(delivery) * secondsApart)
            for step in trace.steps {
                switch step {
                case .call(let call):
                    let now = clock.time(of: call.phase)
                    collected.withLock { $0.now = now }
                    calls += session.replay(call, notification: call.carriesNotification ? handover?.notification(for: call.callback) : nil)
                case .message(let delivery):
                    let now = clock.time(of: delivery.phase)
                    collected.withLock { $0.now = now }
                    calls += try session.replay(delivery, message: scenario.notification.payload)
                }
            }
            let (events, diagnostics) = collected.withLock { state in
                state.normalizer.flush { state.events.append($0) }
                defer { state.events = [] }
                return (state.events, state.normalizer.takeDiagnostics())
            }
            let name = scenario.notification.id ?? NotificationIdentity.payloadHash(handover?.payload ?? scenario.notification.payload)
            results.append(SimulationResult(trace: trace, calls: calls, events: events, diagnostics: diagnostics, notificationID: name))
        }
        return results
    }

    /// What iOS's calls carry: the scenario's notification, or a passthrough's APNs copy. A local
    /// notification's request identifier is the scenario's `id` (the app's own); a remote one's
    /// is new for the delivery.
    static func deliveredHandover(_ scenario: DispatchScenario) throws(PushError) -> DeliveryHandover? {
        let note = scenario.notification
        switch note.source {
        case .remote:
            return try DeliveryHandover(payload: note.payload, source: .remote)
        case .local:
            return try DeliveryHandover(payload: note.payload, source: .local, requestIdentifier: note.id)
        case .jpushCustomMessage, .getuiPassthrough:
            guard let copy = note.apnsCopy else { return nil }
            return try DeliveryHandover(payload: copy, source: .remote)
        }
    }
}

/// The simulated time of a scenario's calls: a millisecond apart within a phase *(inference: no
/// source measures the delay between the calls of one delivery, such as a 3 and its 4)*, the
/// action phase ``ScenarioSimulator/userReactionTime`` after the arrival.
struct SimulationClock {
    private var now: Double
    private var phase: SystemCall.Phase = .arrival

    init(start: Double = 0) {
        now = start
    }

    mutating func time(of next: SystemCall.Phase) -> Double {
        if next != phase {
            phase = next
            now += ScenarioSimulator.userReactionTime
        } else {
            now += 0.001
        }
        return now
    }
}
