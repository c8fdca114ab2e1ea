/// The action a response carries: the default (a tap), the dismiss action, or a custom action ID.
public enum ResponseAction: Sendable, Hashable, CustomStringConvertible {
    /// The user tapped the notification.
    case `default`
    /// The user dismissed it (with a `customDismissAction` category).
    case dismiss
    /// The user pressed the action button with this identifier.
    case custom(String)

    /// `UNNotificationDefaultActionIdentifier`'s value.
    public static let defaultIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"
    /// `UNNotificationDismissActionIdentifier`'s value.
    public static let dismissIdentifier = "com.apple.UNNotificationDismissActionIdentifier"

    /// The action from a response's `actionIdentifier`.
    public init(identifier: String) {
        switch identifier {
        case Self.defaultIdentifier: self = .default
        case Self.dismissIdentifier: self = .dismiss
        default: self = .custom(identifier)
        }
    }

    /// The `actionIdentifier` iOS passes.
    public var identifier: String {
        switch self {
        case .default: Self.defaultIdentifier
        case .dismiss: Self.dismissIdentifier
        case .custom(let id): id
        }
    }

    /// The identifier.
    public var description: String { identifier }
}
