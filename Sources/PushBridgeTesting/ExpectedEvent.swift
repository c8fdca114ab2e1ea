import PushBridge
import PushBridgeModel

/// The events `events.md` expects of a simulated scenario ("Expected events of a simulated
/// scenario"), computed from the scenario and its trace's outcome only — not from the calls —
/// so it checks the normaliser independently of its own rules.
///
/// ```swift
/// let result = try ScenarioSimulator.run(scenario)
/// #expect(result.events.map(ExpectedEvent.init) == ExpectedEvent.expected(for: scenario, trace: result.trace))
/// ```
public struct ExpectedEvent: Sendable, Hashable, CustomStringConvertible {
    /// The event's kind.
    public var kind: PushEvent.Kind
    /// Its origin, for `received` and `opened`.
    public var origin: PushOrigin?
    /// Its action, for `opened`.
    public var action: PushAction?

    /// An expectation from its parts.
    public init(_ kind: PushEvent.Kind, _ origin: PushOrigin? = nil, _ action: PushAction? = nil) {
        self.kind = kind
        self.origin = origin
        self.action = action
    }

    /// What `event` is, in these terms.
    public init(_ event: PushEvent) {
        kind = event.kind
        origin = event.origin
        if case .opened(let open) = event { action = open.action }
    }

    /// `kind(origin, action)`.
    public var description: String { "\(kind)(\(origin?.rawValue ?? "-"), \(action?.description ?? "-"))" }

    /// The events `events.md` expects of `scenario`, given what its trace displayed and delivered.
    public static func expected(for scenario: DispatchScenario, trace: DispatchTrace) -> [ExpectedEvent] {
        var events: [ExpectedEvent] = []
        let arrivalRan = !trace.arrivalCalls.isEmpty
        // Arrival: any call in the foreground → received(foreground); 3 in the background
        // (including after a background launch) → received(background).
        if arrivalRan {
            events.append(ExpectedEvent(.received, scenario.state == .foreground ? .foreground : .background))
        }
        // A background push iOS held (Background App Refresh off, Low Power Mode) reaches the app
        // when the user opens it: received(foreground).
        if scenario.user == .openAppIcon, trace.actionCalls.contains(where: { $0.callback == .didReceiveRemoteNotificationFetch }) {
            events.append(ExpectedEvent(.received, .foreground))
        }
        guard trace.actionDelivered == true else { return events }
        // A tap on a running app is foreground/background; on one that was not running,
        // coldStart — unless a push had already launched it into the background.
        let origin: PushOrigin =
            switch scenario.state {
            case .foreground: .foreground
            case .background: .background
            case .notRunning, .forceQuit: arrivalRan ? .background : .coldStart
            }
        switch scenario.user {
        case .tap: events.append(ExpectedEvent(.opened, origin, .default))
        case .action(let id, _), .textInput(let id, _, _): events.append(ExpectedEvent(.opened, origin, .custom(id)))
        case .dismiss: events.append(ExpectedEvent(.dismissed))
        case .none, .openAppIcon, .clearGroup: break
        }
        return events
    }
}
