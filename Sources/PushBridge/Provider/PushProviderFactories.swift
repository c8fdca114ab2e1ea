import PushBridgeCore
import PushBridgeProviderKit

/// How to build each provider's adapter from a configuration: an app registers the adapters it
/// links, and the configuration picks among them — swapping providers is a configuration edit.
///
/// ```swift
/// var factories = PushProviderFactories()
/// factories.register(.jpush) { configuration in
///     JPushProvider(settings: try configuration.require(\.jpush, "jpush"), bridge: try JPUSHServiceBridge(),
///                  applicationState: JPUSHServiceBridge.currentApplicationState)
/// }
/// factories.register(.getui) { configuration in
///     GetuiProvider(
///         settings: try configuration.require(\.getui, "getui"), bridge: try GeTuiSdkBridge(),
///         applicationState: GeTuiSdkBridge.currentApplicationState)
/// }
/// let client = try PushClient(configuration: configuration, factories: factories)
/// ```
///
/// A builder of the one registry, a list of ``PushAdapter``s (issue 44: two registries with the
/// same closure type became one): each registration is an adapter with no definition, and the
/// provider is built by the same code as for ``PushClient/init(configurationFile:bundle:adapters:options:)``.
@_spi(ProviderAuthor) public struct PushProviderFactories: Sendable {
    /// Builds one provider's adapter from the configuration: ``PushAdapter/MakeProvider``.
    public typealias Factory = PushAdapter.MakeProvider

    /// The adapters registered, in the order first registered; a few at most.
    package private(set) var adapters: [PushAdapter] = []

    /// No factories yet.
    public init() {}

    /// Registers how to build provider `id`'s adapter (replacing an earlier registration).
    public mutating func register(_ id: PushProviderID, _ factory: @escaping Factory) {
        let adapter = PushAdapter(id: id, definition: nil, makeProvider: factory)
        if let position = adapters.firstIndex(where: { $0.id == id }) {
            adapters[position] = adapter
        } else {
            adapters.append(adapter)
        }
    }

    /// The providers with a registered factory, in the order first registered.
    public var registered: [PushProviderID] { adapters.map(\.id) }
}

extension PushConfiguration {
    /// The settings at `keyPath`, or an error naming `key` when the configuration lacks them.
    public func require<Settings>(_ keyPath: KeyPath<PushConfiguration, Settings?>, _ key: String) throws(PushError) -> Settings {
        guard let settings = self[keyPath: keyPath] else {
            throw PushError(.invalidConfiguration, field: key, "missing (the \(key) settings are required when \(key) is a provider)")
        }
        return settings
    }
}
