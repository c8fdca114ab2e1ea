import Foundation

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
    ///     `liveActivities`) replace ``PushClientOptions/features``.
    public convenience init(
        configurationFile: String = "push.json", bundle: Bundle = .main, adapters: [PushAdapter], options: PushClientOptions = PushClientOptions()
    ) {
        let name = configurationFile as NSString
        let url = bundle.url(forResource: name.deletingPathExtension, withExtension: name.pathExtension.isEmpty ? nil : name.pathExtension)
        let setup = ConfiguredSetup(source: configurationFile, adapters: adapters) { () throws(PushError) -> [UInt8] in
            guard let url else {
                throw PushError(.invalidConfiguration, field: configurationFile, "not found in the app's bundle (add it to the target's resources)")
            }
            return try ConfiguredSetup.contents(of: url, field: configurationFile)
        }
        self.init(setup, options: options, scheduler: DispatchScheduler())
    }

    /// A client for the provider the configuration file at `url` names, among `adapters` (see
    /// ``init(configurationFile:bundle:adapters:options:)``).
    public convenience init(
        configurationContentsOf url: URL, adapters: [PushAdapter], options: PushClientOptions = PushClientOptions(),
        scheduler: any PushScheduler = DispatchScheduler()
    ) {
        let field = url.lastPathComponent
        let setup = ConfiguredSetup(source: field, adapters: adapters) { () throws(PushError) -> [UInt8] in
            try ConfiguredSetup.contents(of: url, field: field)
        }
        self.init(setup, options: options, scheduler: scheduler)
    }

    /// A client for the provider the configuration's JSON bytes name, among `adapters` (see
    /// ``init(configurationFile:bundle:adapters:options:)``): the same reading, for a file the app
    /// loaded itself or a test.
    public convenience init(
        configurationJSON bytes: [UInt8], adapters: [PushAdapter], options: PushClientOptions = PushClientOptions(),
        scheduler: any PushScheduler = DispatchScheduler()
    ) {
        let setup = ConfiguredSetup(source: "configuration", adapters: adapters) { () throws(PushError) -> [UInt8] in bytes }
        self.init(setup, options: options, scheduler: scheduler)
    }

    /// Why push is off, when the client was made from a configuration file it could not use (a
    /// missing or malformed file, a provider the app did not link, an SDK missing from the app);
    /// `nil` when the configured provider runs.
    public var configurationProblem: PushError? {
        (provider as? UnconfiguredProvider)?.problem
    }

    /// The client `setup` decided: its provider, and the features the file switches on.
    private convenience init(_ setup: ConfiguredSetup, options: PushClientOptions, scheduler: any PushScheduler) {
        var options = options
        options.features = setup.features
        self.init(provider: setup.provider, options: options, scheduler: scheduler)
    }
}

/// What a configuration file and the app's adapters decide: the provider (or, when they cannot be
/// used, an ``UnconfiguredProvider`` carrying why) and the features the file switches on.
struct ConfiguredSetup {
    let provider: any PushProvider
    let features: PushFeatures?

    /// Reads the file `read` returns (named `source` in errors) and builds its provider from
    /// `adapters`; every failure becomes an ``UnconfiguredProvider``.
    init(source: String, adapters: [PushAdapter], read: () throws(PushError) -> [UInt8]) {
        var named: PushProviderID = .apns
        do throws(PushError) {
            let bytes = try read()
            // First without definitions: which providers the file names, so that one the app did
            // not link is said so, rather than "not one of" the linked ones.
            let names = try Self.configuration(bytes, definitions: [], source: source)
            named = names.provider
            let linked = adapters.map(\.id)
            for (index, id) in names.providers.enumerated() where !linked.contains(id) {
                let field = index == 0 ? "provider" : "additionalProviders[\(index - 1)]"
                throw PushError(
                    .invalidConfiguration, field: field,
                    "\(source) names \(id), whose adapter the app does not list (linked: \(linked.map(\.rawValue).joined(separator: ", "))): "
                        + "link its adapter module and add .\(id) to the adapters")
            }
            let configuration = try Self.configuration(bytes, definitions: adapters.compactMap(\.definition), source: source)
            var factories = PushProviderFactories()
            for adapter in adapters { factories.register(adapter.id, adapter.makeProvider) }
            provider = try factories.makeProvider(for: configuration)
            features = configuration.features
        } catch {
            provider = UnconfiguredProvider(id: named, problem: error)
            features = nil
        }
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
    static func contents(of url: URL, field: String) throws(PushError) -> [UInt8] {
        do {
            return Array(try Data(contentsOf: url))
        } catch {
            throw PushError(.invalidConfiguration, field: field, "could not be read (\(type(of: error)))")
        }
    }
}

/// The provider of a client whose configuration could not be used: nothing starts or registers,
/// and the reason is published once, as a `registrationFailed` event held for the first
/// subscriber, when the client attaches it. The callbacks the app forwards are normalised as
/// plain APNs', so a notification that still reaches the app is not lost.
final class UnconfiguredProvider: PushProvider {
    /// Why push is off.
    let problem: PushError
    /// The provider the file named (plain APNs when it named none that could be read).
    let id: PushProviderID

    init(id: PushProviderID, problem: PushError) {
        self.id = id
        self.problem = problem
    }

    /// None.
    var capabilities: PushCapabilities { [] }
    /// No message IDs.
    var findsMessageIDs: Bool { false }

    /// Publishes why push is off (held until the app subscribes).
    func attach(to sink: PushEventSink) {
        sink.publish(.registrationFailed(.init(provider: id, error: problem)))
    }

    /// Nothing starts.
    func start(_ request: PushStartRequest) throws(PushError) {}
    /// Nothing registers: the reason was published when the client was made.
    func register(_ request: PushRegistrationRequest) throws(PushError) {}
    /// Nothing to forward the token to.
    func didRegisterForRemoteNotifications(_ request: DeviceTokenRequest) {}
}
