/// A push provider's name: in configurations (`"provider": "jpush"`), events, scenarios and
/// `pushbridge --provider`.
///
/// Open, like ``PushError/Code``'s names are not: the core declares only ``apns`` (Apple's own
/// delivery, which needs no adapter); each adapter declares its own (`.jpush` in
/// `PushBridgeJPush`, `.getui` in `PushBridgeGetui`), so adding a provider needs no change here.
public struct PushProviderID: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The name, as configurations spell it: lowercase letters, digits and `-`.
    public let rawValue: String

    /// The provider named `rawValue`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The provider named by a literal.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    /// Apple's APNs, directly.
    public static let apns: PushProviderID = "apns"

    /// Whether `name` can name a provider: lowercase ASCII letters, digits and `-`, starting
    /// with a letter.
    package static func isValidName(_ name: String) -> Bool {
        guard let first = name.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else { return false }
        return name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-")
        }
    }

    /// By name.
    public static func < (lhs: PushProviderID, rhs: PushProviderID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The name.
    public var description: String { rawValue }
}
