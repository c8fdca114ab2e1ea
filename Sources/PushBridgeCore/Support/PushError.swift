/// The one error type of PushBridge: a ``Code`` to react to, the field or key it concerns, a
/// message a person can act on and, when there is one, the vendor's own code and the error
/// underneath.
///
/// Bad input is normal input: a malformed payload, scenario or configuration is a `PushError`
/// naming the field and what was expected, never a trap. Messages never hold a secret whole.
///
/// The codes are a closed list — react to them with `==`, or `switch` with a `default`:
///
/// | code | meaning |
/// |---|---|
/// | ``Code/malformedJSON`` | input that is not valid JSON (or not readable at all) |
/// | ``Code/invalidScenario`` | a dispatch-model scenario with a missing or invalid field |
/// | ``Code/invalidPayload`` | a notification payload that cannot be read as one |
/// | ``Code/invalidConfiguration`` | a configuration with a missing, unknown or invalid key |
/// | ``Code/unsupported`` | a request the provider cannot carry out at all |
/// | ``Code/outOfRange`` | a value outside its allowed range |
/// | ``Code/timeout`` | something did not answer in time |
/// | ``Code/providerFailure`` | the provider's SDK (or iOS) reported a failure |
/// | ``Code/consentRequired`` | the SDK may not be called before the user accepts the privacy policy |
///
/// New codes are added only by PushBridge itself, as new static members (the swift-nio
/// `FileSystemError.Code` pattern): a code outside the list cannot be made.
///
/// What a vendor reported survives as ``vendorCode`` (JPush's `iResCode`, an `NSError`'s domain
/// and code), and an error PushBridge wrapped as ``underlying``:
///
/// ```swift
/// do {
///     try client.setPrivacyConsent(.granted)
/// } catch {
///     print(error.code, error.field) // a PushError: what the provider's SDK reported, and where
/// }
///
/// if case .registrationFailed(let failure) = event, failure.error.vendorCode == .init(domain: "JPush", code: 6011) {
///     retryLater()
/// }
/// ```
public struct PushError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is: one of a closed list (see ``PushError``).
    ///
    /// A code cannot be made from a string; its ``rawValue`` is a stable name to log or compare.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The codes, closed: only PushBridge adds one. Visible to inlinable code, so that a code
        /// named in another module is a constant there, not a call into this one.
        @usableFromInline enum Wrapped: String, Sendable, Hashable {
            case malformedJSON, invalidScenario, invalidPayload, invalidConfiguration, unsupported, outOfRange, timeout, providerFailure
            case consentRequired

            /// Whether the two are the same case (by case, not by comparing raw strings).
            @usableFromInline static func == (lhs: Wrapped, rhs: Wrapped) -> Bool { lhs.ordinal == rhs.ordinal }

            /// Hashes the case, not its raw value.
            @usableFromInline func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }

            /// The case's position in the declaration, which `==` compares and `hash(into:)` hashes:
            /// `RawRepresentable`'s defaults, which a raw-value enum gets otherwise, build and compare the
            /// raw strings at each use (`Benchmarks/README.md`, "What an app ships").
            private var ordinal: Int {
                switch self {
                case .malformedJSON: 0
                case .invalidScenario: 1
                case .invalidPayload: 2
                case .invalidConfiguration: 3
                case .unsupported: 4
                case .outOfRange: 5
                case .timeout: 6
                case .providerFailure: 7
                case .consentRequired: 8
                }
            }
        }

        @usableFromInline let wrapped: Wrapped

        @inlinable init(_ wrapped: Wrapped) { self.wrapped = wrapped }

        /// The code's stable name (`providerFailure`).
        public var rawValue: String { wrapped.rawValue }
        /// The code's name.
        public var description: String { rawValue }

        /// Input that is not valid JSON (or not readable at all).
        @inlinable public static var malformedJSON: Code { Code(.malformedJSON) }
        /// A scenario for the dispatch model with a missing or invalid field.
        @inlinable public static var invalidScenario: Code { Code(.invalidScenario) }
        /// A notification payload that cannot be read as one.
        @inlinable public static var invalidPayload: Code { Code(.invalidPayload) }
        /// A configuration with a missing, unknown or invalid key.
        @inlinable public static var invalidConfiguration: Code { Code(.invalidConfiguration) }
        /// A request the provider cannot carry out at all.
        @inlinable public static var unsupported: Code { Code(.unsupported) }
        /// A value outside its allowed range.
        @inlinable public static var outOfRange: Code { Code(.outOfRange) }
        /// Something did not answer in time.
        @inlinable public static var timeout: Code { Code(.timeout) }
        /// The provider's SDK (or iOS) reported a failure.
        @inlinable public static var providerFailure: Code { Code(.providerFailure) }
        /// The provider's SDK may not be called before the user accepts the privacy policy
        /// (``PrivacyConsent``).
        @inlinable public static var consentRequired: Code { Code(.consentRequired) }
    }

    /// A vendor's own error code, kept so that an app can react to it: JPush's result code
    /// (domain `JPush`), or the domain and code of the `NSError` Getui or iOS reported.
    ///
    /// Only the domain and the number cross: a vendor's error text can repeat an alias, a tag or
    /// a token, so it is never kept.
    ///
    /// ```swift
    /// error.vendorCode // JPush 6011
    /// error.vendorCode == PushError.VendorCode(domain: "JPush", code: 6011) // true
    /// ```
    public struct VendorCode: Sendable, Hashable, CustomStringConvertible {
        /// Whose code this is: `JPush`, or an `NSError` domain (`UNErrorDomain`, Getui's).
        public let domain: String
        /// The vendor's number.
        public let code: Int

        /// A vendor code from its domain and number.
        public init(domain: String, code: Int) {
            self.domain = domain
            self.code = code
        }

        /// `domain code` (`JPush 6011`).
        public var description: String { "\(domain) \(code)" }
    }

    /// What kind of failure this is.
    public let code: Code
    /// The field, key or key path the error concerns (`notification.payload.aps`), if any.
    public let field: String?
    /// What was wrong and what was expected.
    public let message: String
    /// The vendor's own code for the failure (its domain and number), when a vendor reported it.
    public var vendorCode: VendorCode? { cause?.vendorCode }
    /// The error this one wraps — a provider factory's own error, say — if any.
    ///
    /// Kept for the app to inspect, never compared: `==` and `hash(into:)` ignore it, because an
    /// arbitrary `Error` is not `Equatable` and two failures with the same code, field, message
    /// and vendor code are the same failure to react to. ``description`` names it without its
    /// text (see there).
    public var underlying: (any Error)? { cause?.underlying }

    /// The vendor code and the wrapped error, rare, behind one reference: an error (and every
    /// event that carries one) stays as small to copy as its code, field and message.
    private let cause: Cause?

    private final class Cause: Sendable {
        let vendorCode: VendorCode?
        let underlying: (any Error)?

        private init(vendorCode: VendorCode?, underlying: (any Error)?) {
            self.vendorCode = vendorCode
            self.underlying = underlying
        }

        static func make(vendorCode: VendorCode?, underlying: (any Error)?) -> Cause? {
            vendorCode == nil && underlying == nil ? nil : Cause(vendorCode: vendorCode, underlying: underlying)
        }
    }

    /// An error with a code, the field it concerns and a message, and what a vendor reported.
    ///
    /// - Parameters:
    ///   - code: What kind of failure this is.
    ///   - field: The field, key or key path concerned, if any.
    ///   - message: What was wrong and what was expected; never a secret.
    ///   - vendorCode: The vendor's own code, if one reported the failure.
    ///   - underlying: The error this one wraps, if any.
    public init(_ code: Code, field: String? = nil, _ message: String, vendorCode: VendorCode? = nil, underlying: (any Error)? = nil) {
        self.code = code
        self.field = field
        self.message = message
        cause = Cause.make(vendorCode: vendorCode, underlying: underlying)
    }

    /// `field: message`, or the message alone, followed by what it wraps, masked-safe:
    /// `(underlying: …)` with a wrapped ``PushError``'s own description (which never holds a
    /// secret whole) or, for any other error, its type's name only — its text could hold one.
    public var description: String {
        let text = field.map { "\($0): \(message)" } ?? message
        guard let underlying else { return text }
        return "\(text) (underlying: \(Self.safeDescription(of: underlying)))"
    }

    /// A wrapped ``PushError``'s description, or any other error's type name.
    private static func safeDescription(of error: any Error) -> String {
        if let error = error as? PushError { return error.description }
        return String(reflecting: type(of: error))
    }

    /// Equal when the code, field, message and vendor code are; ``underlying`` is not compared.
    public static func == (lhs: PushError, rhs: PushError) -> Bool {
        lhs.code == rhs.code && lhs.field == rhs.field && lhs.message == rhs.message && lhs.vendorCode == rhs.vendorCode
    }
}
