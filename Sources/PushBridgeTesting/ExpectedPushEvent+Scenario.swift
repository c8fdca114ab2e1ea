import PushBridge
import PushBridgeModel

/// The events `docs/spec/events.md` expects of a simulated scenario ("Expected events of a simulated
/// scenario"), computed from the scenario and its trace's outcome only — not from the calls —
/// so it checks the normaliser independently of its own rules.
///
/// ```swift
/// let result = try ScenarioSimulator.run(scenario)
/// #expect(result.events.map(ExpectedPushEvent.init) == ExpectedPushEvent.expected(for: scenario, trace: result.trace))
/// ```
extension ExpectedPushEvent {
    /// The events `docs/spec/events.md` expects of `scenario`, given what its trace displayed and delivered.
    public static func expected(for scenario: DispatchScenario, trace: DispatchTrace) -> [ExpectedPushEvent] {
        var events: [ExpectedPushEvent] = []
        let arrivalRan = !trace.arrivalCalls.isEmpty
        // Arrival: any call in the foreground → received(foreground); 3 in the background
        // (including after a background launch) → received(background).
        if arrivalRan {
            events.append(ExpectedPushEvent(.received, origin: scenario.state == .foreground ? .foreground : .background))
        }
        // A background push iOS held (Background App Refresh off, Low Power Mode) reaches the app
        // when the user opens it: received(foreground).
        if scenario.user == .openAppIcon, trace.actionCalls.contains(where: { $0.callback == .didReceiveRemoteNotificationFetch }) {
            events.append(ExpectedPushEvent(.received, origin: .foreground))
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
        case .tap: events.append(ExpectedPushEvent(.opened, origin: origin, action: .default))
        case .action(let id, _), .textInput(let id, _, _): events.append(ExpectedPushEvent(.opened, origin: origin, action: .custom(id)))
        case .dismiss: events.append(ExpectedPushEvent(.dismissed))
        case .none, .openAppIcon, .clearGroup: break
        }
        return events
    }
}
