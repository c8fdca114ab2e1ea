import PushBridgeCore

/// The `aps` keys Apple documents and their types, checked on the JSON's own types.
///
/// A key of the wrong type, an unknown key or a misplaced one is a **warning**, never an error:
/// APNs does not inspect `aps` beyond what a push type requires, and delivers the payload; iOS
/// reads the keys it knows by their documented types and ignores what it cannot read (Apple,
/// "Generating a remote notification", the payload key reference:
/// developer.apple.com/documentation/usernotifications/generating-a-remote-notification). Each
/// warning names the key, what iOS does with it and the fix.
enum APSRules {
    /// A rule for one key: a description of what is expected and a check.
    struct Rule: Sendable {
        var expected: String
        var accepts: @Sendable (JSONValue) -> Bool
    }

    static let string = Rule(expected: "a string") { $0.stringValue != nil }
    static let integer = Rule(expected: "an integer") { $0.integerValue != nil }
    static let number = Rule(expected: "a number") { value in
        switch value {
        case .integer, .double: true
        default: false
        }
    }
    static let object = Rule(expected: "an object") { $0.objectValue != nil }
    static let stringArray = Rule(expected: "an array of strings") { value in
        value.arrayValue?.allSatisfy { $0.stringValue != nil } ?? false
    }
    /// A flag: the number 1 turns it on; 0 is the same as leaving it out.
    static let numberOne = Rule(expected: "the number 1 (0 or nothing: off)") { $0 == .integer(1) || $0 == .integer(0) }
    static let unitInterval = Rule(expected: "a number from 0 to 1") { value in
        switch value {
        case .integer(let number): (0...1).contains(number)
        case .double(let number): (0...1).contains(number)
        default: false
        }
    }
    /// A Live Activity alert's `title` or `body`: a string, or a localisation dictionary
    /// (`loc-key`, `loc-args`) — Apple, "Starting and updating Live Activities with ActivityKit
    /// push notifications".
    static let textOrLocalized = Rule(expected: "a string or a localisation dictionary (loc-key, loc-args)") { value in
        if value.stringValue != nil { return true }
        guard let object = value.objectValue, object["loc-key"]?.stringValue != nil else { return false }
        return object["loc-args"].map { stringArray.accepts($0) } ?? true
    }

    /// The documented `aps` keys other than `alert` and `sound`, which have rules of their own.
    static let keys: [String: Rule] = [
        "badge": Rule(expected: "an integer ≥ 0") { ($0.integerValue ?? -1) >= 0 },
        "thread-id": string, "category": string, "target-content-id": string, "filter-criteria": string,
        "content-available": numberOne, "mutable-content": numberOne,
        "interruption-level": Rule(expected: "one of: passive, active, time-sensitive, critical") {
            ["passive", "active", "time-sensitive", "critical"].contains($0.stringValue ?? "")
        },
        "relevance-score": number,
        // Live Activities (ActivityKit push notifications).
        "timestamp": integer, "stale-date": integer, "dismissal-date": integer,
        "event": Rule(expected: "one of: start, update, end") { ["start", "update", "end"].contains($0.stringValue ?? "") },
        "content-state": object, "attributes-type": string, "attributes": object,
        "input-push-token": numberOne, "input-push-channel": string,
        // Widgets (WidgetKit push updates).
        "content-changed": Rule(expected: "true") { $0 == .bool(true) },
        // Safari web push.
        "url-args": stringArray,
    ]

    /// The keys of an `alert` dictionary.
    static let alertKeys: [String: Rule] = [
        "title": string, "subtitle": string, "body": string, "launch-image": string,
        "title-loc-key": string, "title-loc-args": stringArray, "subtitle-loc-key": string, "subtitle-loc-args": stringArray,
        "loc-key": string, "loc-args": stringArray, "action-loc-key": string, "action": string,
        // iOS 12 grouping summaries (deprecated in iOS 15).
        "summary-arg": string, "summary-arg-count": integer,
    ]

    /// The keys of a Live Activity's `alert` dictionary: `title` and `body` (strings or
    /// localisation dictionaries) and `sound`.
    static let liveActivityAlertKeys: [String: Rule] = ["title": textOrLocalized, "body": textOrLocalized, "sound": string]

