extension SystemCall {
    /// The call as the trace's JSON writes it (`cli-contract.md`): `phase`, `method`, `state`,
    /// `launchOptionsKey` on `didFinishLaunching` only, `action` on calls with a response.
    public var jsonValue: JSONValue {
        var object: JSONObject = [
            "phase": .string(phase.rawValue), "method": .string(callback.rawValue), "state": .string(state.rawValue),
        ]
        if callback == .didFinishLaunching { object["launchOptionsKey"] = launchOptionsKey.map { .string($0.rawValue) } ?? .null }
        if let action { object["action"] = .string(action.identifier) }
        return .object(object)
    }
}

extension PushEvent {
    /// The event as the trace's JSON writes it (`events.md`): `type`, then `origin`, `action`
    /// and `textInput` where the kind has them, and `id`.
    public var jsonValue: JSONValue {
        var object: JSONObject = ["type": .string(kind.rawValue)]
        switch self {
        case .received(let event):
            object["origin"] = .string(event.origin.rawValue)
        case .opened(let event):
            object["origin"] = .string(event.origin.rawValue)
            object["action"] = .string(event.action.description)
            if let text = event.textInput { object["textInput"] = .string(text) }
        case .dismissed:
            break
        }
        object["id"] = .string(notification.id)
        return .object(object)
    }
}

extension SimulationResult {
    /// The trace as `pushbridge simulate` writes it: `display`, `actionDelivered` (absent when
    /// the user did nothing), `calls`, `events`.
    public var jsonValue: JSONValue {
        var object: JSONObject = ["display": .string(trace.display.rawValue)]
        if let delivered = trace.actionDelivered { object["actionDelivered"] = .bool(delivered) }
        object["calls"] = .array(trace.calls.map(\.jsonValue))
        object["events"] = .array(events.map(\.jsonValue))
        return .object(object)
    }
}
