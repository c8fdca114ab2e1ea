import PushBridgeCore

/// Which devices of the app a provider that serves iOS and Android alike (JPush, Getui) sends
/// to: iOS only (the default: PushBridge's apps are iOS apps), or every platform, for a backend
/// whose app also runs on Android under the same app key.
///
/// With ``all``, the common fields reach Android too: the alert's literal `title` and `body` and
/// ``PushMessage/customData`` (JPush's `notification.android`: `title`, `alert`, `extras`; Getui's
/// vendor-channel `push_channel.android.ups.notification`: `title`, `body`, opening the app).
/// Nothing else of the message (badge, sound, category, media, localisation keys) is mapped for
/// Android: a localised alert is refused, naming `alert`.
public enum PushPlatforms: String, Sendable, Hashable, CaseIterable {
    /// iOS devices only.
    case ios
    /// Every device of the app, Android too.
    case all

    /// The platform of `section`'s `platform` key (`ios` when absent), for a sender definition.
    ///
    /// - Throws: `PushError` naming `field.platform` when it is not `ios` or `all`.
    package static func read(_ section: JSONObject, field: String) throws(PushError) -> PushPlatforms {
        let reader = JSONFieldReader(section, path: field, code: .invalidConfiguration)
        guard let text = try reader.string("platform") else { return .ios }
        guard let platforms = PushPlatforms(rawValue: text) else { throw reader.error(reader.path(of: "platform"), "\"\(text)\" is not ios or all") }
        return platforms
    }
}

extension PushMessage {
    /// The alert's literal title and body for an Android notification, or `nil` without an
    /// alert.
    ///
    /// - Throws: `PushError` naming `alert` when it uses localisation keys (Android's
    ///   notifications from JPush and Getui take literal text only).
    package func androidText(provider: String) throws(PushError) -> (title: String?, body: String)? {
        guard let alert else { return nil }
        guard !alert.isLocalized else {
            throw PushError(
                .unsupported, field: "alert",
                "uses localisation keys, which \(provider)'s Android notification cannot carry: send literal text, or platform ios")
        }
        return (alert.title, alert.body ?? "")
    }
}