    /// The keys of the `aps` dictionary that belong in `alert`, which iOS does not read there.
    static let alertOnlyKeys: Set<String> = [
        "title", "subtitle", "body", "loc-key", "loc-args", "title-loc-key", "title-loc-args", "launch-image", "summary-arg", "summary-arg-count",
    ]

    static func check(_ aps: JSONObject, pushType: PayloadValidator.PushType, into warnings: inout [PushError]) {
        for (key, value) in aps {
            switch key {
            case "alert": checkAlert(value, liveActivity: pushType == .liveactivity, into: &warnings)
            case "sound": checkSound(value, into: &warnings)
            default:
                guard let rule = keys[key] else {
                    let fix =
                        alertOnlyKeys.contains(key)
                        ? "iOS reads \(key) only inside alert: move it to aps.alert.\(key)"
                        : "iOS ignores it and hands it to the app inside aps; Apple reserves aps for its own keys: move it beside aps"
                    warnings.append(PayloadValidator.warning("aps.\(key)", "is not an aps key Apple documents: \(fix)"))
                    continue
                }
                if !rule.accepts(value) {
                    warnings.append(
                        PayloadValidator.warning(
                            "aps.\(key)",
                            "\(JSONFieldReader.shown(value)) is not \(rule.expected), the type Apple documents: iOS may ignore it; send \(rule.expected)"
                        ))
                }
            }
        }
        if pushType != .liveactivity, let score = aps["relevance-score"], number.accepts(score), !unitInterval.accepts(score) {
            warnings.append(
                PayloadValidator.warning(
                    "aps.relevance-score",
                    "\(JSONFieldReader.shown(score)) is outside 0…1, the range Apple documents for a notification (any number ranks a Live Activity): send a number from 0 to 1"
                ))
        }
    }

    private static func checkAlert(_ value: JSONValue, liveActivity: Bool, into warnings: inout [PushError]) {
        switch value {
        case .string: break
        case .object(let alert):
            let known = liveActivity ? liveActivityAlertKeys : alertKeys
            for (key, member) in alert {
                guard let rule = known[key] else {
                    let fix =
                        keys[key] != nil || key == "sound"
                        ? "iOS reads \(key) only directly in aps: move it to aps.\(key)"
                        : "iOS ignores it: remove it"
                    warnings.append(PayloadValidator.warning("aps.alert.\(key)", "is not an alert key Apple documents: \(fix)"))
                    continue
                }
                if !rule.accepts(member) {
                    warnings.append(
                        PayloadValidator.warning(
                            "aps.alert.\(key)", "is \(member.typeDescription), not \(rule.expected), the type Apple documents: iOS may ignore it"))
                }
            }
        default:
            warnings.append(
                PayloadValidator.warning(
                    "aps.alert",
                    "is \(value.typeDescription), not a string or a dictionary: iOS shows no alert; send a string or {\"title\", \"body\"}"))
        }
    }

    private static func checkSound(_ value: JSONValue, into warnings: inout [PushError]) {
        switch value {
        case .string: break
        case .object(let sound):
            for (key, member) in sound {
                let field = "aps.sound.\(key)"
                switch key {
                case "critical":
                    if member != .integer(0) && member != .integer(1) {
                        warnings.append(
                            PayloadValidator.warning(field, "is \(member.typeDescription), not the number 0 or 1: iOS may play no critical alert"))
                    }
                case "name":
                    if member.stringValue == nil {
                        warnings.append(PayloadValidator.warning(field, "is \(member.typeDescription), not a string: iOS plays no sound"))
                    }
                case "volume":
                    if !unitInterval.accepts(member) {
                        warnings.append(PayloadValidator.warning(field, "is not a number from 0 to 1: iOS may ignore it"))
                    }
                default:
                    warnings.append(PayloadValidator.warning(field, "is not a sound key Apple documents (critical, name, volume): iOS ignores it"))
                }
            }
            if sound["name"] == nil {
                warnings.append(
                    PayloadValidator.warning("aps.sound.name", "missing: a critical alert sound needs a name (\"default\" for the system sound)"))
            }
        default:
            warnings.append(PayloadValidator.warning("aps.sound", "is \(value.typeDescription), not a string or a dictionary: iOS plays no sound"))
        }
    }
}
