import Foundation
import PushBridge
import PushBridgeModel
import PushBridgeServer
import PushBridgeValidation

/// `pushbridge send --dry-run`: the requests each target would get (secrets and identifiers
/// masked), the payload the device would get, judged as APNs judges it, and what the dispatch
/// model predicts the device does with it in each app state and iOS version asked.
struct SendDryRun {
    let sender: any PushSender
    let message: PushMessage
    let audience: PushAudience

    /// The callbacks a current app implements (the ones `docs/spec/cli-contract.md` lists first).
    static let implements = [
        "application:didReceiveRemoteNotification:fetchCompletionHandler:",
        "userNotificationCenter:willPresentNotification:withCompletionHandler:",
        "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:",
    ]

    func render(states: [String], versions: [String]) throws(PushError) -> JSONValue {
        let planned = try sender.plan(message, to: audience)
        let payload = try sender.devicePayload(message)
        let secrets = audience.targets.compactMap(\.id).filter { audience.kind != .tags && !$0.isEmpty }
        let requests: [JSONValue] = planned.map { item in
            [
                "method": .string(item.request.method), "url": .string(Self.masked(item.request.url, secrets)),
                "headers": .array(
                    item.request.headers.map { ["name": .string($0.name), "value": .string($0.isSecret ? SecretText.mask($0.value) : $0.value)] }),
                "body": item.request.body.isEmpty
                    ? .null : Self.masked((try? JSONParser.parse(item.request.body)) ?? .string(item.request.bodyText), secrets),
                "targets": .array(item.targets.map { .string($0.description) }),
            ]
        }
        let channel = try sender.channelMessage(message)
        let definition = ProviderSimulators.definition(named: sender.provider.rawValue) ?? APNsDefinition()
        let report = PayloadValidator.validate(
            payload, pushType: message.effectivePushType, priority: message.priority?.rawValue, provider: definition)
        var predictions: [JSONValue] = []
        for version in versions {
            for state in states { predictions.append(try predict(payload, channel: channel, ios: version, state: state)) }
        }
        var rendered: JSONObject = [
            "provider": .string(sender.provider.rawValue), "dryRun": true, "audience": .string(audience.description), "requests": .array(requests),
            "devicePayload": .object(payload),
            "validation": [
                "valid": .bool(report.isValid), "pushType": .string(report.pushType.rawValue), "size": .integer(Int64(report.size)),
                "limit": .integer(Int64(report.limit)), "problems": .array(report.problems.map { .string($0.description) }),
                "warnings": .array(report.warnings.map { .string($0.description) }),
            ],
            "predictions": .array(predictions),
        ]
        if let channel { rendered["channelMessage"] = ["source": .string(channel.source.rawValue), "message": .object(channel.message)] }
        return .object(rendered)
    }

    /// The dispatch model's trace for the push arriving in `state` on iOS `ios`, through the
    /// provider's simulator: what is displayed, the callbacks, the events. A push with a message
    /// on the provider's channel (`channel`) is that message, with the notification (`payload`)
    /// as its APNs copy when the provider sends it to an app in `state`: one push, one event.
    private func predict(
        _ payload: JSONObject, channel: (source: NotificationSource, message: JSONObject)?, ios: String, state: String
    ) throws(PushError) -> JSONValue {
        var notification: JSONObject = ["source": "remote", "payload": .object(payload)]
        if let channel {
            notification = ["source": .string(channel.source.rawValue), "payload": .object(channel.message)]
            if sender.sendsNotification(message, appOnline: state == "foreground") { notification["apnsCopy"] = .object(payload) }
        }
        let scenario: JSONValue = [
            "ios": .string(ios), "state": .string(state), "implements": .array(Self.implements.map { .string($0) }),
            "notification": .object(notification), "presentation": ["banner", "list", "sound", "badge"],
            "pushType": .string(message.effectivePushType.rawValue),
        ]
        let decoded = try SimulateCommand.decodeScenario(JSONWriter.bytes(from: scenario))
        guard let simulator = ProviderSimulators.all[sender.provider] ?? ProviderSimulators.all[.apns] else {
            throw PushError(.unsupported, field: "provider", "\(sender.provider) has no simulator in this build")
        }
        let result = try ScenarioSimulator.run(decoded, provider: simulator)
        let trace = result.jsonValue.objectValue ?? [:]
        var prediction: JSONObject = [
            "ios": .string(ios), "state": .string(state), "display": trace["display"] ?? .null,
            "calls": .array((trace["calls"]?.arrayValue ?? []).compactMap { $0["method"] }), "events": trace["events"] ?? .array([]),
        ]
        if let diagnostics = trace["diagnostics"] { prediction["diagnostics"] = diagnostics }
        return .object(prediction)
    }

    /// `text` with every identifier of the audience masked.
    private static func masked(_ text: String, _ secrets: [SecretText]) -> String {
        secrets.reduce(text) { $0.replacingOccurrences(of: $1.revealed, with: $1.masked) }
    }

    /// `value` with every string equal to an identifier of the audience masked.
    private static func masked(_ value: JSONValue, _ secrets: [SecretText]) -> JSONValue {
        switch value {
        case .string(let text): return .string(secrets.first { $0.revealed == text }?.masked ?? text)
        case .array(let elements): return .array(elements.map { masked($0, secrets) })
        case .object(let object): return .object(JSONObject(object.map { ($0.key, masked($0.value, secrets)) }))
        default: return value
        }
    }
}
