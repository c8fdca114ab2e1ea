/// Which provider an app uses and its settings: providers are swapped by editing this, not code.
///
/// Read from JSON (`docs/spec/vendors.md`), each provider's section by its adapter's
/// ``PushProviderDefinition``:
///
/// ```json
/// {"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77", "channel": "App Store"}}
/// {"provider": "getui", "getui": {"appId": "…", "appKey": "…", "appSecret": "…"}}
/// {"provider": "apns"}
/// ```
///
/// One binary for several markets names the provider of each App Store storefront:
/// `{"provider": "apns", "markets": {"CHN": "jpush"}, "jpush": {…}}` (`OneBinaryForChinaAndAbroad.md`).
/// During a migration, `"additionalProviders": ["jpush"]` keeps a second provider receiving
/// (`MultiplexProvider`: the app adds `PushBridgeMultiplex` and lists `.multiplex`). Every problem is reported with the key it concerns; secrets are
/// masked in descriptions and errors, and a server-side `masterSecret` is rejected: it must never
/// ship inside an app.
public struct PushConfiguration: Sendable, Equatable, CustomStringConvertible {
    /// The provider that receives.
    public var provider: PushProviderID
    /// Further providers that receive too (a migration), in order.
    public var additionalProviders: [PushProviderID]
    /// The provider of each App Store storefront that does not use ``provider`` (`"markets":
    /// {"CHN": "jpush"}`), in the order of the country codes; the client picks one at launch
    /// (`OneBinaryForChinaAndAbroad.md`).
    package var markets: [Market] = []
    /// The APNs environment the app is signed for, set by the client when it reads the
    /// configuration at launch (`nil` otherwise): a provider setting that names no environment
    /// (JPush's `production`) follows it.
    public var environment: Environment?
    /// What the app switches on beyond the app delegate: a service extension, VoIP, Live
    /// Activities (all off unless their keys are present).
    package var features: PushFeatures
    /// Each provider's settings, one entry per provider, in the order of the providers' names (so
    /// that equal configurations store equal arrays). One to three providers: an array, not a
    /// dictionary, whose code an app would ship for nothing.
    private var stored: [StoredSettings]

    /// A configuration from its parts.
    public init(provider: PushProviderID, additionalProviders: [PushProviderID] = [], settings: [any PushProviderSettings] = []) {
        self.init(provider: provider, additionalProviders: additionalProviders, settings: settings, features: PushFeatures())
    }

    /// A configuration from its parts, with the features switched on.
    package init(provider: PushProviderID, additionalProviders: [PushProviderID], settings: [any PushProviderSettings], features: PushFeatures) {
        self.provider = provider
        self.additionalProviders = additionalProviders
        self.features = features
        stored = []
        for value in settings { setSettings(value, for: value.provider) }
    }

    /// Every provider in use, the main one first.
    public var providers: [PushProviderID] { [provider] + additionalProviders }

    /// `provider`'s settings, as its definition read them (or, with no definition, the section unread).
    public func settings(for provider: PushProviderID) -> (any PushProviderSettings)? {
        stored.first { $0.provider == provider }?.value
    }

    /// Sets (or, with `nil`, removes) one provider's settings.
    public mutating func setSettings(_ settings: (any PushProviderSettings)?, for provider: PushProviderID) {
        // One entry per provider, kept so by this method alone.
        if let index = stored.firstIndex(where: { $0.provider == provider }) { stored.remove(at: index) }
        guard let settings else { return }
        let position = stored.firstIndex { provider < $0.provider } ?? stored.endIndex
        stored.insert(StoredSettings(provider: provider, value: settings), at: position)
    }

    /// `provider`'s settings as `type`; an error naming the section when they are missing or
    /// were not read by `provider`'s definition.
    ///
    /// - Throws: ``PushError`` (``PushError/Code/invalidConfiguration``).
    public func settings<Settings: PushProviderSettings>(_ type: Settings.Type, for provider: PushProviderID) throws(PushError) -> Settings {
        guard let value = settings(for: provider) else {
            throw PushError(
                .invalidConfiguration, field: provider.rawValue, "missing (the \(provider) settings are required when \(provider) is a provider)")
        }
        guard let settings = value as? Settings else {
            throw PushError(
                .invalidConfiguration, field: provider.rawValue,
                "not read by \(provider)'s adapter (read the configuration with its definition: PushConfiguration(jsonBytes:providers:))")
        }
        return settings
    }

    /// The providers and their settings, secrets masked.
    public var description: String {
        var parts = ["provider: \(provider)"]
        if !additionalProviders.isEmpty { parts.append("additionalProviders: \(additionalProviders.map(\.rawValue))") }
        if !markets.isEmpty { parts.append("markets: [" + markets.map { "\($0.code): \($0.provider)" }.joined(separator: ", ") + "]") }
        if let environment { parts.append("environment: \(environment)") }
        for entry in stored { parts.append("\(entry.provider): \(entry.value)") }
        if !features.isEmpty { parts.append("features: \(features)") }
        return "PushConfiguration(" + parts.joined(separator: ", ") + ")"
    }
}

/// Every problem found in a configuration, each naming its key.
public struct PushConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The problems, in the order they were found.
    public let problems: [PushError]

    /// The problems found.
    public init(problems: [PushError]) {
        self.problems = problems
    }

    /// One problem per line.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}

extension PushConfiguration {
    /// The APNs environment an app is signed for: its device tokens work only there, and a
    /// provider's server must be told which (JPush's `apns_production`).
    ///
    /// "Xcode sets the value of the entitlement based on your app's current provisioning
    /// profile": `development` with a development profile, `production` for distribution and
    /// TestFlight (developer.apple.com/documentation/bundleresources/entitlements/aps-environment).
    public enum Environment: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// The development (sandbox) environment: a development provisioning profile.
        case development
        /// The production environment: the App Store, TestFlight, Ad Hoc and Enterprise builds.
        case production

        /// `development` or `production`.
        public var description: String { rawValue }

        /// Whether the two are the same case (by case, not by comparing raw strings).
        public static func == (lhs: Environment, rhs: Environment) -> Bool { lhs.ordinal == rhs.ordinal }

        /// Hashes the case, not its raw value.
        public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }

        /// The case's position in the declaration, which `==` compares and `hash(into:)` hashes:
        /// `RawRepresentable`'s defaults, which a raw-value enum gets otherwise, build and compare the
        /// raw strings at each use (`Benchmarks/README.md`, "What an app ships").
        private var ordinal: Int {
            switch self {
            case .development: 0
            case .production: 1
            }
        }
    }
}
