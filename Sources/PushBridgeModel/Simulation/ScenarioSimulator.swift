import PushBridge
import PushBridgeValidation

/// What a scenario produces: the dispatch model's trace, the calls the app saw, and the events.
public struct SimulationResult: Sendable, Equatable {
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
    /// The scenario's `apns-push-type`, when it gave one: the trace then says who handles it.
    public var pushType: PayloadValidator.PushType?

    /// The events as the trace shows them: a notification's named by `notificationID` (an
    /// event whose payload has a provider message ID keeps it). The same for every provider.
    public var namedEvents: [PushEvent] {
        events.map { $0.named { _ in notificationID } }
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
/// adapter (or plain iOS) hand them to the app, and a real `PushClient` turns them into events
/// — the pipeline an app runs, not a second copy of it.
///
/// Each call is handed what iOS hands that path (``DeliveryHandover``): `userInfo` only to the
/// launch and methods 2 and 3, a request identifier new for the delivery to 4 and 5. Calls of
/// one phase come a millisecond apart; the user acts `userReactionTime` after the arrival. The
/// client reads the simulated time, and its deadlines run when that time passes them.
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
    /// - Throws: `PushError` when the scenario's payload cannot be read as a notification, or
    ///   its notification travels on a channel `provider` does not have.
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
    /// - Throws: as `run(_:provider:)`.
    public static func runRepeatedly(
        _ scenario: DispatchScenario, times: Int, secondsApart: Double = 60, provider: any ProviderSimulator = SystemSimulator()
    ) throws(PushError) -> [SimulationResult] {
        let channel = try providerChannel(of: scenario, on: provider.definition)
        let trace = DispatchModel.trace(for: scenario, channel: channel)
        let session = try provider.makeSession(scenario: scenario)
        let scheduler = SimulationScheduler()
        let client = PushClient(provider: session.provider, scheduler: scheduler)
        let tap = client.eventDrain()
        // Work the client scheduled and the simulation never reached holds the client: drop it.
        defer { scheduler.cancelAll() }
        let diagnostics = Locked([PushDiagnostic]())
        client.setDiagnosticHandler { diagnostic in diagnostics.withLock { $0.append(diagnostic) } }
        // The notification-center delegate as the scenario sets it: before launch ends, after
        // the launch call, or never.
        if scenario.centerDelegate == .beforeLaunchEnds { client.notificationCenterDelegateSet() }

        var results: [SimulationResult] = []
        for delivery in 0..<max(1, times) {
            let handover = try deliveredHandover(scenario)
            var calls: [TraceCall] = []
            var clock = SimulationClock(start: Double(delivery) * secondsApart)
            var covered = false
            for step in trace.steps {
                switch step {
                case .call(let call):
                    scheduler.advance(to: clock.time(of: call.phase))
                    // The user pulls system UI down over the app before acting: the app resigns active.
                    if call.phase == .action, scenario.overlay != .none, !covered {
                        covered = true
                        client.applicationWillResignActive()
                    }
                    calls += session.replay(
                        call, notification: call.carriesNotification ? handover?.notification(for: call.callback) : nil, to: client)
                    if call.callback == .didFinishLaunching, scenario.centerDelegate == .afterLaunch { client.notificationCenterDelegateSet() }
                case .message(let delivery):
                    scheduler.advance(to: clock.time(of: delivery.phase))
                    calls += try session.replay(delivery, message: scenario.notification.payload)
                }
            }
            client.settle()
            let events = tap.take()
            let reported = diagnostics.withLock { reported in
                defer { reported = [] }
                return reported
            }
            let name = scenario.notification.id ?? NotificationIdentity.payloadHash(handover?.payload ?? scenario.notification.payload)
            var result = SimulationResult(trace: trace, calls: calls, events: events, diagnostics: reported, notificationID: name)
            result.pushType = scenario.pushType
            results.append(result)
        }
        return results
    }

    /// The provider channel the scenario's notification travels on, checked against the
    /// provider's definition (its message read as the SDK would hand it over), or `nil` for iOS's.
    static func providerChannel(of scenario: DispatchScenario, on definition: any PushProviderDefinition) throws(PushError) -> ProviderChannel? {
        let note = scenario.notification
        guard let owner = note.source.channel else { return nil }
        guard owner == definition.id, let channel = definition.channel(note.source) else {
            throw PushError(
                .invalidScenario, field: "notification.source",
                "\(note.source) travels on \(owner)'s own channel: simulate it with --provider \(owner)")
        }
        do {
            _ = try definition.readMessage(note.payload, channel: note.source, offline: false, field: "notification.payload")
        } catch {
            throw PushError(.invalidScenario, field: error.field, error.message)
        }
        if note.apnsCopy != nil, !channel.sendsAPNsCopy {
            throw PushError(.invalidScenario, field: "notification.apnsCopy", "\(note.source) has no APNs copy (\(owner) sends none)")
        }
        return channel
    }

    /// What iOS's calls carry: the scenario's notification, or a provider message's APNs copy.
    /// A local notification's request identifier is the scenario's `id` (the app's own); a remote
    /// one's is new for the delivery.
    static func deliveredHandover(_ scenario: DispatchScenario) throws(PushError) -> DeliveryHandover? {
        let note = scenario.notification
        if note.source == .local {
            return try DeliveryHandover(payload: note.payload, source: .local, requestIdentifier: note.id)
        }
        if note.source.isProviderChannel {
            guard let copy = note.apnsCopy else { return nil }
            return try DeliveryHandover(payload: copy, source: .remote)
        }
        return try DeliveryHandover(payload: note.payload, source: .remote)
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
