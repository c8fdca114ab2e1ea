import PushBridge
import PushBridgeProviderKit

/// `JPUSHRegisterEntity`: the authorization options (`types`) and categories JPush registers
/// with, checked against the device's iOS version.
///
/// `types` holds `JPAuthorizationOptions` bits, the same as `UNAuthorizationOptions`: badge 1,
/// sound 2, alert 4, carPlay 8 (iOS 10+), criticalAlert 16, providesAppNotificationSettings 32 and
/// provisional 64 (iOS 12+), announcement 128 (iOS 13+). Categories are `UNNotificationCategory`
/// objects on iOS 10+, `UIUserNotificationCategory` on iOS 8–9, and must be `nil` before 8. An
/// option or category the version lacks is an error naming it, never dropped silently.
///
/// ```swift
/// let entity = try JPushRegisterEntity(PushRegistrationRequest(iosVersion: IOSVersion(12), options: [.alert, .provisional]))
/// entity.types // 68
/// ```
public struct JPushRegisterEntity: Sendable, Hashable {
    /// The kind of category object the device's iOS takes.
    public enum CategoryKind: String, Sendable, Hashable {
        /// `UIUserNotificationCategory` (iOS 8–9).
        case userNotificationCategory
        /// `UNNotificationCategory` (iOS 10+).
        case notificationCategory

        /// Whether the two are the same case (by case, not by comparing raw strings).
        public static func == (lhs: CategoryKind, rhs: CategoryKind) -> Bool { lhs.ordinal == rhs.ordinal }

        /// Hashes the case, not its raw value.
        public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }

        /// The case's position in the declaration, which `==` compares and `hash(into:)` hashes:
        /// `RawRepresentable`'s defaults, which a raw-value enum gets otherwise, build and compare the
        /// raw strings at each use (`Benchmarks/README.md`, "What an app ships").
        private var ordinal: Int {
            switch self {
            case .userNotificationCategory: 0
            case .notificationCategory: 1
            }
        }
    }

    /// `types`: the `JPAuthorizationOptions` bits.
    public var types: Int
    /// The identifiers of the categories to register; `nil` when none may be (before iOS 8).
    public var categories: [String]?
    /// What kind of category objects the conformance registers for `categories`; `nil` before iOS 8.
    public var categoryKind: CategoryKind?

    /// The entity for `request`, checking each option and the categories against its iOS version.
    ///
    /// - Parameter request: The options, categories and the device's iOS version.
    /// - Throws: `PushError` with code `unsupported`: field `types` naming each option the
    ///   version lacks and the version that brought it, or field `categories` before iOS 8.
    public init(_ request: PushRegistrationRequest) throws(PushError) {
        try request.checkOptionsAvailable(field: "types")
        types = request.options.rawValue
        if request.iosVersion < IOSVersion(8) {
            guard request.categories.isEmpty else {
                let names = request.categories.joined(separator: ", ")
                throw PushError(
                    .unsupported, field: "categories",
                    "iOS \(request.iosVersion) has no notification categories (iOS 8+), so \(names) cannot be registered: they must be nil")
            }
            categories = nil
            categoryKind = nil
        } else {
            categories = request.categories
            categoryKind = request.iosVersion < IOSVersion(10) ? .userNotificationCategory : .notificationCategory
        }
    }
}
