import PushBridgeCore

/// Checks an APNs payload the way APNs does, and says what iOS will do with the rest.
///
/// **Errors** are what makes a push fail, and only that (Apple, "Sending notification requests
/// to APNs", "Generating a remote notification"):
/// - bytes that are not one JSON object (thrown: unreadable);
/// - a payload over the limit of its push type — 4,096 bytes, 5,120 for VoIP — counted on the
///   bytes given, as APNs counts the request body;
/// - a push type's required fields missing (``PushType``: a background push's
///   `content-available`, a Live Activity's `timestamp`, `event` and `content-state`, a widgets
///   push's `content-changed`, an MDM push's `mdm`), and priority 10 for a background push.
///
/// **Warnings** are everything APNs delivers but iOS ignores or Apple advises against, each with
/// the reason and the fix: a key of the wrong type (`"badge": "1"`), a key Apple does not document
/// inside `aps`, a key misplaced in or out of `alert`, no `aps` at all, `badge` in a background
/// push, a provider's own key of the wrong type.
///
/// An `.apns` file (Xcode's Simulator format) may carry `Simulator Target Bundle`, which is not
/// part of the payload: its size is then measured on the payload without it, minified.
///
/// ```swift
/// let report = try PayloadValidator.validate(bytes, pushType: .liveactivity)
/// report.isValid // no errors
/// for warning in report.warnings { print(warning) } // aps.badge: "1" is not an integer ≥ 0, …
/// ```
public enum PayloadValidator {
    /// The key Xcode's `.apns` files add for the Simulator.
    public static let simulatorBundleKey = "Simulator Target Bundle"

    /// The outcome of a validation.
    public struct Report: Sendable, Equatable {
        /// The payload as a device receives it (without `Simulator Target Bundle`).
        public var payload: JSONObject
        /// Its size in bytes as APNs counts it: the bytes given (for an `.apns` file with a
        /// Simulator key, the payload without it, minified).
        public var size: Int
        /// Its size minified (compact JSON, UTF-8 written as is): ``size`` minus this is what
        /// minifying would save.
        public var minifiedSize: Int
        /// The most it may be, for its push type.
        public var limit: Int
        /// The push type it was validated as.
        public var pushType: PushType = .alert
        /// The `Simulator Target Bundle`, for an `.apns` file.
        public var simulatorTargetBundle: String?
        /// What makes the push fail, each naming its key path: empty for a valid payload.
        public var problems: [PushError]
        /// What APNs delivers but iOS ignores or Apple advises against, each naming its key path,
        /// the reason and the fix.
        public var warnings: [PushError] = []

        /// Whether there are no errors (warnings allowed).
        public var isValid: Bool { problems.isEmpty }
    }

    /// Validates a payload from its JSON bytes, measuring the bytes given.
    ///
    /// - Parameters:
    ///   - bytes: The request body (or an `.apns` file).
    ///   - pushType: The `apns-push-type` it is sent as.
    ///   - priority: The `apns-priority` it is sent with, if known.
    ///   - provider: The provider whose own keys to check too (JPush's, Getui's definition);
    ///     without it, plain APNs.
    /// - Returns: The report: errors and warnings.
    /// - Throws: `PushError` (`PushError/Code/malformedJSON`) when the bytes cannot be read as
    ///   one JSON object at all (invalid JSON or UTF-8, duplicate keys, lone surrogates, numbers
    ///   too large for a `Double`, nesting beyond the parser's limit). An integer beyond 64 bits is
    ///   read, as APNs reads it: it is kept as `JSONValue/bigInteger(_:)`.
    public static func validate(
        _ bytes: [UInt8], pushType: PushType = .alert, priority: Int? = nil, provider: any PushProviderDefinition
    ) throws(PushError) -> Report {
        let parsed: (value: JSONValue, compactSize: Int)
        do {
            parsed = try JSONParser.parseMeasuringCompactSize(bytes, limits: JSONParser.Limits(maxDepth: 32, maxBytes: 1 << 20))
        } catch {
            throw PushError(.malformedJSON, field: "payload", error.description)
        }
        guard case .object(let object) = parsed.value else {
            throw PushError(.malformedJSON, field: "payload", "is \(parsed.value.typeDescription), expected an object")
        }
        return validate(object, compactSize: parsed.compactSize, givenSize: bytes.count, pushType: pushType, priority: priority, provider: provider)
    }

