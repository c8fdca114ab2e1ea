import PushBridgeCore
import PushBridgeJPushDefinition
import PushBridgeServer

/// Makes a ``JPushSender`` from the `jpush` section (its `appKey`, read as the app reads it) and
/// `server.jpush`'s `masterSecret` (JPush console → app settings → API master secret).
public struct JPushSenderDefinition: PushSenderDefinition {
    /// `.jpush`.
    public var id: PushProviderID { .jpush }
    /// JPush's app definition.
    public var providerDefinition: any PushProviderDefinition { JPushDefinition() }

    /// The definition.
    public init() {}

    /// The sender for the app's key and the section's master secret.
    public func makeSender(settings: (any PushProviderSettings)?, server: JSONObject, field: String, options: PushSenderOptions) throws(PushConfigurationError)
        -> any PushSender
    {
        let masterSecret = try ServerSection.secret("masterSecret", in: server, field: field, expected: "JPush's 24-character master secret", allowed: ["masterSecret"])
        let settings = try ServerSection.appSettings(settings, as: JPushSettings.self, section: "jpush", expected: "the app's JPush settings: its appKey")
        return JPushSender(appKey: settings.appKey, masterSecret: masterSecret, options: options)
    }
}
