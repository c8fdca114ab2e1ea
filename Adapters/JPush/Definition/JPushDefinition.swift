import PushBridgeCore

extension PushProviderID {
    /// JPush (极光).
    public static let jpush: PushProviderID = "jpush"
}

extension NotificationSource {
    /// A JPush custom message (自定义消息), over JPush's own connection, not APNs.
    public static let jpushCustomMessage = NotificationSource(channel: "customMessage", of: .jpush)
}

extension PushConfiguration {
    /// JPush's settings, when the configuration has them (read by ``JPushDefinition``).
    ///
    /// A section read without the definition (`PushConfiguration/init(jsonBytes:providers:)`
    /// with no providers) is read now; `nil` when it is invalid — read the configuration with
    /// ``JPushDefinition`` to have every problem reported.
    public var jpush: JPushSettings? {
        get {
            switch settings(for: .jpush) {
            case let settings as JPushSettings: return settings
            case let unread as UnreadProviderSettings: return (try? JPushDefinition().readSettings(unread.section, field: "jpush")) as? JPushSettings
            default: return nil
            }
        }
        set { setSettings(newValue, for: .jpush) }
    }
}

/// What the core knows of JPush: its `jpush` settings section, its message ID `_j_msgid`, and its
/// custom messages, which JPush holds while the app is away and does not flag when it delivers
/// them (`docs/spec/vendors.md`), and which may share a push with an APNs notification.
public struct JPushDefinition: PushProviderDefinition {
    /// The payload key of JPush's message ID.
    public static let messageIDKey = "_j_msgid"

    /// The definition.
    public init() {}

    /// `.jpush`.
    public var id: PushProviderID { .jpush }
    /// JPush needs its app key.
    public var requiresSettings: Bool { true }
    /// Custom messages: held while the app is away, not flagged offline; one push may also
    /// carry an APNs notification with the same `_j_msgid` (Push API v3 sends `notification`
    /// and `message` in one call: "支持同时一次调用同时推送 APNs 通知与 JPush 应用内消息",
    /// docs.jiguang.cn, iOS SDK 概述).
    public var channels: [ProviderChannel] { [ProviderChannel(source: .jpushCustomMessage, sendsAPNsCopy: true)] }

    /// `_j_msgid`, a number or a non-empty string.
    public func messageID(in payload: JSONObject) -> String? {
        switch payload[Self.messageIDKey] {
        case .integer(let number): String(number)
        case .string(let text) where !text.isEmpty: text
        default: nil
        }
    }

    /// Reads the `jpush` section: `appKey` (24 hexadecimal characters), `channel`, `production`;
    /// an `advertisingIdentifier` is refused (the app supplies it at run time).
    ///
    /// - Throws: `PushConfigurationError` listing every problem.
    public func readSettings(_ section: JSONObject, field: String) throws(PushConfigurationError) -> any PushProviderSettings {
        var problems = ProblemList()
        let settings = JPushSettings(fields: JSONFieldReader(section, path: field, code: .invalidConfiguration), problems: &problems)
        guard problems.isEmpty, let settings else { throw PushConfigurationError(problems: problems.errors) }
        return settings
    }

    /// `_j_msgid`, when present, is a number or a string.
    public func payloadKeyProblems(_ payload: JSONObject) -> [PushError] {
        switch payload[Self.messageIDKey] {
        case .integer, .string, nil: []
        case .some(let other): [PushError(.invalidPayload, field: Self.messageIDKey, "is \(other.typeDescription), expected a number or a string")]
        }
    }

    /// Reads a custom message from its `userInfo` (`kJPFNetworkDidReceiveMessageNotification`):
    /// `content`, `title`, `content_type`, `extras`, `_j_msgid`.
    ///
    /// - Throws: `PushError` naming the key when `content` is missing or a key has the wrong type.
    public func readMessage(_ message: JSONObject, channel: NotificationSource, offline: Bool, field: String) throws(PushError) -> PushEvent.Message {
        let fields = JSONFieldReader(message, path: field, code: .invalidPayload)
        guard try fields.string("content") != nil else { throw fields.error(fields.path(of: "content"), "missing (a custom message has content)") }
        _ = try fields.string("title")
        _ = try fields.string("content_type")
        _ = try fields.object("extras")
        let id: String
        switch message[Self.messageIDKey] {
        case .integer(let number): id = String(number)
        case .string(let text) where !text.isEmpty: id = text
        case nil: id = NotificationIdentity.payloadHash(message)
        case .some(let other): throw fields.typeError(Self.messageIDKey, other, expected: "a message ID (a number or a string)")
        }
        return PushEvent.Message(transport: .jpush, offline: offline, id: id, payload: message)
    }
}
