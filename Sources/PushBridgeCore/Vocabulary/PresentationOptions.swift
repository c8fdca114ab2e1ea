/// What `willPresent` (method 4) answers: how to present a notification while the app is in the
/// foreground. The raw values are `UNNotificationPresentationOptions`'.
///
/// ```swift
/// let options: PresentationOptions = [.banner, .sound]
/// ```
public struct PresentationOptions: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// The `UNNotificationPresentationOptions` bits.
    public let rawValue: UInt

    /// Options from `UNNotificationPresentationOptions` bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Update the app icon's badge.
    public static let badge = PresentationOptions(rawValue: 1 << 0)
    /// Play the sound.
    public static let sound = PresentationOptions(rawValue: 1 << 1)
    /// Show an alert (deprecated in iOS 14, where it means banner and list; still works).
    public static let alert = PresentationOptions(rawValue: 1 << 2)
    /// Show in Notification Center's list (iOS 14+).
    public static let list = PresentationOptions(rawValue: 1 << 3)
    /// Show a banner (iOS 14+).
    public static let banner = PresentationOptions(rawValue: 1 << 4)

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
