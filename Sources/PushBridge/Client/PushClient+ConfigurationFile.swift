import Foundation
import PushBridgeCore
import PushBridgeProviderKit

/// Making a client from the configuration file and the adapters the app links.
///
/// These initialisers never throw and never trap: a missing or malformed file, or a provider the
/// app did not link, leaves push off (the client runs with no provider SDK) and the reason
/// reaches the app twice — as ``PushClient/configurationProblem``, and as a `registrationFailed`
/// event held for the first subscriber of ``PushClient/events()``, naming the key concerned and
/// what was expected.
extension PushClient {
    /// A client for the provider the configuration file in `bundle` names, among `adapters`.
    ///
    /// ```swift
    /// let client = PushClient(configurationFile: "push.json", adapters: [.apns, .jpush, .getui])
    /// ```
    ///
    /// - Parameters:
    ///   - configurationFile: The file's name in the bundle (`push.json` by default).
    ///   - bundle: Where the file is (the app's main bundle by default).
    ///   - adapters: The adapters the app links (`.apns`, `.jpush`, `.getui`): the file picks one.
    ///   - options: Bounds and defaults; the file's features (`serviceExtension`, `voip`,
    ///     `liveActivities`) replace `PushClientOptions.features`.
    public convenience init(
        configurationFile: String = "push.json", bundle: Bundle = .main, adapters: [PushAdapter], options: PushClientOptions = PushClientOptions()
    ) {
        let name = configurationFile as NSString
        let url = bundle.url(forResource: name.deletingPathExtension, withExtension: name.pathExtension.isEmpty ? nil : name.pathExtension)
        let bytes =
            url.map { ConfiguredSetup.contents(of: $0, field: configurationFile) }
            ?? .failure(
                PushError(.invalidConfiguration, field: configurationFile, "not found in the app's bundle (add it to the target's resources)"))
        self.init(
            ConfiguredSetup(source: configurationFile, adapters: adapters, bytes: bytes, appChoice: options.provider, launch: .device),
            options: options)
    }

    /// A client for the provider the configuration file at `url` names, among `adapters` (see
    /// ``init(configurationFile:bundle:adapters:options:)``).
    public convenience init(configurationContentsOf url: URL, adapters: [PushAdapter], options: PushClientOptions = PushClientOptions()) {
        let field = url.lastPathComponent
        let bytes = ConfiguredSetup.contents(of: url, field: field)
        self.init(ConfiguredSetup(source: field, adapters: adapters, bytes: bytes, appChoice: options.provider, launch: .device), options: options)
    }

    /// A client for the provider the configuration's JSON bytes name, among `adapters` (see
    /// ``init(configurationFile:bundle:adapters:options:)``): the same reading, for a file the app
    /// loaded itself or a test.
    public convenience init(configurationJSON bytes: [UInt8], adapters: [PushAdapter], options: PushClientOptions = PushClientOptions()) {
        self.init(configurationJSON: bytes, adapters: adapters, options: options, launch: .device)
    }

    /// A client for the configuration's JSON bytes, at a launch whose storefront, signing and app
    /// group container are `launch`'s (a test's).
    convenience init(
        configurationJSON bytes: [UInt8], adapters: [PushAdapter], options: PushClientOptions = PushClientOptions(), launch: LaunchContext
    ) {
        let setup = ConfiguredSetup(source: "configuration", adapters: adapters, bytes: .success(bytes), appChoice: options.provider, launch: launch)
        self.init(setup, options: options)
    }

    /// The scheduler of the clients made from a configuration file: one, shared. A stored
    /// existential, not `DispatchScheduler()` at each call: given the concrete type, the compiler
    /// made a second copy of the client's and the core's initialisers for it (1.6 KB of arm64 code).
    private static let configuredScheduler: any PushScheduler = DispatchScheduler()

    /// Why push is off, when the client was made from a configuration file it could not use (a
    /// missing or malformed file, a provider the app did not link, an SDK missing from the app);
    /// `nil` when the configured provider runs.
    public var configurationProblem: PushError? {
        core.start.withLock { $0.configurationProblem }
    }

    /// The client `setup` decided: its provider (none, when the file could not be used: the
    /// reason is kept and published once, held for the first subscriber), and the features the
    /// file switches on.
    private convenience init(_ setup: ConfiguredSetup, options: PushClientOptions) {
        var options = options
        options.features = setup.features
        options.environment = setup.environment
        self.init(provider: setup.provider ?? NoOpProvider(), options: options, scheduler: Self.configuredScheduler)
        if let problem = setup.problem {
            core.start.withLock { $0.configurationProblem = problem }
            publish(.registrationFailed(.init(provider: setup.named, error: problem)))
        }
    }
}

