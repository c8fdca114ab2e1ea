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
@_spi(ProviderAuthor) public struct PushProviderFactories: Sendable {
    /// Builds one provider's adapter from the configuration; a thrown error that is not a
    /// `PushError` is reported as `PushError.Code.invalidConfiguration` wrapping it as its
    /// `PushError.underlying` error. (Untyped `throws`:
    /// typed-throws function types need a newer runtime than iOS 13.)
    public typealias Factory = @Sendable (PushConfiguration) throws -> any PushProvider

    /// In the order registered; a few at most, so an array, not a dictionary.
    private var factories: [(id: PushProviderID, make: Factory)] = []

    /// No factories yet.
    public init() {}

    /// Registers how to build provider `id`'s adapter (replacing an earlier registration).
    public mutating func register(_ id: PushProviderID, _ factory: @escaping Factory) {
        if let position = factories.firstIndex(where: { $0.id == id }) {
            factories[position].make = factory
        } else {
            factories.append((id, factory))
        }
    }

    /// The providers with a registered factory, in the order first registered.
    public var registered: [PushProviderID] { factories.map(\.id) }

    /// The provider the configuration names — a `MultiplexProvider` when it names additional
    /// providers.
    ///
    /// - Throws: `PushError` (`PushError.Code.invalidConfiguration`) when a named provider has
    ///   no registered factory, or the factory's own error (one that is not a `PushError`
    ///   wrapped as the `PushError.underlying` error of an `PushError.Code.invalidConfiguration`).
    package func makeProvider(for configuration: PushConfiguration) throws(PushError) -> any PushProvider {
        var providers: [any PushProvider] = []
        for kind in configuration.providers {
            guard let factory = factories.first(where: { $0.id == kind })?.make else {
                throw PushError(
                    .invalidConfiguration, field: "provider",
                    "\(kind) is configured but no adapter is registered for it (link its adapter module and register its factory)")
            }
            do {
                providers.append(try factory(configuration))
            } catch let error as PushError {
                throw error
            } catch {
                // The factory's error is kept whole, but not printed: its text is the app's and
                // could hold a credential (the description names its type only).
                throw PushError(.invalidConfiguration, field: kind.rawValue, "the adapter could not be built", underlying: error)
            }
        }
        guard let primary = providers.first else {
            throw PushError(.invalidConfiguration, field: "provider", "missing")
        }
        return providers.count == 1 ? primary : MultiplexProvider(primary: primary, others: Array(providers.dropFirst()))
    }
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
