import PushBridge
import PushBridgeValidation

extension SystemCall {
    /// The call as the trace's JSON writes it (`docs/spec/cli-contract.md`): `phase`, `method`, `state`,
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
    /// The event as the trace's JSON writes it (`docs/spec/events.md`): `type`, then `origin`, `action`
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
        case .message(let message):
            object["transport"] = .string(message.transport.rawValue)
            object["offline"] = .bool(message.offline)
        case .registered(let registration):
            object["provider"] = .string(registration.provider.rawValue)
            object["identifier"] = .string(registration.identifier.masked)
        case .registrationFailed(let failure):
            object["provider"] = .string(failure.provider.rawValue)
            object["error"] = .string(failure.error.description)
        case .providerState(let change):
            object["provider"] = .string(change.provider.rawValue)
            object["state"] = .string(change.state.rawValue)
        case .settingsRequested(let request):
            object["fromNotification"] = .bool(request.notification != nil)
        case .authorizationChanged(let status):
            object["status"] = .string(status.rawValue)
        }
        if let id { object["id"] = .string(id) }
        return .object(object)
    }
}

extension TraceCall {
    /// The call as the trace's JSON writes it (`docs/spec/cli-contract.md`).
    public var jsonValue: JSONValue {
        var object: JSONObject = ["phase": .string(phase.rawValue), "method": .string(method), "state": .string(state.rawValue)]
        if isLaunch { object["launchOptionsKey"] = launchOptionsKey.map { .string($0.rawValue) } ?? .null }
        if let action { object["action"] = .string(action) }
        return .object(object)
    }
}

extension DispatchTrace {
    /// What the trace says of the scenario's own notification, as the trace's JSON writes it:
    /// `display`, `pushType` and `handledBy` (for a scenario that names its push type),
    /// `actionDelivered` (absent when the user did nothing), `lostResponse`, `serviceExtension`,
    /// `voip`, `delivery`, `contentExtension` and `scene` (each when it applies). The calls and events are added by the caller.
    public func outcomeJSON(pushType: PayloadValidator.PushType?) -> JSONObject {
        var object: JSONObject = ["display": .string(display.rawValue)]
        if let pushType {
            object["pushType"] = .string(pushType.rawValue)
            object["handledBy"] = .string(pushType.handler)
        }
        if let delivered = actionDelivered { object["actionDelivered"] = .bool(delivered) }
        if let lostResponse { object["lostResponse"] = .string(lostResponse.rawValue) }
        if let serviceExtension { object["serviceExtension"] = .string(serviceExtension.rawValue) }
        if let voip { object["voip"] = .string(voip.rawValue) }
        if let delivery { object["delivery"] = .string(delivery.rawValue) }
        if let contentExtension { object["contentExtension"] = .string(contentExtension.rawValue) }
        if let scene { object["scene"] = scene.jsonValue }
        return object
    }
}

extension SimulationResult {
    /// The trace as `pushbridge simulate` writes it: `display`, `actionDelivered` (absent when
    /// the user did nothing), `lostResponse` (why a response iOS delivered reached no delegate,
    /// when it did not), `serviceExtension` (what the app's extension did, when the scenario has
    /// one), `voip` (what became of a VoIP push), `calls`, `events` (a notification's named by `notificationID`),
    /// `diagnostics` when there are any, and, for a scenario that names its push type, `pushType`
    /// and `handledBy` (who receives it on the device).
    public var jsonValue: JSONValue {
        var object = trace.outcomeJSON(pushType: pushType)
        object["calls"] = .array(calls.map(\.jsonValue))
        object["events"] = .array(namedEvents.map(\.jsonValue))
        if !diagnostics.isEmpty {
            object["diagnostics"] = .array(
                diagnostics.map { diagnostic in
                    .object(["code": .string(diagnostic.code.rawValue), "message": .string(diagnostic.message)])
                })
        }
        return .object(object)
    }
}

extension SceneActivation {
    /// The trace's `scene`: `id` (absent for a new session), `chosenBy` and `connects`.
    public var jsonValue: JSONValue {
        var object: JSONObject = ["chosenBy": .string(reason.rawValue), "connects": .bool(connects)]
        if let id { object["id"] = .string(id) }
        return .object(object)
    }
}
