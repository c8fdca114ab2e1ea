extension PushAdapter {
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
    }

    /// The provider a client runs, chosen at launch (`push.json`'s `provider`, or its `markets`
    /// by the App Store storefront, or the app's choice), in the environment the app is signed
    /// for, and what it can do beyond receiving notifications.
    ///
    /// ```swift
    /// if let active = push.activeProvider, active.capabilities.contains(.alias) { … }
    /// ```
    public struct Active: Sendable, Hashable, CustomStringConvertible {
        /// The provider.
        public var id: PushProviderID
        /// The APNs environment the app is signed for.
        public var environment: Environment
        /// What the provider supports beyond receiving notifications.
        public var capabilities: PushCapabilities

        /// A description from its parts.
        public init(id: PushProviderID, environment: Environment, capabilities: PushCapabilities) {
            self.id = id
            self.environment = environment
            self.capabilities = capabilities
        }

        /// `jpush (production) [alias, tags]`.
        public var description: String { "\(id) (\(environment)) \(capabilities)" }
    }
}
