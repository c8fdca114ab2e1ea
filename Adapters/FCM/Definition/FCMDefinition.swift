import PushBridgeCore

extension PushProviderID {
    /// Firebase Cloud Messaging.
    public static let fcm: PushProviderID = "fcm"
}

extension PushConfiguration {
    /// FCM's settings, when the configuration has them (read by ``FCMDefinition``).
    ///
    /// A section read without the definition is read now; `nil` when it is invalid — read the
    /// configuration with ``FCMDefinition`` to have every problem reported.
    public var fcm: FCMSettings? {
        get {
            switch settings(for: .fcm) {
            case let settings as FCMSettings: return settings
            case let unread as UnreadProviderSettings: return (try? FCMDefinition().readSettings(unread.section, field: "fcm")) as? FCMSettings
            default: return nil
            }
        }
        set { setSettings(newValue, for: .fcm) }
    }
}

/// What the core knows of Firebase Cloud Messaging: its `fcm` settings section (the Firebase
/// project's ID) and its message ID, `gcm.message_id`, which FCM puts beside `aps` in every
/// notification it relays to APNs (FirebaseMessaging's `FIRMessagingConstants.m`,
/// `kFIRMessagingMessageIDKey`; `../shared/research/anchors-2026.md` §1.1).
///
/// Only the server side exists so far (`PushBridgeFCMServer`'s `FCMSender`): no app adapter or
/// simulator uses this definition yet (issue 45, items 1–5).
public struct FCMDefinition: PushProviderDefinition {
    /// The payload key of FCM's message ID.
    public static let messageIDKey = "gcm.message_id"

    /// The definition.
    public init() {}

    /// `.fcm`.
    public var id: PushProviderID { .fcm }
    /// FCM needs the Firebase project's ID.
    public var requiresSettings: Bool { true }

    /// `gcm.message_id`, a non-empty string.
    public func messageID(in payload: JSONObject) -> String? {
        guard case .string(let id)? = payload[Self.messageIDKey], !id.isEmpty else { return nil }
        return id
    }

    /// Reads the `fcm` section: `projectId`.
    ///
    /// - Throws: `PushConfigurationError` listing every problem, each naming its key.
    public func readSettings(_ section: JSONObject, field: String) throws(PushConfigurationError) -> any PushProviderSettings {
        var problems = ProblemList()
        let settings = FCMSettings(fields: JSONFieldReader(section, path: field, code: .invalidConfiguration), problems: &problems)
        guard problems.isEmpty, let settings else { throw PushConfigurationError(problems: problems.errors) }
        return settings
    }

    /// `gcm.message_id`, when present, is a string.
    public func payloadKeyProblems(_ payload: JSONObject) -> [PushError] {
        switch payload[Self.messageIDKey] {
        case .string, nil: []
        case .some(let other): [PushError(.invalidPayload, field: Self.messageIDKey, "is \(other.typeDescription), expected a string")]
        }
    }
}
