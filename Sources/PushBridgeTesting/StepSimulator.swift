import PushBridge
import PushBridgeModel
import PushBridgeValidation

/// Runs a scenario that has `steps` on a ``SimulatedDevice``: the app is brought to the
/// scenario's `state`, its notification arrives and the user acts on it as `user` says; then each
/// step happens in order — the app changes state, more notifications arrive, the user acts on an
/// earlier one (in whatever state the app is in then).
///
/// Each app process has its own client, as on a device (a kill loses what a kill loses). What
/// the app saw is reported step by step: step 0 is the scenario's own notification and its
/// `user`, step *n* the *n*-th of `steps`. Bringing the app to its starting state (a launch from
/// the icon) is setup, not part of the result.
///
/// ```swift
/// let scenario = try DispatchScenario(json: json)   // with "steps": [{"app": "foreground"}, {"user": "tap"}]
/// let result = try StepSimulator.run(scenario)
/// print(result.jsonValue)
/// ```
public enum StepSimulator {
    /// One callback the app saw, with the step that caused it.
    public struct StepCall: Sendable, Hashable {
        /// 0 for the scenario's own notification and `user`, then 1, 2, … for each step.
        public var step: Int
        /// The callback as the app saw it (a provider SDK's name through its adapter).
        public var call: TraceCall
    }

    /// One notification that arrived, and what the system showed.
    public struct Arrival: Sendable, Hashable {
        /// Its scenario `id`, or the identity derived from its payload.
        public var id: String
        /// What the system showed.
        public var display: NotificationDisplay
    }

    /// What a run produced.
    public struct Result: Sendable {
        /// The dispatch model's trace for the scenario's own notification and `user`, in the
        /// scenario's starting state.
        public var trace: DispatchTrace
        /// Every callback the app saw, in order, across launches.
        public var calls: [StepCall]
        /// Every event the app's clients emitted, in order, across launches.
        public var events: [PushEvent]
        /// Each notification that arrived, in order.
        public var arrivals: [Arrival]
        /// What the clients reported while deciding.
        public var diagnostics: [PushDiagnostic]
        /// The scenario's `apns-push-type`, when it gave one: the trace then says who handles it.
        public var pushType: PayloadValidator.PushType?

        /// The result as `pushbridge simulate` writes it for a scenario with `steps`: the trace's
        /// outcome for the first notification (`DispatchTrace.outcomeJSON(pushType:)`), then `calls` (each with its `step`), `events`, `notifications` (`id`,
        /// `display`) and `diagnostics` when there are any.
        public var jsonValue: JSONValue {
            var object = trace.outcomeJSON(pushType: pushType)
            object["calls"] = .array(
                calls.map { stepCall in
                    guard case .object(var call) = stepCall.call.jsonValue else { return stepCall.call.jsonValue }
                    call["step"] = .integer(Int64(stepCall.step))
                    return .object(call)
                })
            object["events"] = .array(events.map(\.jsonValue))
            object["notifications"] = .array(arrivals.map { .object(["id": .string($0.id), "display": .string($0.display.rawValue)]) })
            if !diagnostics.isEmpty {
                object["diagnostics"] = .array(diagnostics.map { .object(["code": .string($0.code.rawValue), "message": .string($0.message)]) })
            }
            return .object(object)
        }
    }

