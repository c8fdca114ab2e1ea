/// The one error type of PushBridge: a ``Code`` to react to, the field or key it concerns, and a
/// message a person can act on.
///
/// Bad input is normal input: a malformed payload, scenario or configuration is a `PushError`
/// naming the field and what was expected, never a trap. Messages never hold a secret whole.
///
/// ```swift
/// do {
///     _ = try IOSVersion(parsing: "abc")
/// } catch let error as PushError {
///     print(error) // ios: "abc" is not a version (expected MAJOR[.MINOR[.PATCH]], 3.0 or later)
/// }
/// ```
public struct PushError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is. Extensible: new codes are added as static members.
    public struct Code: Sendable, Hashable, RawRepresentable, CustomStringConvertible {
        /// The code's stable name.
        public let rawValue: String
        /// A code with this name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The code's name.
        public var description: String { rawValue }

        /// Input that is not valid JSON (or not readable at all).
        public static let malformedJSON = Code(rawValue: "malformedJSON")
        /// A scenario for the dispatch model with a missing or invalid field.
        public static let invalidScenario = Code(rawValue: "invalidScenario")
        /// A notification payload that cannot be read as one.
        public static let invalidPayload = Code(rawValue: "invalidPayload")
        /// A configuration with a missing, unknown or invalid key.
        public static let invalidConfiguration = Code(rawValue: "invalidConfiguration")
        /// A request the provider cannot carry out at all.
        public static let unsupported = Code(rawValue: "unsupported")
        /// A value outside its allowed range.
        public static let outOfRange = Code(rawValue: "outOfRange")
        /// Something did not answer in time.
        public static let timeout = Code(rawValue: "timeout")
        /// The provider's SDK reported a failure.
        public static let providerFailure = Code(rawValue: "providerFailure")
    }

    /// What kind of failure this is.
    public var code: Code
    /// The field, key or key path the error concerns (`notification.payload.aps`), if any.
    public var field: String?
    /// What was wrong and what was expected.
    public var message: String

    /// An error with a code, the field it concerns and a message.
    public init(_ code: Code, field: String? = nil, _ message: String) {
        self.code = code
        self.field = field
        self.message = message
    }

    /// `field: message`, or the message alone.
    public var description: String {
        guard let field else { return message }
        return "\(field): \(message)"
    }
}
