/// What the core knows of a provider, declared by its adapter: its name, how to find its message
/// ID in a payload, how to read its settings section, which keys it puts beside `aps`, and its
/// own channels.
///
/// The core names no provider but ``PushProviderID/apns``: adding one is a new adapter that
/// declares this, and one registration line where the app (or `pushbridge`) lists its adapters.
///
/// ```swift
/// let configuration = try PushConfiguration(jsonBytes: bytes, providers: [JPushDefinition(), GetuiDefinition()])
/// ```
public protocol PushProviderDefinition: Sendable {
    /// The provider's name.
    var id: PushProviderID { get }
    /// Whether a configuration using the provider must have its settings section.
    var requiresSettings: Bool { get }
    /// The provider's own channels (messages that never pass through iOS).
    var channels: [ProviderChannel] { get }

    /// The message ID the provider put in a notification's payload, if it did (JPush
    /// `_j_msgid`, Getui `_gmid_`): it names the delivery on every path.
    func messageID(in payload: JSONObject) -> String?
    /// Reads the provider's settings section, named `field` in errors.
    ///
    /// - Throws: ``PushConfigurationError`` listing every problem, each naming its key.
    func readSettings(_ section: JSONObject, field: String) throws(PushConfigurationError) -> any PushProviderSettings
    /// The problems of the provider's keys beside `aps` (a warning-free payload: none).
    func payloadKeyProblems(_ payload: JSONObject) -> [PushError]
    /// Reads a message of one of the provider's channels, as the SDK hands it to the app.
    ///
    /// - Throws: ``PushError`` naming the key (under `field`) when the message is malformed.
    func readMessage(_ message: JSONObject, channel: NotificationSource, offline: Bool, field: String) throws(PushError) -> PushEvent.Message
}

extension PushProviderDefinition {
    /// No settings needed.
    public var requiresSettings: Bool { false }
    /// No channel of its own.
    public var channels: [ProviderChannel] { [] }
    /// No message IDs.
    public func messageID(in payload: JSONObject) -> String? { nil }
    /// No keys of its own.
    public func payloadKeyProblems(_ payload: JSONObject) -> [PushError] { [] }
    /// The section kept as it is (secrets masked when printed).
    public func readSettings(_ section: JSONObject, field: String) throws(PushConfigurationError) -> any PushProviderSettings {
        UnreadProviderSettings(provider: id, section: section)
    }
    /// Unsupported: the provider has no channel.
    public func readMessage(_ message: JSONObject, channel: NotificationSource, offline: Bool, field: String) throws(PushError) -> PushEvent.Message {
        throw PushError(.unsupported, field: field, "\(id) has no channel \(channel)")
    }
    /// The channel named `source`, if the provider has it.
    public func channel(_ source: NotificationSource) -> ProviderChannel? {
        channels.first { $0.source == source }
    }
}

/// One of a provider's own channels, and what the provider does with it while the app is away.
///
/// The rule the model, the simulator and the simulated device apply to every channel
/// (`docs/spec/dispatch-model.md`, "Provider channels"): a message reaches the app only while it is in the
/// foreground and online; sent while it is away, the provider holds it until the app next comes
/// to the foreground.
public struct ProviderChannel: Sendable, Hashable {
    /// The channel's name (`jpush.customMessage`).
    public let source: NotificationSource
    /// Whether a held message is flagged `offline` when delivered (Getui's `offLine`).
    public let flagsHeldMessagesOffline: Bool
    /// Whether one push can carry both a message on this channel and an APNs notification of
    /// its own (its "APNs copy", named by the same message ID): Getui sends the APNs copy of a
    /// passthrough to an app it sees offline and still delivers the passthrough when the app
    /// is back (docs.getui.com, "推送流程说明", iOS); JPush's Push API v3 sends a notification
    /// and a custom message in one call ("支持同时一次调用同时推送 APNs 通知与 JPush 应用内消息",
    /// docs.jiguang.cn, iOS SDK 概述), each on its own channel. The app is told of the first to
    /// arrive only (`OneDeliveryOneEvent.md`, rule 1).
    public let sendsAPNsCopy: Bool

    /// A channel from its parts.
    public init(source: NotificationSource, flagsHeldMessagesOffline: Bool = false, sendsAPNsCopy: Bool = false) {
        self.source = source
        self.flagsHeldMessagesOffline = flagsHeldMessagesOffline
        self.sendsAPNsCopy = sendsAPNsCopy
    }

    /// The provider the channel belongs to.
    public var provider: PushProviderID { source.channel ?? .apns }
}

/// Plain APNs: no settings beyond the app's entitlements, no message IDs, no channel.
public struct APNsDefinition: PushProviderDefinition {
    /// The definition.
    public init() {}
    /// `.apns`.
    public var id: PushProviderID { .apns }
    /// An `apns` section must be empty.
    public func readSettings(_ section: JSONObject, field: String) throws(PushConfigurationError) -> any PushProviderSettings {
        var problems = ProblemList()
        JSONFieldReader(section, path: field, code: .invalidConfiguration).reportUnknownKeys([], into: &problems)
        guard problems.isEmpty else { throw PushConfigurationError(problems: problems.errors) }
        return APNsSettings()
    }
}
