import PushBridgeCore

/// Getui's settings in a PushBridge configuration (`startSdkWithAppId:appKey:appSecret:…`).
public struct GetuiSettings: PushProviderSettings {
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

    /// `.getui`.
    public var provider: PushProviderID { .getui }

    /// What `pushbridge check-config` prints, every credential masked.
    public var summary: [(key: String, value: String)] {
        [("getui.appId", appID.description), ("getui.appKey", appKey.description), ("getui.appSecret", appSecret.description)]
    }
}

extension GetuiSettings {
    static let jsonFields = ["appId", "appKey", "appSecret"]

    init?(fields: JSONFieldReader, problems: inout ProblemList) {
        fields.reportUnknownKeys(Self.jsonFields, into: &problems)
        func credential(_ key: String) -> SecretText? {
            problems.collect { () throws(PushError) -> SecretText? in
                guard let value = try fields.string(key) else {
                    throw fields.error("getui.\(key)", "missing (expected Getui's \(key) from its console)")
                }
                guard (1...64).contains(value.count), value.utf8.allSatisfy({ ASCIIHex.isAlphanumeric($0) }) else {
                    throw fields.error("getui.\(key)", "\(SecretText.mask(value)) (\(value.count) characters) is not 1 to 64 letters and digits")
                }
                return SecretText(value)
            } ?? nil
        }
        let appID = credential("appId")
        let appKey = credential("appKey")
        let appSecret = credential("appSecret")
        guard let appID, let appKey, let appSecret else { return nil }
        self.init(appID: appID, appKey: appKey, appSecret: appSecret)
    }
}
