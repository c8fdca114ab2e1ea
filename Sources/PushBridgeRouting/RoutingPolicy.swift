import PushBridge

/// What the router accepts from a payload. Everything not allowed here is rejected with a
/// ``RoutingDiagnostic``.
public struct RoutingPolicy: Sendable, Hashable {
    /// URL schemes allowed in deep links, lowercase (`https` and the app's own scheme).
    /// `javascript`, `data` and `file` are always rejected, even if listed.
    public var allowedSchemes: Set<String>
    /// Hosts allowed in deep links, matched exactly after lowercasing and removing one trailing
    /// dot. No wildcard: `evil.app.example` does not match `app.example`.
    public var allowedHosts: Set<String>
    /// The payload keys that may hold a deep link, in order of preference.
    public var urlKeys: [String]
    /// The longest value (URL, key value or parameter) accepted, in characters. Default 2,048.
    public var maxValueLength: Int

    /// A policy; hosts and schemes are normalised to lowercase.
    public init(
        allowedSchemes: Set<String> = ["https"], allowedHosts: Set<String> = [], urlKeys: [String] = ["url", "link"],
        maxValueLength: Int = 2_048
    ) {
        self.allowedSchemes = Set(allowedSchemes.map { $0.lowercased() }).subtracting(Self.forbiddenSchemes)
        self.allowedHosts = Set(allowedHosts.map(Self.normalizedHost))
        self.urlKeys = urlKeys
        self.maxValueLength = maxValueLength
    }

    /// Schemes that can run code or read local files: never routed.
    public static let forbiddenSchemes: Set<String> = ["javascript", "data", "file", "vbscript", "blob"]

    /// A host lowercased, with one trailing dot removed.
    static func normalizedHost(_ host: String) -> String {
        let lower = host.lowercased()
        return lower.hasSuffix(".") ? String(lower.dropLast()) : lower
    }
}

/// Character checks shared by every value the router reads.
enum RoutingText {
    /// The first invisible or control character in `text`: C0 and C1 controls, zero-width
    /// characters, bidirectional controls, and the byte-order mark.
    static func invisibleCharacter(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { scalar in
            switch scalar.value {
            case 0x00...0x1F, 0x7F...0x9F: true
            case 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF, 0x061C, 0x180E: true
            default: false
            }
        }
    }

    /// `U+200B`.
    static func name(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// Checks one value against the policy: length and characters.
    static func check(_ text: String, field: String, policy: RoutingPolicy) -> RoutingDiagnostic? {
        if text.count > policy.maxValueLength {
            return RoutingDiagnostic(.tooLong, field: field, "\(text.count) characters, more than \(policy.maxValueLength)")
        }
        if let scalar = invisibleCharacter(in: text) {
            return RoutingDiagnostic(.invisibleCharacter, field: field, "contains \(name(scalar))")
        }
        return nil
    }
}