    /// Runs `scenario` and its steps through `provider`'s simulation.
    ///
    /// - Throws: `PushError` (`invalidScenario`) when a step acts on a notification that never
    ///   arrived (naming the step), or a notification cannot be read.
    public static func run(_ scenario: DispatchScenario, provider: any ProviderSimulator = SystemSimulator()) throws(PushError) -> Result {
        let taps = Locked([PushEventDrain]())
        let reported = Locked([PushDiagnostic]())
        let device = SimulatedDevice(
            ios: scenario.ios,
            app: SimulatedApp(
                implements: scenario.implements, centerDelegate: scenario.centerDelegate, backgroundModes: scenario.backgroundModes,
                customDismissAction: scenario.customDismissAction, presentation: scenario.presentation, lifecycle: scenario.lifecycle,
                serviceExtension: scenario.serviceExtension),
            settings: scenario.settings, disputed: scenario.disputed, provider: provider
        ) { client in
            taps.withLock { $0.append(client.eventDrain()) }
            client.setDiagnosticHandler { diagnostic in reported.withLock { $0.append(diagnostic) } }
        }

        // Setup: the app in its starting state. What it saw meanwhile is not the scenario's.
        switch scenario.state {
        case .foreground: device.openFromIcon()
        case .background:
            device.openFromIcon()
            device.sendToBackground()
        case .forceQuit: device.forceQuit()
        case .notRunning: break
        }
        device.client?.settle()
        var run = Run(device: device, taps: taps, reported: reported)
        run.discardSoFar()

        let first = try run.deliver(scenario.notification, pushType: scenario.pushType, step: 0)
        if scenario.user != .none { _ = try device.perform(scenario.user, on: first) }
        run.collect(step: 0)
        for (index, step) in scenario.steps.enumerated() {
            let number = index + 1
            switch step {
            case .app(let state):
                device.client?.settle()
                switch state {
                case .foreground: device.openFromIcon()
                case .background: device.sendToBackground()
                case .notRunning: device.terminate()
                case .forceQuit: device.forceQuit()
                }
            case .notification(let notification):
                _ = try run.deliver(notification, step: number)
            case .user(let action, let id):
                let target = try run.delivered(id, step: number)
                do {
                    _ = try device.perform(action, on: target)
                } catch {
                    throw PushError(
                        .invalidScenario, field: "steps[\(index)]",
                        "acts on \(id ?? "the last notification"), which is not displayed (already acted on, or never shown)")
                }
            }
            run.collect(step: number)
        }
        device.client?.settle()
        run.collect(step: scenario.steps.count)

        return Result(
            trace: DispatchModel.trace(for: scenario), calls: run.calls, events: run.events, arrivals: run.arrivals,
            diagnostics: run.diagnostics, pushType: scenario.pushType)
    }

    /// What a run has gathered so far.
    private struct Run {
        let device: SimulatedDevice
        let taps: Locked<[PushEventDrain]>
        let reported: Locked<[PushDiagnostic]>
        var seenCalls = 0
        var calls: [StepCall] = []
        var events: [PushEvent] = []
        var arrivals: [Arrival] = []
        var diagnostics: [PushDiagnostic] = []
        var delivered: [(id: String, notification: DeliveredNotification)] = []
        /// The payload iOS handed over for each notification, with its name.
        var payloads: [(payload: JSONObject, id: String)] = []

        init(device: SimulatedDevice, taps: Locked<[PushEventDrain]>, reported: Locked<[PushDiagnostic]>) {
            self.device = device
            self.taps = taps
            self.reported = reported
        }

        /// Forgets what the setup produced.
        mutating func discardSoFar() {
            seenCalls = device.calls.count
            for tap in taps.withLock({ $0 }) { _ = tap.take() }
            reported.withLock { $0 = [] }
        }

        mutating func deliver(
            _ notification: ScenarioNotification, pushType: PayloadValidator.PushType? = nil, step: Int
        ) throws(PushError) -> DeliveredNotification {
            let shown = try device.deliver(notification, pushType: pushType)
            let id = notification.id ?? NotificationIdentity.payloadHash(notification.apnsCopy ?? notification.payload)
            delivered.append((id, shown))
            payloads.append((notification.apnsCopy ?? notification.payload, id))
            arrivals.append(Arrival(id: id, display: shown.display))
            return shown
        }

        func delivered(_ id: String?, step: Int) throws(PushError) -> DeliveredNotification {
            let match = id.map { id in delivered.last { $0.id == id } } ?? delivered.last
            guard let match else {
                throw PushError(
                    .invalidScenario, field: "steps[\(step - 1)].on",
                    "\(id.map { JSONFieldReader.shown(.string($0)) } ?? "the last notification") never arrived (ids so far: \(delivered.map(\.id).joined(separator: ", ")))"
                )
            }
            return match.notification
        }

        /// An event named as the trace names it, unless its payload has a provider message ID: by
        /// the `id` of the notification whose request identifier it carries (methods 4 and 5 and a
        /// scene's connection carry one), else of the latest with its payload (the other paths
        /// carry the payload only).
        private func named(_ event: PushEvent) -> PushEvent {
            event.named { note in
                let byRequest = note.requestIdentifier.flatMap { request in delivered.last { $0.notification.requestIdentifier == request }?.id }
                return byRequest ?? payloads.last(where: { $0.payload == note.payload })?.id
            }
        }

        /// Takes what the app saw since the last step, as `step`'s.
        mutating func collect(step: Int) {
            let all = device.calls
            calls += all[seenCalls...].map { StepCall(step: step, call: $0) }
            seenCalls = all.count
            for tap in taps.withLock({ $0 }) { events += tap.take().map(named) }
            diagnostics += reported.withLock { reported in
                defer { reported = [] }
                return reported
            }
        }
    }
}