/// What a configuration file and the app's adapters decide: the provider and the features the
/// file switches on, or, when they cannot be used, why.
///
/// A class, not a struct: made once, read once by the client's initialiser, never copied, and a
/// struct of these five fields needed a value witness table and outlined copies of its own.
final class ConfiguredSetup {
    /// The provider, `nil` when the file or the adapters could not be used.
    var provider: (any PushProvider)?
    var features: PushFeatures?
    /// Why push is off.
    var problem: PushError?
    /// The provider the file named (plain APNs when it named none that could be read): the
    /// one chosen for this launch once the file was read.
    var named: PushProviderID = .apns
    /// The APNs environment the app is signed for.
    var environment: PushAdapter.Environment

    /// Reads the file's `bytes` (or why there are none; the file is named `source` in errors),
    /// chooses the provider of this launch (the app's choice, else the storefront's market —
    /// `LaunchContext`), builds it from `adapters` and records it in the app group for the
    /// service extension; a failure is kept as ``problem``.
    init(source: String, adapters: [PushAdapter], bytes: Result<[UInt8], PushError>, appChoice: PushProviderID?, launch: LaunchContext) {
        environment = launch.environment
        do throws(PushError) {
            let bytes = try bytes.get()
            // First without definitions: which providers the file names, so that one the app did
            // not link is said so, rather than "not one of" the linked ones.
            let names = try Self.configuration(bytes, definitions: [], source: source)
            named = names.provider
            let linked = adapters.filter { $0.combine == nil }.map(\.id)
            for (index, id) in names.providers.enumerated() where !linked.contains(id) {
                throw Self.notLinked(id, field: index == 0 ? "provider" : "additionalProviders[\(index - 1)]", source: source, linked: linked)
            }
            // Every market's too: a provider the app cannot run in one market is a mistake in every one.
            for market in names.markets where !linked.contains(market.provider) {
                throw Self.notLinked(market.provider, field: "markets.\(market.code)", source: source, linked: linked)
            }
            let container = names.features.serviceExtension.flatMap { launch.container($0.appGroup) }
            let recorded = container.flatMap { ProviderRecord.read(in: $0) }?.provider
            let chosen = try names.chosenProvider(appChoice: appChoice, storefront: launch.storefront, recorded: recorded)
            named = chosen
            var configuration = try Self.configuration(bytes, definitions: adapters.compactMap(\.definition), source: source).choosing(chosen)
            configuration.environment = launch.environment
            provider = try adapters.provider(for: configuration)
            features = configuration.features
            // Recorded once the provider could be built: the extension follows what runs. A
            // record that cannot be written leaves the extension on its fallback (every named
            // provider's reporter, each claiming its own payloads).
            try? container.map { try ProviderRecord(provider: chosen, environment: launch.environment).write(in: $0) }
        } catch {
            problem = error
        }
    }

    /// The error for provider `id`, named at `field`, whose adapter the app does not list.
    private static func notLinked(_ id: PushProviderID, field: String, source: String, linked: [PushProviderID]) -> PushError {
        PushError(
            .invalidConfiguration, field: field,
            "\(source) names \(id), whose adapter the app does not list (linked: \(linked.map(\.rawValue).joined(separator: ", "))): "
                + "link its adapter module and add .\(id) to the adapters")
    }

    /// The configuration in `bytes`; every problem in one error, whose first names the field.
    static func configuration(_ bytes: [UInt8], definitions: [any PushProviderDefinition], source: String) throws(PushError) -> PushConfiguration {
        do {
            return try PushConfiguration(jsonBytes: bytes, providers: definitions)
        } catch {
            let first = error.problems.first ?? PushError(.invalidConfiguration, field: source, "could not be read")
            guard error.problems.count > 1 else { throw first }
            throw PushError(first.code, field: first.field, "\(error.problems.map(\.description).joined(separator: "; "))")
        }
    }

    /// The bytes of the file at `url`, or an error naming `field` (never the file's contents).
    static func contents(of url: URL, field: String) -> Result<[UInt8], PushError> {
        do {
            return .success(Array(try Data(contentsOf: url)))
        } catch {
            return .failure(PushError(.invalidConfiguration, field: field, "could not be read (\(type(of: error)))"))
        }
    }
}

/// Making a client from a configuration file.
extension PushClient {
    /// A client whose provider the configuration picks among `adapters` (the last one listed for
    /// a provider), with the features it switches on (`PushClientOptions.features`): what
    /// ``init(configurationFile:bundle:adapters:options:)`` does once the file is read, for the
    /// package's tests, which hold a configuration already.
    ///
    /// - Throws: `PushError` when the configuration names a provider no adapter builds.
    convenience init(
        configuration: PushConfiguration, adapters: [PushAdapter], options: PushClientOptions = PushClientOptions(),
        scheduler: any PushScheduler = DispatchScheduler()
    ) throws(PushError) {
        var options = options
        options.features = configuration.features
        self.init(provider: try adapters.provider(for: configuration), options: options, scheduler: scheduler)
    }
}
