import PushBridge

/// Why a notification was not routed, or not routed the way its payload asked: every rejection
/// the router makes is one of these, never a silent drop.
public struct RoutingDiagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of rejection.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// No registered route matches.
        case unregisteredRoute
        /// The URL's scheme is not allowed (`javascript:`, `data:`, `file:`, …).
        case disallowedScheme
        /// The URL's host is not exactly an allowed host.
        case disallowedHost
        /// The URL carries user information (`https://app.example@evil.example`).
        case userInfoInURL
        /// The URL has a port.
        case portInURL
        /// The URL's path climbs out of its route (`..`, encoded or not) or hides a separator.
        case pathTraversal
        /// A zero-width, bidirectional-control or other invisible or control character.
        case invisibleCharacter
        /// A value longer than the policy allows.
        case tooLong
        /// The URL cannot be read.
        case malformedURL
        /// A value has the wrong type, or a parameter is missing or malformed.
        case invalidParameter
    }

    /// The kind of rejection.
    public var code: Code
    /// The payload key (or key path) concerned.
    public var field: String
    /// What was wrong; never the hostile value itself in full.
    public var message: String

    /// A diagnostic from its parts.
    public init(_ code: Code, field: String, _ message: String) {
        self.code = code
        self.field = field
        self.message = message
    }

    /// `field: message (code)`.
    public var description: String { "\(field): \(message) (\(code.rawValue))" }
}