    /// Validates a payload from its JSON bytes for plain APNs, as the form that takes a
    /// `provider` does.
    public static func validate(_ bytes: [UInt8], pushType: PushType = .alert, priority: Int? = nil) throws(PushError) -> Report {
        try validate(bytes, pushType: pushType, priority: priority, provider: APNsDefinition())
    }

    /// Validates a payload object (its size is its minified size) with the keys of `provider` too.
    public static func validate(_ object: JSONObject, pushType: PushType = .alert, priority: Int? = nil, provider: any PushProviderDefinition)
        -> Report
    {
        validate(object, compactSize: nil, givenSize: nil, pushType: pushType, priority: priority, provider: provider)
    }

    /// Validates a payload object (its size is its minified size) for plain APNs.
    public static func validate(_ object: JSONObject, pushType: PushType = .alert, priority: Int? = nil) -> Report {
        validate(object, pushType: pushType, priority: priority, provider: APNsDefinition())
    }

    /// The compact size of `object` (`compactSize`, counted by the parser) less its `Simulator
    /// Target Bundle` member: what `JSONWriter.bytes(from:)` would write for the payload.
    private static func sizeWithoutBundle(_ compactSize: Int, of object: JSONObject) -> Int {
        guard let bundle = object[simulatorBundleKey] else { return compactSize }
        // Less the member ("key":value) and the comma beside it, if it was not alone.
        let member = JSONWriter.compactByteCount(of: .string(simulatorBundleKey)) + 1 + JSONWriter.compactByteCount(of: bundle)
        return compactSize - member - (object.count > 1 ? 1 : 0)
    }

    /// Validates a payload object whose compact size the parser may have counted already, and
    /// whose bytes as given may be known.
    private static func validate(
        _ object: JSONObject, compactSize: Int?, givenSize: Int?, pushType: PushType, priority: Int?, provider: any PushProviderDefinition
    ) -> Report {
        var errors: [PushError] = []
        var warnings: [PushError] = []
        var payload = object
        var bundle: String?
        if let value = payload[simulatorBundleKey] {
            if case .string(let text) = value {
                bundle = text
            } else {
                warnings.append(
                    warning(simulatorBundleKey, "is \(value.typeDescription), not a bundle identifier string: the Simulator cannot target the app"))
            }
            payload[simulatorBundleKey] = nil
        }
        let minified = compactSize.map { sizeWithoutBundle($0, of: object) } ?? JSONWriter.compactByteCount(of: .object(payload))
        let size = object[simulatorBundleKey] == nil ? (givenSize ?? minified) : minified
        if size > pushType.maxBytes {
            let saving = minified <= pushType.maxBytes ? " (minified it would be \(minified): send it minified)" : ""
            errors.append(
                problem("payload", "is \(size) bytes, more than the \(pushType.maxBytes) APNs accepts for a \(pushType.rawValue) push\(saving)"))
        }
        if let aps = payload["aps"]?.objectValue {
            APSRules.check(aps, pushType: pushType, into: &warnings)
        } else if let aps = payload["aps"], pushType != .alert {
            warnings.append(warning("aps", "is \(aps.typeDescription), not an object: iOS reads none of it"))
        }
        PushTypeRules.check(payload, pushType: pushType, priority: priority, errors: &errors, warnings: &warnings)
        for problem in provider.payloadKeyProblems(payload) {
            warnings.append(warning(problem.field ?? "payload", "\(problem.message): APNs delivers it, but the provider's SDK may not read it"))
        }
        return Report(
            payload: payload, size: size, minifiedSize: minified, limit: pushType.maxBytes, pushType: pushType, simulatorTargetBundle: bundle,
            problems: errors, warnings: warnings)
    }

    /// An error: the push fails.
    static func problem(_ field: String, _ message: String) -> PushError {
        PushError(.invalidPayload, field: field, message)
    }

    /// A warning: APNs delivers the push, iOS ignores the key or Apple advises against it.
    static func warning(_ field: String, _ message: String) -> PushError {
        PushError(.invalidPayload, field: field, message)
    }
}
