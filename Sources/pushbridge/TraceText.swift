import PushBridge
import PushBridgeModel
import PushBridgeTesting

/// The `--format text` rendering of a simulation, for people.
enum TraceText {
    static func render(_ result: SimulationResult, scenario: DispatchScenario) -> String {
        var lines: [String] = []
        let note = scenario.notification
        lines.append(
            "iOS \(scenario.ios) · app \(scenario.state) · \(note.source) notification\(note.id.map { " \"\($0)\"" } ?? "") · user: \(scenario.user)")
        lines.append("display: \(result.trace.display)")
        if let delivered = result.trace.actionDelivered {
            lines.append("action delivered: \(delivered ? "yes" : "no")")
        }
        lines.append("calls:")
        if result.calls.isEmpty { lines.append("  (none)") }
        for call in result.calls {
            let label = SystemCallback(rawValue: call.method)?.seedLabel ?? "·"
            lines.append("  \(call.phase.rawValue.padding(7)) \(label.padding(2)) \(callText(call))")
        }
        lines.append("events:")
        if result.namedEvents.isEmpty { lines.append("  (none)") }
        for event in result.namedEvents { lines.append("  " + eventText(event)) }
        return lines.joined(separator: "\n")
    }

    /// A scenario with steps: the notifications and what the system showed, then every call
    /// with the step that caused it (0: the scenario's own notification and `user`), then the
    /// events across the app's processes.
    static func render(_ result: StepSimulator.Result, scenario: DispatchScenario) -> String {
        var lines = ["iOS \(scenario.ios) · app \(scenario.state) · user: \(scenario.user) · \(scenario.steps.count) steps"]
        for (index, step) in scenario.steps.enumerated() { lines.append("  step \(index + 1): \(step)") }
        lines.append("notifications:")
        for arrival in result.arrivals { lines.append("  \(arrival.id): \(arrival.display)") }
        if let lost = result.trace.lostResponse { lines.append("response lost: \(lost)") }
        lines.append("calls:")
        if result.calls.isEmpty { lines.append("  (none)") }
        for stepCall in result.calls {
            let call = stepCall.call
            let label = SystemCallback(rawValue: call.method)?.seedLabel ?? "·"
            lines.append("  step \(stepCall.step) \(call.phase.rawValue.padding(7)) \(label.padding(2)) \(callText(call))")
        }
        lines.append("events:")
        if result.events.isEmpty { lines.append("  (none)") }
        for event in result.events { lines.append("  " + eventText(event)) }
        for diagnostic in result.diagnostics { lines.append("diagnostic: \(diagnostic.code.rawValue)") }
        return lines.joined(separator: "\n")
    }

    static func callText(_ call: TraceCall) -> String {
        var text = "\(call.method) [\(call.state)]"
        if call.isLaunch { text += " launchOptions: \(call.launchOptionsKey?.rawValue ?? "none")" }
        if let action = call.action { text += " action: \(action)" }
        return text
    }

    static func eventText(_ event: PushEvent) -> String {
        var text = event.kind.rawValue
        if let origin = event.origin { text += " origin=\(origin)" }
        switch event {
        case .opened(let open): text += " action=\(open.action)"
        case .message(let message): text += " transport=\(message.transport) offline=\(message.offline)"
        default: break
        }
        return text + (event.id.map { " id=\($0)" } ?? "")
    }
}

extension String {
    /// The string padded with spaces to `width` characters.
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
