import PushBridge

/// JPush's settings in a PushBridge configuration (`setupWithOption:appKey:channel:apsForProduction:`).
public struct JPushSettings: PushProviderSettings {
    /// The app key: 24 hexadecimal characters. Masked when printed.
    public var appKey: SecretText
    /// The distribution channel; `App Store` by default.
    public var channel: String
    /// Whether to use the production APNs environment (`apsForProduction`); `false` by default.
    public var production: Bool
    /// The advertising identifier to pass to JPush, if the app uses one. Masked when printed.
    public var advertisingIdentifier: SecretText?

    /// The default channel.
    public static let defaultChannel = "App Store"

    /// Settings from their parts.
    public init(appKey: SecretText, channel: String = JPushSettings.defaultChannel, production: Bool = false, advertisingIdentifier: SecretText? = nil) {
        self.appKey = appKey
        self.channel = channel
        self.production = production
        self.advertisingIdentifier = advertisingIdentifier
    }

    /// The settings with the key masked.
    public var description: String {
        "JPushSettings(appKey: \(appKey), channel: \(channel), production: \(production)\(advertisingIdentifier.map { ", advertisingIdentifier: \($0)" } ?? ""))"
    }

    /// `.jpush`.
    public var provider: PushProviderID { .jpush }

    /// What `pushbridge check-config` prints, the key and identifier masked.
    public var summary: [(key: String, value: String)] {
        var lines = [("jpush.appKey", appKey.description), ("jpush.channel", channel), ("jpush.production", String(production))]
        if let advertisingIdentifier { lines.append(("jpush.advertisingIdentifier", advertisingIdentifier.description)) }
        return lines
    }
}

extension JPushSettings {
    static let jsonFields = ["appKey", "channel", "production", "advertisingIdentifier"]

    init?(fields: JSONFieldReader, problems: inout ProblemList) {
        fields.reportUnknownKeys(Self.jsonFields, into: &problems)
        let appKey = problems.collect { () throws(PushError) -> SecretText? in
            guard let key = try fields.string("appKey") else { throw fields.error("jpush.appKey", "missing (expected 24 hexadecimal characters)") }
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
        let production = problems.collect { () throws(PushError) in try fields.bool("production") ?? false }
        let advertisingText: String?? = problems.collect { () throws(PushError) -> String? in try fields.string("advertisingIdentifier") }
        let advertisingIdentifier = (advertisingText ?? nil).map { SecretText($0) }
        guard let appKey, let channel, let production else { return nil }
        self.init(appKey: appKey, channel: channel, production: production, advertisingIdentifier: advertisingIdentifier)
    }
}
