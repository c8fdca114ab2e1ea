/// Where a notification comes from: iOS (`remote`, `local`) or a provider's own channel,
/// named `provider.channel` (`jpush.customMessage`, `getui.passthrough`).
///
/// Open like ``PushProviderID``: the core declares ``remote`` and ``local``; each adapter
/// declares its channels (``PushProviderDefinition/channels``).
public struct NotificationSource: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The scenario value: `remote`, `local` or `provider.channel`.
    public let rawValue: String
    /// Which of the three the name is, read once: the model and the normaliser ask on every
    /// notification, and comparing names would cost a string comparison each time.
    @usableFromInline let kind: Kind

    /// `remote`, `local`, a name with a `.` (a provider's channel), or another name.
    @usableFromInline enum Kind: UInt8, Sendable {
        case remote, local, channel, other
    }

    /// The source named `rawValue`; any name is accepted (see `isKnownShape`).
    public init(rawValue: String) {
        self.rawValue = rawValue
        switch rawValue {
        case "remote": kind = .remote
        case "local": kind = .local
        default: kind = rawValue.utf8.contains(UInt8(ascii: ".")) ? .channel : .other
        }
    }

    /// Whether it is a provider's own channel (`provider.channel`), not iOS's.
    @inlinable
    public var isProviderChannel: Bool { kind == .channel }

    /// Whether this is `local` (a notification the app scheduled): read without a string or a
    /// global's initialisation, as the dispatch model reads it on every evaluation.
    @inlinable
    public var isLocal: Bool { kind == .local }

    /// Whether this is `remote` (a notification through APNs).
    @inlinable
    public var isRemote: Bool { kind == .remote }

    /// Equal names.
    @inlinable
    public static func == (lhs: NotificationSource, rhs: NotificationSource) -> Bool {
        lhs.kind == rhs.kind && (lhs.kind.rawValue < Kind.channel.rawValue || lhs.rawValue == rhs.rawValue)
    }

    /// Hashes the name.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
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
        guard kind == .channel, let dot = rawValue.firstIndex(of: ".") else { return nil }
        return PushProviderID(rawValue: String(rawValue[..<dot]))
    }

    /// The scenario value.
    public var description: String { rawValue }
}
