import PushBridgeCore
import PushBridgeProviderKit

/// One push provider's adapter as an app lists it: the provider's name, how to read its section
/// of the configuration file, and how to build it — one value per provider.
///
/// Each adapter module offers its value (`PushAdapter.apns` in `PushBridgeAPNs`, `.jpush` in
/// `PushBridgeJPush`, `.getui` in `PushBridgeGetui`); the app lists those it links and the
/// configuration file picks one, so switching providers is an edit of `push.json`:
///
/// ```swift
/// let client = PushClient(configurationFile: "push.json", adapters: [.apns, .jpush, .getui])
/// ```
///
/// An adapter author makes one from the provider's definition and a function that builds the
/// provider from the configuration the file was read into.
public struct PushAdapter: Sendable {
    /// Builds the provider from the configuration (its settings section read by the adapter's
    /// definition). A thrown error that is not a `PushError` is kept as the
    /// `PushError.underlying` error of an `PushError.Code.invalidConfiguration` one, its text
    /// never printed. (Untyped `throws`: typed-throws function types need a newer runtime than
    /// iOS 13.)
    public typealias MakeProvider = @Sendable (PushConfiguration) throws -> any PushProvider

    /// The provider's name, as `"provider"` in the configuration file names it.
    public let id: PushProviderID
    /// How the provider's section of the configuration file is read; `nil` keeps the section as
    /// it is (`UnreadProviderSettings`) for ``makeProvider`` to read.
    public let definition: (any PushProviderDefinition)?
    /// Builds the provider.
    public let makeProvider: MakeProvider
    /// Puts the providers a configuration runs at once (its `additionalProviders` beside its
    /// `provider`) behind one; set only on `PushAdapter.multiplex` (`PushBridgeMultiplex`), which
    /// builds no provider of its own.
    package let combine: Combine?

    /// One provider standing for `primary` and `others`, the configuration's order kept.
    package typealias Combine = @Sendable (_ primary: any PushProvider, _ others: [any PushProvider]) -> any PushProvider

    /// An adapter from its parts.
    ///
    /// - Parameters:
    ///   - id: The provider's name in the configuration file.
    ///   - definition: How its section is read (its settings, message IDs, channels).
    ///   - makeProvider: Builds the provider from the configuration; it throws when the provider's
    ///     SDK is not in the app (a `PushError` naming what to link).
    public init(id: PushProviderID, definition: (any PushProviderDefinition)?, makeProvider: @escaping MakeProvider) {
        self.id = id
        self.definition = definition
        self.makeProvider = makeProvider
        combine = nil
    }

    /// An entry that lets a configuration run several providers at once, named `id` and
    /// building them through `combine`; it reads no section and builds no provider of its own.
    package init(id: PushProviderID, combining combine: @escaping Combine) {
        self.id = id
        definition = nil
        makeProvider = { _ in throw PushError(.invalidConfiguration, field: "provider", "\(id) is not a provider") }
        self.combine = combine
    }
}

/// The one registry of providers: the adapters an app lists (issue 44: `PushProviderFactories`, a
/// second registry with the same closure type, is gone).
extension [PushAdapter] {
    /// The provider the configuration names, built by its adapter (the last one listed for it) —
    /// with additional providers, all of them behind the one `PushAdapter.multiplex` combines them
    /// into (`PushBridgeMultiplex`), and an error naming that product when it is not listed.
    ///
    /// - Throws: `PushError` (`PushError.Code.invalidConfiguration`) when a named provider has
    ///   no adapter here, or the adapter's own error (one that is not a `PushError` wrapped as
    ///   the `PushError.underlying` error of an `PushError.Code.invalidConfiguration`).
    package func provider(for configuration: PushConfiguration) throws(PushError) -> any PushProvider {
        let combine = last(where: { $0.combine != nil })?.combine
        if combine == nil, !configuration.additionalProviders.isEmpty {
            throw PushError(
                .invalidConfiguration, field: "additionalProviders",
                "runs \(configuration.providers.count) providers at once: add the PushBridgeMultiplex product, import it and add .multiplex to the adapters"
            )
        }
        var providers: [any PushProvider] = []
        for kind in configuration.providers {
            guard let adapter = last(where: { $0.id == kind && $0.combine == nil }) else {
                throw PushError(
                    .invalidConfiguration, field: "provider",
                    "\(kind) is configured but no adapter is registered for it (link its adapter module and list it)")
            }
            do {
                providers.append(try adapter.makeProvider(configuration))
            } catch let error as PushError {
                throw error
            } catch {
                // The adapter's error is kept whole, but not printed: its text is the app's and
                // could hold a credential (the description names its type only).
                throw PushError(.invalidConfiguration, field: kind.rawValue, "the adapter could not be built", underlying: error)
            }
        }
        guard let primary = providers.first else {
            throw PushError(.invalidConfiguration, field: "provider", "missing")
        }
        guard let combine, providers.count > 1 else { return primary }
        return combine(primary, [any PushProvider](providers.dropFirst()))
    }
}

extension PushConfiguration {
    /// The settings at `keyPath`, or an error naming `key` when the configuration lacks them: what
    /// an adapter's ``PushAdapter/MakeProvider`` reads its settings with.
    public func require<Settings>(_ keyPath: KeyPath<PushConfiguration, Settings?>, _ key: String) throws(PushError) -> Settings {
        guard let settings = self[keyPath: keyPath] else {
            throw PushError(.invalidConfiguration, field: key, "missing (the \(key) settings are required when \(key) is a provider)")
        }
        return settings
    }
}
