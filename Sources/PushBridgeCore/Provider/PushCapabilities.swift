/// What a provider can do beyond receiving notifications, so app code can know before it asks.
public struct PushCapabilities: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// The bits.
    public let rawValue: Int
    /// Capabilities from bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Aliases (JPush `setAlias`, Getui `bindAlias`).
    public static let alias = PushCapabilities(rawValue: 1 << 0)
    /// Tags.
    public static let tags = PushCapabilities(rawValue: 1 << 1)
    /// A server-side badge (`setBadge`/`resetBadge`).
    public static let serverBadge = PushCapabilities(rawValue: 1 << 2)
    /// Reporting app-defined actions on messages (Getui feedback 90001–90999).
    public static let customFeedback = PushCapabilities(rawValue: 1 << 3)
    /// Messages over the provider's own channel (JPush custom messages, Getui passthrough).
    public static let ownChannelMessages = PushCapabilities(rawValue: 1 << 4)

    /// Pushing VoIP calls: the provider takes the PushKit token (JPush `+registerVoipToken:`,
    /// Getui `+registerVoipTokenCredentials:`) and wants each VoIP push's receipt
    /// (`+handleVoipNotification:`, both).
    public static let voip = PushCapabilities(rawValue: 1 << 5)
    /// Updating Live Activities: the provider takes each activity's push token (JPush
    /// `+registerLiveActivity:pushToken:completion:seq:`, Getui
    /// `+registerLiveActivity:activityToken:sequenceNum:`).
    public static let liveActivities = PushCapabilities(rawValue: 1 << 6)
    /// Starting Live Activities by push (iOS 17.2+): the provider takes the push-to-start token
    /// (JPush `+registerLiveActivity:pushToStartToken:completion:seq:`, Getui
    /// `+registerLiveActivity:pushToStartToken:sequenceNum:`).
    public static let liveActivityPushToStart = PushCapabilities(rawValue: 1 << 7)

    private static let names: [(String, PushCapabilities)] = [
        ("alias", .alias), ("tags", .tags), ("serverBadge", .serverBadge), ("customFeedback", .customFeedback),
        ("ownChannelMessages", .ownChannelMessages), ("voip", .voip), ("liveActivities", .liveActivities),
        ("liveActivityPushToStart", .liveActivityPushToStart),
    ]

    /// `[alias, tags]`.
    public var description: String {
        "[" + Self.names.filter { contains($0.1) }.map(\.0).joined(separator: ", ") + "]"
    }
}
