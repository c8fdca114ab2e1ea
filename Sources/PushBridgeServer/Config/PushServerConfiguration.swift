import PushBridgeCore

/// A server's configuration: the app's configuration file (the same `provider` and sections,
/// so swapping providers is one edit on both sides) plus a `server` section with the secrets
/// only a server may hold.
///
/// ```json
/// {
///   "provider": "jpush",
///   "jpush": { "appKey": "5a6e94518f6bd85ba173cf77", "channel": "App Store", "production": true },
///   "server": {
///     "jpush": { "masterSecret": "…" },
///     "apns":  { "keyID": "ABC123DEFG", "teamID": "DEF123GHIJ", "privateKeyPath": "AuthKey_ABC123DEFG.p8", "topic": "com.example.app" },
///     "getui": { "masterSecret": "…" }
///   }
/// }
/// ```
///
/// An app's own reader refuses a `server` section: its secrets must never ship in an app.
public struct PushServerConfiguration: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The app's part: the provider and its settings.
    public var app: PushConfiguration
    /// The `server` section, by provider; read by the provider's ``PushSenderDefinition``.
    public var server: JSONObject

    /// The configuration from its parts.
    public init(app: PushConfiguration, server: JSONObject) {
        self.app = app
        self.server = server
    }

    /// The app's part and the `server` section's keys, every value masked.
    public var description: String {
        let sections = server.keys.sorted().map { key in
            "\(key): " + UnreadProviderSettings(provider: PushProviderID(rawValue: key), section: server[key]?.objectValue ?? [:]).description
        }
        return "PushServerConfiguration(provider: \(app.provider), server: [\(sections.joined(separator: "; "))])"
    }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// The provider and the server section's providers, no value.
    public var customMirror: Mirror {
        Mirror(self, children: ["provider": app.provider, "serverSections": server.keys.sorted()], displayStyle: .struct)
    }

    /// Reads a server's configuration from JSON bytes, the app's part by `definitions`'
    /// providers.
    ///
    /// - Throws: `PushConfigurationError` listing every problem, each naming its key.
    public init(jsonBytes bytes: [UInt8], senders definitions: [any PushSenderDefinition]) throws(PushConfigurationError) {
        let json: JSONValue
        do {
            json = try JSONParser.parse(JSONParser.withoutByteOrderMark(bytes))
        } catch {
            throw PushConfigurationError(problems: [PushError(.malformedJSON, field: "configuration", error.description)])
        }
        guard case .object(var object) = json else {
            throw PushConfigurationError(problems: [
                PushError(.invalidConfiguration, field: "configuration", "is \(json.typeDescription), expected an object")
            ])
        }
        var problems: [PushError] = []
        var server = JSONObject()
        switch object["server"] {
        case .object(let section): server = section
        case nil: problems.append(PushError(.invalidConfiguration, field: "server", "missing (expected an object with the provider's secrets)"))
        case let value?: problems.append(PushError(.invalidConfiguration, field: "server", "is \(value.typeDescription), expected an object"))
        }
        object = JSONObject(object.filter { $0.key != "server" }.map { ($0.key, $0.value) })
        let known = definitions.map(\.id.rawValue)
        for key in server.keys where !known.contains(key) {
            problems.append(
                PushError(.invalidConfiguration, field: "server.\(key)", "unknown provider (expected one of: \(known.joined(separator: ", ")))"))
        }
        let app: PushConfiguration
        do {
            app = try PushConfiguration(json: .object(object), providers: definitions.map(\.providerDefinition))
        } catch {
            throw PushConfigurationError(problems: error.problems + problems)
        }
        guard problems.isEmpty else { throw PushConfigurationError(problems: problems) }
        self.init(app: app, server: server)
    }
}

/// Makes the sender a configuration names.
public enum PushSenders {
    /// The sender for `provider` — by default `configuration`'s `provider` — made by the
    /// definition with its ID.
    ///
    /// A file whose `markets` give App Store storefronts to other providers (JPush in mainland
    /// China's, APNs elsewhere) holds each one's `server` section; a device's registration says
    /// which provider it registered with (`PushEvent.Registration.provider`, sent by the app with
    /// its identifier), and the backend makes the sender of that provider:
    ///
    /// ```swift
    /// let sender = try PushSenders.make(configuration, provider: device.provider, senders: definitions)
    /// ```
    ///
    /// - Throws: `PushConfigurationError` when `provider` is not one the file names (as
    ///   `provider`, a market's or an additional one), no definition is given for it, or its
    ///   `server` section is missing or malformed.
    public static func make(
        _ configuration: PushServerConfiguration, provider: PushProviderID? = nil, senders definitions: [any PushSenderDefinition],
        options: PushSenderOptions = PushSenderOptions()
    ) throws(PushConfigurationError) -> any PushSender {
        let id = provider ?? configuration.app.provider
        let named = configuration.app.namedProviders
        guard named.contains(id) else {
            let names = named.map(\.rawValue).joined(separator: ", ")
            throw PushConfigurationError(problems: [
                PushError(.invalidConfiguration, field: "provider", "\(id) is not a provider the configuration names (expected one of: \(names))")
            ])
        }
        guard let definition = definitions.first(where: { $0.id == id }) else {
            let names = definitions.map(\.id.rawValue).joined(separator: ", ")
            throw PushConfigurationError(problems: [
                PushError(.invalidConfiguration, field: "provider", "\(id) has no sender in this build (expected one of: \(names))")
            ])
        }
        let section: JSONObject
        switch configuration.server[id.rawValue] {
        case .object(let value): section = value
        case nil:
            throw PushConfigurationError(problems: [PushError(.invalidConfiguration, field: "server.\(id)", "missing (the \(id) sender's secrets)")])
        case let value?:
            throw PushConfigurationError(problems: [
                PushError(.invalidConfiguration, field: "server.\(id)", "is \(value.typeDescription), expected an object")
            ])
        }
        return try definition.makeSender(settings: configuration.app.settings(for: id), server: section, field: "server.\(id)", options: options)
    }
}
