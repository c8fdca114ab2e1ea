import PushBridgeCore
import PushBridgeProviderKit

extension PushAdapter {
    /// The APNs environment an app is signed for (`PushConfiguration.Environment`, declared
    /// with the configuration in `PushBridgeCore`, which reads it).
    public typealias Environment = PushConfiguration.Environment

    /// The provider a client runs, chosen at launch (`push.json`'s `provider`, or its `markets`
    /// by the App Store storefront, or the app's choice), in the environment the app is signed
    /// for, and what it can do beyond receiving notifications.
    ///
    /// ```swift
    /// if let active = push.activeProvider, active.capabilities.contains(.alias) { … }
    /// ```
    public struct Active: Sendable, Hashable, CustomStringConvertible {
        /// The provider.
        public let id: PushProviderID
        /// The APNs environment the app is signed for.
        public let environment: Environment
        /// What the provider supports beyond receiving notifications.
        public let capabilities: PushCapabilities

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
