import PushBridge
import PushBridgeModel

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
