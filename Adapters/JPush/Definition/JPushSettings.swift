import PushBridgeCore

/// JPush's settings in a PushBridge configuration (`setupWithOption:appKey:channel:apsForProduction:`).
public struct JPushSettings: PushProviderSettings {
    /// The app key: 24 hexadecimal characters. Masked when printed.
    public var appKey: SecretText
    /// The distribution channel; `App Store` by default.
    public var channel: String
    /// Whether to use the production APNs environment (`apsForProduction`). `nil` (the default,
    /// and a file without the key): the environment the app is signed for
    /// (`PushConfiguration.environment`, read from `embedded.mobileprovision`), so one file
    /// serves development and production builds. A value set here wins over the signing
    /// (`pushbridge check-config --entitlements` notes when it differs).
    public var production: Bool?

    /// The default channel.
    public static let defaultChannel = "App Store"

    /// Settings from their parts.
    ///
    /// The advertising identifier is not a setting: it differs on every device and exists only
    /// after App Tracking Transparency consent, so the app hands it to `JPushProvider` at run
    /// time (its `advertisingIdentifier` closure).
    public init(appKey: SecretText, channel: String = JPushSettings.defaultChannel, production: Bool? = nil) {
        self.appKey = appKey
        self.channel = channel
        self.production = production
    }

    /// The settings with the key masked.
    public var description: String {
        "JPushSettings(appKey: \(appKey), channel: \(channel), production: \(production.map(String.init) ?? "from the signing"))"
    }

    /// `.jpush`.
    public var provider: PushProviderID { .jpush }

    /// What `pushbridge check-config` prints, the key and identifier masked.
    public var summary: [(key: String, value: String)] {
        let production = production.map(String.init) ?? "from the signing (embedded.mobileprovision's aps-environment)"
        return [("jpush.appKey", appKey.description), ("jpush.channel", channel), ("jpush.production", production)]
    }
}

extension JPushSettings {
    static let jsonFields = ["appKey", "channel", "production"]

    init?(fields: JSONFieldReader, problems: inout ProblemList) {
        // The IDFA is per device and exists only after App Tracking Transparency consent
        // (developer.apple.com/documentation/adsupport/asidentifiermanager/advertisingidentifier:
        // all zeros otherwise), so a file shipped with the app cannot hold it.
        if fields.object["advertisingIdentifier"] != nil {
            problems.add(
                fields.error(
                    "jpush.advertisingIdentifier",
                    "not read from a file (it differs per device and exists only after App Tracking Transparency consent): "
                        + "remove it and pass JPushProvider(advertisingIdentifier:) a closure that reads it at run time"))
        }
        fields.reportUnknownKeys(Self.jsonFields + ["advertisingIdentifier"], into: &problems)
        let appKey =
            problems.collect { () throws(PushError) -> SecretText? in
                guard let key = try fields.string("appKey") else {
                    throw fields.error("jpush.appKey", "missing (expected 24 hexadecimal characters)")
                }
                guard key.count == 24, key.utf8.allSatisfy({ ASCIIHex.isHexDigit($0) }) else {
                    throw fields.error("jpush.appKey", "\(SecretText.mask(key)) (\(key.count) characters) is not 24 hexadecimal characters")
                }
                return SecretText(key)
            } ?? nil
        let channel = problems.collect { () throws(PushError) -> String in
            let channel = try fields.string("channel") ?? JPushSettings.defaultChannel
            guard !channel.isEmpty, channel.count <= 64 else { throw fields.error("jpush.channel", "must be 1 to 64 characters") }
            return channel
        }
        let production = problems.collect { () throws(PushError) in try fields.bool("production") }
        guard let appKey, let channel, let production else { return nil }
        self.init(appKey: appKey, channel: channel, production: production)
    }
}
