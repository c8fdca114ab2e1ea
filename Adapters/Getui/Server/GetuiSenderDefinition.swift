import PushBridgeCore
import PushBridgeGetuiDefinition
import PushBridgeServer

/// Makes a ``GetuiSender`` from the `getui` section (its `appId` and `appKey`, read as the app
/// reads them) and `server.getui`'s `masterSecret` (Getui console → app → MasterSecret).
public struct GetuiSenderDefinition: PushSenderDefinition {
    /// `.getui`.
    public var id: PushProviderID { .getui }
    /// Getui's app definition.
    public var providerDefinition: any PushProviderDefinition { GetuiDefinition() }

    /// The definition.
    public init() {}

    /// The sender for the app's IDs and the section's master secret.
    public func makeSender(settings: (any PushProviderSettings)?, server: JSONObject, field: String, options: PushSenderOptions)
        throws(PushConfigurationError)
        -> any PushSender
    {
        // Letters and digits, as the app's appId and appKey (a pasted quote or space is caught here).
        let masterSecret = try ServerSection.secret(
            "masterSecret", in: server, field: field, expected: "Getui's master secret", allowed: ["masterSecret", "platform"],
            shape: { (1...64).contains($0.count) && $0.utf8.allSatisfy(ASCIIHex.isAlphanumeric) ? nil : "is not 1 to 64 letters and digits" })
        let settings = try ServerSection.appSettings(
            settings, as: GetuiSettings.self, section: "getui", expected: "the app's Getui settings: appId and appKey")
        let platforms: PushPlatforms
        do {
            platforms = try PushPlatforms.read(server, field: field)
        } catch {
            throw PushConfigurationError(problems: [error])
        }
        return GetuiSender(appID: settings.appID, appKey: settings.appKey, masterSecret: masterSecret, options: options, platforms: platforms)
    }
}
