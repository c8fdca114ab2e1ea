/// Checks an APNs payload as Apple documents it, and reports every problem with its key path.
///
/// - Size: the UTF-8 bytes of the payload's compact JSON (what a server sends): at most 4,096,
///   or 5,120 for a VoIP push.
/// - `aps` must be an object; each key Apple documents has a strict type, checked on the JSON's
///   own type (a JSON `true` is never the number 1): `alert` a string or a dictionary of its
///   documented keys, `badge` an integer ≥ 0, `sound` a string or the critical-alert dictionary,
///   `content-available` and `mutable-content` exactly the number 1, `interruption-level` one of
///   its four values, `relevance-score` from 0 to 1, and so on. Unknown keys inside `aps` are
///   problems: custom keys belong beside `aps`.
/// - A background (silent) push must not carry `alert`, `badge` or `sound`.
/// - An `.apns` file (Xcode's Simulator format) may carry `Simulator Target Bundle`, which is
///   not part of the payload.
///
/// ```swift
/// let report = PayloadValidator.validate(bytes)
/// for problem in report.problems { print(problem) } // aps.badge: -1 is not an integer ≥ 0
/// ```
public enum PayloadValidator {
    /// What kind of push the payload is for (`apns-push-type`).
    public enum PushType: String, Sendable, Hashable, CaseIterable {
        /// A visible notification: 4 KB.
        case alert
        /// A background (silent) push: `content-available` only, 4 KB.
        case background
        /// A VoIP push: 5 KB.
        case voip

        /// The largest payload, in bytes.
        public var maxBytes: Int { self == .voip ? 5_120 : 4_096 }
    }

    /// The key Xcode's `.apns` files add for the Simulator.
    public static let simulatorBundleKey = "Simulator Target Bundle"

    /// The outcome of a validation.
    public struct Report: Sendable, Hashable {
        /// The payload as a device receives it (without `Simulator Target Bundle`).
        public var payload: JSONObject
        /// The size of its compact JSON in UTF-8 bytes.
        public var size: Int
        /// The most it may be.
        public var limit: Int
        /// The `Simulator Target Bundle`, for an `.apns` file.
        public var simulatorTargetBundle: String?
        /// Every problem, each naming its key path.
        public var problems: [PushError]
        /// What APNs accepts but iOS ignores or Apple advises against, each naming its key path
        /// (none yet: the rules that report warnings come with the push types).
        public var warnings: [PushError] = []

        /// Whether there are no problems.
        public var isValid: Bool { problems.isEmpty }
    }

    /// Validates a payload from its JSON bytes.
    ///
    /// - Returns: The report, with every problem.
    /// - Throws: ``PushError`` (``PushError/Code/malformedJSON``) when the bytes cannot be read as
    ///   one JSON object at all (invalid JSON or UTF-8, duplicate keys, lone surrogates, numbers
    ///   too large for a `Double`, nesting beyond the parser's limit). An integer beyond 64 bits is
    ///   read, as APNs reads it: it is kept as ``JSONValue/bigInteger(_:)``.
    public static func validate(_ bytes: [UInt8], pushType: PushType = .alert, provider: any PushProviderDefinition = APNsDefinition()) throws(PushError) -> Report {
        let parsed: (value: JSONValue, compactSize: Int)
        do {
            parsed = try JSONParser.parseMeasuringCompactSize(bytes, limits: JSONParser.Limits(maxDepth: 32, maxBytes: 1 << 20))
        } catch {
            throw PushError(.malformedJSON, field: "payload", error.description)
        }
        guard case .object(let object) = parsed.value else {
            throw PushError(.malformedJSON, field: "payload", "is \(parsed.value.typeDescription), expected an object")
        }
        return validate(object, compactSize: parsed.compactSize, pushType: pushType, provider: provider)
    }

    /// Validates a payload object.
    public static func validate(_ object: JSONObject, pushType: PushType = .alert, provider: any PushProviderDefinition = APNsDefinition()) -> Report {
        validate(object, compactSize: nil, pushType: pushType, provider: provider)
    }

    /// The compact size of `object` (`compactSize`, counted by the parser) less its `Simulator
    /// Target Bundle` member: what `JSONWriter.bytes(from:)` would write for the payload.
    private static func sizeWithoutBundle(_ compactSize: Int, of object: JSONObject) -> Int {
        guard let bundle = object[simulatorBundleKey] else { return compactSize }
        // Less the member ("key":value) and the comma beside it, if it was not alone.
        let member = JSONWriter.compactByteCount(of: .string(simulatorBundleKey)) + 1 + JSONWriter.compactByteCount(of: bundle)
        return compactSize - member - (object.count > 1 ? 1 : 0)
    }

    /// Validates a payload object whose compact size the parser may have counted already.
    private static func validate(_ object: JSONObject, compactSize: Int?, pushType: PushType, provider: any PushProviderDefinition) -> Report {
        var problems = ProblemList()
        var payload = object
        var bundle: String?
        if let value = payload[simulatorBundleKey] {
            if case .string(let text) = value { bundle = text } else {
                problems.add(problem(simulatorBundleKey, "is \(value.typeDescription), expected a bundle identifier string"))
            }
            payload[simulatorBundleKey] = nil
        }
        let size = compactSize.map { sizeWithoutBundle($0, of: object) } ?? JSONWriter.compactByteCount(of: .object(payload))
        if size > pushType.maxBytes {
            problems.add(problem("payload", "is \(size) bytes, more than the \(pushType.maxBytes) APNs accepts for a \(pushType.rawValue) push"))
        }
        switch payload["aps"] {
        case nil:
            problems.add(problem("aps", "missing (a payload must hold an \"aps\" object)"))
        case .object(let aps):
            APSRules.check(aps, pushType: pushType, into: &problems)
        case .some(let other):
            problems.add(problem("aps", "is \(other.typeDescription), expected an object"))
        }
        for problem in provider.payloadKeyProblems(payload) { problems.add(problem) }
        return Report(payload: payload, size: size, limit: pushType.maxBytes, simulatorTargetBundle: bundle, problems: problems.errors)
    }

    static func problem(_ field: String, _ message: String) -> PushError {
        PushError(.invalidPayload, field: field, message)
    }
}
