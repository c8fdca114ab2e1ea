/// JPush's settings in a PushBridge configuration (`setupWithOption:appKey:channel:apsForProduction:`).
public struct JPushSettings: Sendable, Hashable, CustomStringConvertible {
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
}

/// Getui's settings in a PushBridge configuration (`startSdkWithAppId:appKey:appSecret:…`).
public struct GetuiSettings: Sendable, Hashable, CustomStringConvertible {
    /// The app ID. Masked when printed.
    public var appID: SecretText
    /// The app key. Masked when printed.
    public var appKey: SecretText
    /// The app secret (an app-side secret, unlike the server's master secret). Masked when printed.
    public var appSecret: SecretText

    /// Settings from their parts.
    public init(appID: SecretText, appKey: SecretText, appSecret: SecretText) {
        self.appID = appID
        self.appKey = appKey
        self.appSecret = appSecret
    }

    /// The settings with every value masked.
    public var description: String { "GetuiSettings(appId: \(appID), appKey: \(appKey), appSecret: \(appSecret))" }
}

/// Plain APNs' settings: none are needed beyond the app's entitlements.
public struct APNsSettings: Sendable, Hashable, CustomStringConvertible {
    /// No settings.
    public init() {}
    /// `APNsSettings()`.
    public var description: String { "APNsSettings()" }
}
