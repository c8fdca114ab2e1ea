import Foundation
import PushBridgeCore

/// What a notification service extension reads of the configuration file it shares with the app
/// (`push.json`, in both bundles): the providers in use, their sections, and the app group
/// (`serviceExtension.appGroup`) — named once, there.
///
/// ```swift
/// let configuration = try ServiceExtensionConfiguration(jsonBytes: bytes)
/// let reporters = try configuration.reporters(from: [.jpush, .getui])
/// ```
public struct ServiceExtensionConfiguration: Sendable {
    /// The configuration as the app reads it (each provider's section kept unread).
    public let configuration: PushConfiguration

    /// Reads the configuration file's bytes.
    ///
    /// - Throws: `PushError` naming the first problem's key (every problem in its message).
    public init(jsonBytes bytes: [UInt8]) throws(PushError) {
        do {
            configuration = try PushConfiguration(jsonBytes: bytes)
        } catch {
            let first = error.problems.first ?? PushError(.invalidConfiguration, field: "configuration", "could not be read")
            throw error.problems.count > 1 ? PushError(first.code, field: first.field, error.description) : first
        }
    }

    /// The app group the app and the extension share (`serviceExtension.appGroup`), if the file
    /// names one.
    public var appGroup: String? { configuration.features.serviceExtension?.appGroup }

    /// The providers in use, the main one first.
    public var providers: [PushProviderID] { configuration.providers }

    /// The providers whose notifications the extension reports: the one the app recorded at its
    /// last launch (`recorded`, read from the app group) and the additional ones, when the file
    /// still offers it (as `provider` or a market's); else — no record yet (the app has not run
    /// since it was installed or updated) — every provider the file names (`provider`, the markets', the additional
    /// ones), each reporter claiming only its own payloads (JPush's by `_j_msgid`, Getui's by
    /// `_gmid_`), so that a notification is reported to the provider that sent it.
    public func providers(following recorded: PushProviderID?) -> [PushProviderID] {
        guard let recorded, configuration.selectableProviders.contains(recorded) else { return configuration.namedProviders }
        return configuration.choosing(recorded).providers
    }

    /// The provider the app recorded in the app group's container `directory` at its last
    /// launch, if any (`PushBridgeProvider.json`, written by `PushClient` when the configuration
    /// names `serviceExtension.appGroup`).
    public static func recordedProvider(in directory: URL) -> PushProviderID? {
        ProviderRecord.read(in: directory)?.provider
    }

    /// The string at `key` of `provider`'s section.
    ///
    /// - Throws: `PushError` (`PushError.Code.invalidConfiguration`) naming `provider.key`
    ///   when the section or the key is missing, or the value is not a string.
    public func string(_ key: String, of provider: PushProviderID) throws(PushError) -> String {
        let field = "\(provider).\(key)"
        guard let section = configuration.settings(for: provider) as? UnreadProviderSettings else {
            throw PushError(
                .invalidConfiguration, field: provider.rawValue, "missing (the \(provider) settings are required when \(provider) is a provider)")
        }
        guard let value = section.section[key] else { throw PushError(.invalidConfiguration, field: field, "missing") }
        guard case .string(let text) = value, !text.isEmpty else {
            throw PushError(.invalidConfiguration, field: field, "is \(value.typeDescription), expected a non-empty string")
        }
        return text
    }

    /// The app group, or an error saying where to name it.
    ///
    /// - Throws: `PushError` naming `serviceExtension.appGroup` when the file has none.
    public func requireAppGroup() throws(PushError) -> String {
        guard let appGroup else {
            throw PushError(.invalidConfiguration, field: "serviceExtension.appGroup", "missing (the app group the app and the extension share)")
        }
        return appGroup
    }

    /// The reporters of the providers in use (``providers(following:)`` the provider the app
    /// recorded), made by their adapters among `adapters`; plain APNs needs none.
    ///
    /// - Throws: `PushError` when a provider other than APNs has no adapter among `adapters`
    ///   (naming it and the product to link), or an adapter could not make its reporter.
    public func reporters(
        from adapters: [ServiceExtensionReporterAdapter], recorded: PushProviderID? = nil
    ) throws(PushError) -> [any ServiceExtensionReporter] {
        var reporters: [any ServiceExtensionReporter] = []
        for id in providers(following: recorded) where id != .apns {
            guard let adapter = adapters.first(where: { $0.id == id }) else {
                throw PushError(
                    .invalidConfiguration, field: "provider",
                    "\(id) is configured but the extension lists no reporter for it: link its extension product and add .\(id) to reporterAdapters")
            }
            do {
                reporters.append(try adapter.makeReporter(self))
            } catch let error as PushError {
                throw error
            } catch {
                throw PushError(.invalidConfiguration, field: id.rawValue, "the reporter could not be made", underlying: error)
            }
        }
        return reporters
    }
}

extension ServiceExtensionConfiguration {
    /// The reporters for the configuration file `read` returns, made by `adapters` — never an
    /// error: when the file or an adapter cannot be used, one reporter that claims every
    /// notification and reports ``ServiceExtensionReport/failed(_:)`` with the reason, so it
    /// reaches the outcome (``ServiceExtensionSessionOutcome/report``), the ledger and
    /// `didFinish(_:)` instead of vanishing.
    ///
    /// - Parameters:
    ///   - read: The file's bytes, or an error naming the file.
    ///   - adapters: The reporters the extension links.
    ///   - recorded: The provider the app recorded at its last launch (``recordedProvider(in:)``).
    public static func reporters(
        reading read: () throws(PushError) -> [UInt8], adapters: [ServiceExtensionReporterAdapter], recorded: PushProviderID? = nil
    ) -> [any ServiceExtensionReporter] {
        var named: PushProviderID = .apns
        do throws(PushError) {
            let configuration = try ServiceExtensionConfiguration(jsonBytes: try read())
            named = configuration.providers(following: recorded).first ?? named
            return try configuration.reporters(from: adapters, recorded: recorded)
        } catch {
            return [UnusableConfigurationReporter(provider: named, problem: error)]
        }
    }
}

/// The reporter of an extension whose configuration could not be used: it claims every
/// notification and reports why, once per notification.
struct UnusableConfigurationReporter: ServiceExtensionReporter {
    let provider: PushProviderID
    let problem: PushError

    func claims(_ payload: JSONObject) -> Bool { true }

    func report(_ request: ServiceExtensionRequest, completion: @escaping @Sendable (ServiceExtensionReport) -> Void) {
        completion(.failed(problem))
    }
}
