/// A secret or an identifier that must never be printed whole: an app key or secret, a device
/// token, a JPush registration ID, a Getui client ID, an alias.
///
/// Its `description`, `debugDescription`, `dump` and `Mirror` show only the last four characters
/// (`••••cf77`), or nothing of a value shorter than eight. Read the value with ``revealed``,
/// which says at the call site that a secret is leaving.
///
/// ```swift
/// let key = SecretText("5a6e94518f6bd85ba173cf77")
/// print(key)          // ••••cf77
/// key.revealed        // "5a6e94518f6bd85ba173cf77"
/// ```
public struct SecretText: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable,
    ExpressibleByStringLiteral
{
    /// The secret itself.
    public let revealed: String

    /// Wraps a secret.
    public init(_ value: String) {
        revealed = value
    }

    /// Wraps a literal secret.
    public init(stringLiteral value: String) {
        revealed = value
    }

    /// The masked form: `••••` and, for values of eight characters or more, the last four.
    public var masked: String { Self.mask(revealed) }

    /// The masked form.
    public var description: String { masked }
    /// The masked form.
    public var debugDescription: String { "SecretText(\(masked))" }
    /// A mirror that shows only the masked form.
    public var customMirror: Mirror { Mirror(self, children: ["masked": masked], displayStyle: .struct) }

    /// Whether the secret is empty.
    public var isEmpty: Bool { revealed.isEmpty }

    /// `••••` and the last four characters of `value` when it has eight or more.
    public static func mask(_ value: String) -> String {
        value.count >= 8 ? "••••" + value.suffix(4) : "••••"
    }
}
