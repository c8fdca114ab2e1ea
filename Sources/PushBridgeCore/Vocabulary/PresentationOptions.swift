/// What `willPresent` (method 4) answers: how to present a notification while the app is in the
/// foreground. The raw values are `UNNotificationPresentationOptions`'. The options are inlinable
/// constants, so a module that names one folds it (a `static let` is a call into this module).
///
/// ```swift
/// let options: PresentationOptions = [.banner, .sound]
/// ```
public struct PresentationOptions: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// The `UNNotificationPresentationOptions` bits.
    public let rawValue: UInt

    /// Options from `UNNotificationPresentationOptions` bits.
    @inlinable public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Update the app icon's badge.
    @inlinable public static var badge: PresentationOptions { PresentationOptions(rawValue: 1 << 0) }
    /// Play the sound.
    @inlinable public static var sound: PresentationOptions { PresentationOptions(rawValue: 1 << 1) }
    /// Show an alert (deprecated in iOS 14, where it means banner and list; still works).
    @inlinable public static var alert: PresentationOptions { PresentationOptions(rawValue: 1 << 2) }
    /// Show in Notification Center's list (iOS 14+).
    @inlinable public static var list: PresentationOptions { PresentationOptions(rawValue: 1 << 3) }
    /// Show a banner (iOS 14+).
    @inlinable public static var banner: PresentationOptions { PresentationOptions(rawValue: 1 << 4) }

    /// Every option with its scenario name, in the order the names are written.
    public static let named: [(name: String, option: PresentationOptions)] = [
        ("badge", .badge), ("sound", .sound), ("alert", .alert), ("list", .list), ("banner", .banner),
    ]

    /// The option called `name` in a scenario (`"alert"`), if there is one.
    public init?(name: String) {
        guard let match = Self.named.first(where: { $0.name == name }) else { return nil }
        self = match.option
    }

    /// The names of the options set, in canonical order.
    public var names: [String] {
        Self.named.filter { contains($0.option) }.map(\.name)
    }

    /// `[banner, sound]`.
    public var description: String { "[" + names.joined(separator: ", ") + "]" }
}
