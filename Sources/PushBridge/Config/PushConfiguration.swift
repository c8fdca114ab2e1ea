/// Which provider an app uses and its settings: providers are swapped by editing this, not code.
///
/// Read from JSON (`vendors.md`):
///
/// ```json
/// {"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77", "channel": "App Store", "production": true}}
/// {"provider": "getui", "getui": {"appId": "…", "appKey": "…", "appSecret": "…"}}
/// {"provider": "apns"}
/// ```
///
/// During a migration, `"additionalProviders": ["jpush"]` keeps a second provider receiving
/// (see ``MultiplexProvider``). Every problem is reported with the key it concerns; secrets are
/// masked in descriptions and errors, and a server-side `masterSecret` is rejected: it must never
/// ship inside an app.
public struct PushConfiguration: Sendable, Hashable, CustomStringConvertible {
    /// The provider that receives.
    public var provider: PushProviderKind
    /// Further providers that receive too (a migration), in order.
    public var additionalProviders: [PushProviderKind]
    /// JPush's settings, required when JPush is used.
    public var jpush: JPushSettings?
    /// Getui's settings, required when Getui is used.
    public var getui: GetuiSettings?
    /// APNs' settings.
    public var apns: APNsSettings?

    /// A configuration from its parts.
    public init(
        provider: PushProviderKind, additionalProviders: [PushProviderKind] = [], jpush: JPushSettings? = nil,
        getui: GetuiSettings? = nil, apns: APNsSettings? = nil
    ) {
        self.provider = provider
        self.additionalProviders = additionalProviders
        self.jpush = jpush
        self.getui = getui
        self.apns = apns
    }

    /// Every provider in use, the main one first.
    public var providers: [PushProviderKind] { [provider] + additionalProviders }

    /// The providers and their settings, secrets masked.
    public var description: String {
        var parts = ["provider: \(provider)"]
        if !additionalProviders.isEmpty { parts.append("additionalProviders: \(additionalProviders.map(\.rawValue))") }
        if let jpush { parts.append("jpush: \(jpush)") }
        if let getui { parts.append("getui: \(getui)") }
        if let apns { parts.append("apns: \(apns)") }
        return "PushConfiguration(" + parts.joined(separator: ", ") + ")"
    }
}

/// Every problem found in a configuration, each naming its key.
public struct PushConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The problems, in the order they were found.
    public var problems: [PushError]

    /// One problem per line.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
