/// Where a notification comes from: iOS (`remote`, `local`) or a provider's own channel,
/// named `provider.channel` (`jpush.customMessage`, `getui.passthrough`).
///
/// Open like ``PushProviderID``: the core declares ``remote`` and ``local``; each adapter
/// declares its channels (``PushProviderDefinition/channels``).
public struct NotificationSource: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The scenario value: `remote`, `local` or `provider.channel`.
    public let rawValue: String

    /// The source named `rawValue`; any name is accepted (see ``isKnownShape``).
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The channel `name` of `provider`: `provider.name`.
    public init(channel name: String, of provider: PushProviderID) {
        self.init(rawValue: provider.rawValue + "." + name)
    }

    /// A remote (APNs) notification.
    public static let remote = NotificationSource(rawValue: "remote")
    /// A local notification the app scheduled.
    public static let local = NotificationSource(rawValue: "local")

    /// The provider whose own channel carries this source, if it is not iOS's.
    public var channel: PushProviderID? {
        guard let dot = rawValue.firstIndex(of: ".") else { return nil }
        return PushProviderID(rawValue: String(rawValue[..<dot]))
    }

    /// Whether the name is `remote`, `local` or `provider.channel` with a valid provider name.
    public var isKnownShape: Bool {
        if self == .remote || self == .local { return true }
        guard let provider = channel, PushProviderID.isValidName(provider.rawValue) else { return false }
        return rawValue.count > provider.rawValue.count + 1
    }

    /// The scenario value.
    public var description: String { rawValue }
}
