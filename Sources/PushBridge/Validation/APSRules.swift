/// The types of the `aps` keys Apple documents, checked on the JSON's own types.
enum APSRules {
    /// A rule for one key: a description of what is expected and a check.
    struct Rule: Sendable {
        var expected: String
        var accepts: @Sendable (JSONValue) -> Bool
    }

    static let string = Rule(expected: "a string") { $0.stringValue != nil }
    static let integer = Rule(expected: "an integer") { $0.integerValue != nil }
    static let object = Rule(expected: "an object") { $0.objectValue != nil }
    static let stringArray = Rule(expected: "an array of strings") { value in
        value.arrayValue?.allSatisfy { $0.stringValue != nil } ?? false
    }
    static let numberOne = Rule(expected: "the number 1") { $0 == .integer(1) }
    static let unitInterval = Rule(expected: "a number from 0 to 1") { value in
        switch value {
        case .integer(let number): (0...1).contains(number)
        case .double(let number): (0...1).contains(number)
        default: false
        }
    }

    /// The documented `aps` keys other than `alert` and `sound`, which have rules of their own.
    static let keys: [String: Rule] = [
        "badge": Rule(expected: "an integer ≥ 0") { ($0.integerValue ?? -1) >= 0 },
        "thread-id": string, "category": string, "target-content-id": string, "filter-criteria": string,
        "content-available": numberOne, "mutable-content": numberOne,
        "interruption-level": Rule(expected: "one of: passive, active, time-sensitive, critical") {
            ["passive", "active", "time-sensitive", "critical"].contains($0.stringValue ?? "")
        },
        "relevance-score": unitInterval,
        "timestamp": integer, "stale-date": integer, "dismissal-date": integer,
        "event": Rule(expected: "one of: start, update, end") { ["start", "update", "end"].contains($0.stringValue ?? "") },
        "content-state": object, "attributes-type": string, "attributes": object, "url-args": stringArray,
    ]

    /// The keys of an `alert` dictionary.
    static let alertKeys: [String: Rule] = [
        "title": string, "subtitle": string, "body": string, "launch-image": string,
        "title-loc-key": string, "title-loc-args": stringArray, "subtitle-loc-key": string, "subtitle-loc-args": stringArray,
        "loc-key": string, "loc-args": stringArray, "action-loc-key": string, "action": string,
    ]

    static func check(_ aps: JSONObject, pushType: PayloadValidator.PushType, into problems: inout ProblemList) {
        for (key, value) in aps {
            let field = "aps.\(key)"
            switch key {
            case "alert": checkAlert(value, into: &problems)
            case "sound": checkSound(value, into: &problems)
            default:
                guard let rule = keys[key] else {
                    problems.add(PayloadValidator.problem(field, "is not an aps key Apple documents (custom keys belong beside aps, not inside it)"))
                    continue
                }
                if !rule.accepts(value) {
                    problems.add(PayloadValidator.problem(field, "\(JSONFieldReader.shown(value)) is not \(rule.expected)"))
                }
            }
        }
        if pushType == .background {
            if aps["content-available"] == nil {
                problems.add(PayloadValidator.problem("aps.content-available", "missing (a background push needs content-available: 1)"))
            }
            for key in ["alert", "badge", "sound"] where aps[key] != nil {
                problems.add(PayloadValidator.problem("aps.\(key)", "a background (silent) push must not carry \(key)"))
            }
        }
    }

    private static func checkAlert(_ value: JSONValue, into problems: inout ProblemList) {
        switch value {
        case .string: break
        case .object(let alert):
            for (key, member) in alert {
                guard let rule = alertKeys[key] else {
                    problems.add(PayloadValidator.problem("aps.alert.\(key)", "is not an alert key Apple documents"))
                    continue
                }
                if !rule.accepts(member) {
                    problems.add(PayloadValidator.problem("aps.alert.\(key)", "is \(member.typeDescription), expected \(rule.expected)"))
                }
            }
        default:
            problems.add(PayloadValidator.problem("aps.alert", "is \(value.typeDescription), expected a string or a dictionary"))
        }
    }

    private static func checkSound(_ value: JSONValue, into problems: inout ProblemList) {
        switch value {
        case .string: break
        case .object(let sound):
            for (key, member) in sound {
                let field = "aps.sound.\(key)"
                switch key {
                case "critical":
                    if member != .integer(0) && member != .integer(1) {
                        problems.add(PayloadValidator.problem(field, "is \(member.typeDescription), expected the number 0 or 1"))
                    }
                case "name":
                    if member.stringValue == nil { problems.add(PayloadValidator.problem(field, "is \(member.typeDescription), expected a string")) }
                case "volume":
                    if !unitInterval.accepts(member) { problems.add(PayloadValidator.problem(field, "expected a number from 0 to 1")) }
                default:
                    problems.add(PayloadValidator.problem(field, "is not a sound key Apple documents (critical, name, volume)"))
                }
            }
            if sound["name"] == nil { problems.add(PayloadValidator.problem("aps.sound.name", "missing (a critical alert sound needs a name)")) }
        default:
            problems.add(PayloadValidator.problem("aps.sound", "is \(value.typeDescription), expected a string or a dictionary"))
        }
    }
}
