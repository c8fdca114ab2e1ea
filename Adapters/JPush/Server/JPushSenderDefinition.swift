import PushBridgeCore
import PushBridgeJPushDefinition
import PushBridgeServer

/// Makes a ``JPushSender`` from the `jpush` section (its `appKey`, read as the app reads it) and
/// `server.jpush`'s `masterSecret` (JPush console → app settings → API master secret).
///
/// `jpush.production` sets the sender's APNs environment (`apns_production`) for every message
/// that does not name one: `false` for development-signed builds, whose registration IDs get
/// JPush's "success" and no notification when pushed as production. Without the key (the app
/// then follows its signing) the server cannot know the signing: production.
///
/// `server.jpush.platform`: `ios` (the default) or `all`, Android devices of the same app key
/// too (``PushPlatforms``).
public struct JPushSenderDefinition: PushSenderDefinition {
    /// `.jpush`.
    public var id: PushProviderID { .jpush }
    /// JPush's app definition.
    public var providerDefinition: any PushProviderDefinition { JPushDefinition() }

    /// The definition.
    public init() {}

    /// The sender for the app's key and the section's master secret.
    public func makeSender(settings: (any PushProviderSettings)?, server: JSONObject, field: String, options: PushSenderOptions)
        throws(PushConfigurationError)
        -> any PushSender
    {
        // 24 hexadecimal characters, as the app key (JPush's console; an inference from the
        // consoles and SDK examples seen: JPush's docs do not state the format).
        let masterSecret = try ServerSection.secret(
            "masterSecret", in: server, field: field, expected: "JPush's 24-character master secret", allowed: ["masterSecret", "platform"],
            shape: { $0.count == 24 && $0.utf8.allSatisfy(ASCIIHex.isHexDigit) ? nil : "is not 24 hexadecimal characters" })
        let settings = try ServerSection.appSettings(
            settings, as: JPushSettings.self, section: "jpush", expected: "the app's JPush settings: its appKey")
        let environment: PushMessage.Environment = settings.production == false ? .sandbox : .production
        let platforms: PushPlatforms
        do {
            platforms = try PushPlatforms.read(server, field: field)
        } catch {
            throw PushConfigurationError(problems: [error])
        }
        return JPushSender(appKey: settings.appKey, masterSecret: masterSecret, options: options, environment: environment, platforms: platforms)
    }
}
