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

        /// Whether a diagnostic of this code refuses the value as hostile or unreadable: every
        /// code but ``unregisteredRoute`` and ``invalidParameter``. After a refusal the router
        /// navigates nowhere, not even to the fallback (``PushRouter/Outcome/none``).
        public var isRefusal: Bool { self != .unregisteredRoute && self != .invalidParameter }

        /// Whether the two are the same case (by case, not by comparing raw strings).
        public static func == (lhs: Code, rhs: Code) -> Bool { lhs.ordinal == rhs.ordinal }

        /// Hashes the case, not its raw value.
        public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }

        /// The case's position in the declaration, which `==` compares and `hash(into:)` hashes:
        /// `RawRepresentable`'s defaults, which a raw-value enum gets otherwise, build and compare the
        /// raw strings at each use (`Benchmarks/README.md`, "What an app ships").
        private var ordinal: Int {
            switch self {
            case .unregisteredRoute: 0
            case .disallowedScheme: 1
            case .disallowedHost: 2
            case .userInfoInURL: 3
            case .portInURL: 4
            case .pathTraversal: 5
            case .invisibleCharacter: 6
            case .tooLong: 7
            case .malformedURL: 8
            case .invalidParameter: 9
            }
        }
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
