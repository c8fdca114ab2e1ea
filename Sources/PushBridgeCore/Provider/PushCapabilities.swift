/// What a provider can do beyond receiving notifications, so app code can know before it asks.
/// The capabilities are inlinable constants, so a module that names one folds it.
public struct PushCapabilities: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// The bits.
    public let rawValue: Int
    /// Capabilities from bits.
    @inlinable public init(rawValue: Int) { self.rawValue = rawValue }

    /// Aliases (JPush `setAlias`, Getui `bindAlias`).
    @inlinable public static var alias: PushCapabilities { PushCapabilities(rawValue: 1 << 0) }
    /// Tags.
    @inlinable public static var tags: PushCapabilities { PushCapabilities(rawValue: 1 << 1) }
    /// A server-side badge (`setBadge`/`resetBadge`).
    @inlinable public static var serverBadge: PushCapabilities { PushCapabilities(rawValue: 1 << 2) }
    /// Reporting app-defined actions on messages (Getui feedback 90001–90999).
    @inlinable public static var customFeedback: PushCapabilities { PushCapabilities(rawValue: 1 << 3) }
    /// Messages over the provider's own channel (JPush custom messages, Getui passthrough).
    @inlinable public static var ownChannelMessages: PushCapabilities { PushCapabilities(rawValue: 1 << 4) }

    /// Pushing VoIP calls: the provider takes the PushKit token (JPush `+registerVoipToken:`,
    /// Getui `+registerVoipTokenCredentials:`) and wants each VoIP push's receipt
    /// (`+handleVoipNotification:`, both).
    @inlinable public static var voip: PushCapabilities { PushCapabilities(rawValue: 1 << 5) }
    /// Updating Live Activities: the provider takes each activity's push token (JPush
    /// `+registerLiveActivity:pushToken:completion:seq:`, Getui
    /// `+registerLiveActivity:activityToken:sequenceNum:`).
    @inlinable public static var liveActivities: PushCapabilities { PushCapabilities(rawValue: 1 << 6) }
    /// Starting Live Activities by push (iOS 17.2+): the provider takes the push-to-start token
    /// (JPush `+registerLiveActivity:pushToStartToken:completion:seq:`, Getui
    /// `+registerLiveActivity:pushToStartToken:sequenceNum:`).
    @inlinable public static var liveActivityPushToStart: PushCapabilities { PushCapabilities(rawValue: 1 << 7) }

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
