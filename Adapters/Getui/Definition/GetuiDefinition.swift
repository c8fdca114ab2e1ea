import PushBridgeCore

extension PushProviderID {
    /// Getui (个推).
    public static let getui: PushProviderID = "getui"
}

extension NotificationSource {
    /// A Getui passthrough message (透传), over Getui's own connection, not APNs.
    public static let getuiPassthrough = NotificationSource(channel: "passthrough", of: .getui)
}

extension PushConfiguration {
    /// Getui's settings, when the configuration has them (read by ``GetuiDefinition``).
    ///
    /// A section read without the definition (`PushConfiguration/init(jsonBytes:providers:)`
    /// with no providers) is read now; `nil` when it is invalid — read the configuration with
    /// ``GetuiDefinition`` to have every problem reported.
    public var getui: GetuiSettings? {
        get {
            switch settings(for: .getui) {
            case let settings as GetuiSettings: return settings
            case let unread as UnreadProviderSettings: return (try? GetuiDefinition().readSettings(unread.section, field: "getui")) as? GetuiSettings
            default: return nil
            }
        }
        set { setSettings(newValue, for: .getui) }
    }
}

/// What the core knows of Getui: its `getui` settings section, its message ID `_gmid_`
/// (`taskId:msgId:…`), and its passthrough, which Getui holds while the app is away, flags
/// `offLine` when it delivers it, and copies over APNs (`docs/spec/vendors.md`).
public struct GetuiDefinition: PushProviderDefinition {
    /// The payload key of Getui's `taskId:msgId`.
    public static let messageIDKey = "_gmid_"

    /// The definition.
    public init() {}

    /// `.getui`.
    public var id: PushProviderID { .getui }
    /// Getui needs its app ID, key and secret.
    public var requiresSettings: Bool { true }
    /// Passthrough: held while the app is away, flagged offline when delivered, copied over APNs.
    public var channels: [ProviderChannel] {
        [ProviderChannel(source: .getuiPassthrough, flagsHeldMessagesOffline: true, sendsAPNsCopy: true)]
    }

    /// The identity of a Getui message from its task and message IDs: `taskId:msgId`.
    public static func messageID(taskID: some StringProtocol, messageID: some StringProtocol) -> String {
        "\(taskID):\(messageID)"
    }

    /// The task and message IDs of a `_gmid_` (`taskId:msgId[:…]`), when both are non-empty.
    public static func taskAndMessage(_ gmid: String) -> (task: String, message: String)? {
        let parts = gmid.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        return (String(parts[0]), String(parts[1]))
    }

    /// `taskId:msgId` from `_gmid_`.
    public func messageID(in payload: JSONObject) -> String? {
        guard case .string(let gmid) = payload[Self.messageIDKey], let ids = Self.taskAndMessage(gmid) else { return nil }
        return Self.messageID(taskID: ids.task, messageID: ids.message)
    }

    /// Reads the `getui` section: `appId`, `appKey`, `appSecret`.
    ///
    /// - Throws: `PushConfigurationError` listing every problem.
    public func readSettings(_ section: JSONObject, field: String) throws(PushConfigurationError) -> any PushProviderSettings {
        var problems = ProblemList()
        let settings = GetuiSettings(fields: JSONFieldReader(section, path: field, code: .invalidConfiguration), problems: &problems)
        guard problems.isEmpty, let settings else { throw PushConfigurationError(problems: problems.errors) }
        return settings
    }

    /// `_gmid_`, when present, is `taskId:msgId[:…]`.
    public func payloadKeyProblems(_ payload: JSONObject) -> [PushError] {
        guard let value = payload[Self.messageIDKey] else { return [] }
        guard let text = value.stringValue, Self.taskAndMessage(text) != nil else {
            return [PushError(.invalidPayload, field: Self.messageIDKey, "expected \"taskId:msgId[:…]\"")]
        }
        return []
    }

    /// Reads a passthrough: `{"payload": …, "taskId": …, "msgId": …}`, as the scenario format and
    /// `GeTuiSdkDidReceiveSlience:…` give it.
    ///
    /// - Throws: `PushError` naming the key when one is missing or not a string.
    public func readMessage(_ message: JSONObject, channel: NotificationSource, offline: Bool, field: String) throws(PushError) -> PushEvent.Message {
        let fields = JSONFieldReader(message, path: field, code: .invalidPayload)
        func required(_ key: String) throws(PushError) -> String {
            guard let value = try fields.string(key) else { throw fields.error(fields.path(of: key), "missing (expected a string)") }
            return value
        }
        _ = try required("payload")
        let taskID = try required("taskId")
        let messageID = try required("msgId")
        guard !taskID.isEmpty, !messageID.isEmpty else {
            throw fields.error(fields.path(of: taskID.isEmpty ? "taskId" : "msgId"), "is empty")
        }
        return PushEvent.Message(transport: .getui, offline: offline, id: Self.messageID(taskID: taskID, messageID: messageID), payload: message)
    }
}
