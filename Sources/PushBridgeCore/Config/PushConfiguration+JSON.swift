extension PushConfiguration {
    /// The configuration's top-level keys besides the providers' sections.
    static let commonJSONFields = ["provider", "additionalProviders", "markets"] + PushFeatures.jsonFields

    /// The key server-side secrets go by; never allowed in an app's configuration.
    static let serverSecretKey = "masterSecret"
    /// The server's section of a shared configuration file (PushBridgeServer reads it); never
    /// allowed in an app's configuration either.
    static let serverSectionKey = "server"

    /// Reads a configuration from JSON bytes, each provider's section by its definition in
    /// `providers` (plain APNs' is built in).
    ///
    /// With definitions, a provider or a section no definition knows is an error; with none
    /// (`providers: []`), any well-formed provider name is accepted and its section kept unread
    /// (``UnreadProviderSettings``), to be read by the adapter's factory.
    ///
    /// - Throws: ``PushConfigurationError`` listing every problem, each naming its key.
    public init(jsonBytes bytes: [UInt8], providers: [any PushProviderDefinition] = []) throws(PushConfigurationError) {
        let json: JSONValue
        do {
            json = try JSONParser.parse(JSONParser.withoutByteOrderMark(bytes))
        } catch {
            throw PushConfigurationError(problems: [PushError(.malformedJSON, field: "configuration", error.description)])
        }
        try self.init(json: json, providers: providers)
    }

    /// Reads a configuration from a JSON value (see ``init(jsonBytes:providers:)``).
    ///
    /// - Throws: ``PushConfigurationError`` listing every problem, each naming its key.
    public init(json: JSONValue, providers: [any PushProviderDefinition] = []) throws(PushConfigurationError) {
        var problems = ProblemList()
        guard case .object(let object) = json else {
            throw PushConfigurationError(problems: [
                PushError(.invalidConfiguration, field: "configuration", "is \(json.typeDescription), expected an object")
            ])
        }
        let definitions = Self.definitions(providers)
        let known = definitions.map(\.id)
        let isOpen = providers.isEmpty
        let fields = JSONFieldReader(object, code: .invalidConfiguration)
        let sectionKeys = known.map(\.rawValue)
        let others = sectionKeys.filter { $0 != PushProviderID.apns.rawValue }

        // Plain APNs first, then the definitions in the order given.
        let names = ([PushProviderID.apns.rawValue] + others).joined(separator: ", ")
        let expected = isOpen ? "expected a provider's name" : "expected one of: \(names)"
        func providerID(_ name: String, field: String) throws(PushError) -> PushProviderID {
            let id = PushProviderID(rawValue: name)
            if isOpen ? PushProviderID.isValidName(name) : known.contains(id) { return id }
            let shown = JSONFieldReader.shown(.string(name))
            throw fields.error(
                field, isOpen ? "\(shown) is not a provider's name (lowercase letters, digits and -)" : "\(shown) is not one of: \(names)")
        }
        let allKeys = Self.commonJSONFields + others + [PushProviderID.apns.rawValue]
        for key in object.keys where !Self.commonJSONFields.contains(key) && !sectionKeys.contains(key) {
            if key == Self.serverSecretKey || key == Self.serverSectionKey {
                problems.add(Self.serverSecretError(key))
            } else if isOpen, PushProviderID.isValidName(key) {
                continue  // a section of a provider not in use, kept unread
            } else {
                problems.add(fields.error(key, "unknown key (expected one of: \(allKeys.joined(separator: ", ")))"))
            }
        }
        let provider =
            problems.collect { () throws(PushError) -> PushProviderID? in
                guard let value = object["provider"] else { throw fields.error("provider", "missing (\(expected))") }
                guard case .string(let name) = value else { throw fields.typeError("provider", value, expected: "a string") }
                return try providerID(name, field: "provider")
            } ?? nil
        var additional: [PushProviderID] = []
        if let names = problems.collect({ () throws(PushError) in try fields.strings("additionalProviders") }) ?? nil {
            for (index, name) in names.enumerated() {
                let field = "additionalProviders[\(index)]"
                if let id = problems.collect({ () throws(PushError) -> PushProviderID in try providerID(name, field: field) }) {
                    if id == provider || additional.contains(id) {
                        problems.add(fields.error(field, "\"\(name)\" is already in use"))
                    } else {
                        additional.append(id)
                    }
                }
            }
        }
        var markets: [Market] = []
        if let section = problems.collect({ () throws(PushError) in try fields.object("markets") }) ?? nil {
            for code in section.keys.sortedByUTF8() {
                let field = "markets.\(code)"
                guard Market.isStorefrontCode(code) else {
                    let shown = JSONFieldReader.shown(.string(code))
                    problems.add(
                        fields.error(field, "\(shown) is not a storefront's country code (ISO 3166-1 alpha-3: three uppercase letters, \"CHN\")"))
                    continue
                }
                guard case .string(let name) = section[code] else {
                    problems.add(fields.typeError(field, section[code] ?? .null, expected: "a provider's name"))
                    continue
                }
                guard let id = problems.collect({ () throws(PushError) -> PushProviderID in try providerID(name, field: field) }) else { continue }
                if additional.contains(id) {
                    problems.add(fields.error(field, "\"\(name)\" is in additionalProviders: a market's provider is the one that receives there"))
                } else {
                    markets.append(Market(code: code, provider: id))
                }
            }
        }
        var inUse = [provider].compactMap { $0 } + additional
        for market in markets where !inUse.contains(market.provider) { inUse.append(market.provider) }
        var settings: [any PushProviderSettings] = []
        // The sections in the order their problems are listed: the definitions' (plain APNs last),
        // then any other, by name.
        let ordered = allKeys.filter { object[$0] != nil } + object.keys.sortedByUTF8().filter { !allKeys.contains($0) }
        for key in ordered where !Self.commonJSONFields.contains(key) && key != Self.serverSecretKey && key != Self.serverSectionKey {
            let id = PushProviderID(rawValue: key)
            guard let value = object[key], sectionKeys.contains(key) || (isOpen && PushProviderID.isValidName(key)) else { continue }
            guard case .object(let section) = value else {
                problems.add(fields.error(key, "is \(value.typeDescription), expected an object"))
                continue
            }
            guard let definition = definitions.first(where: { $0.id == id }) else {
                settings.append(UnreadProviderSettings(provider: id, section: section))
                continue
            }
            do {
                settings.append(try definition.readSettings(section, field: key))
            } catch {
                for problem in error.problems { problems.add(problem) }
            }
        }
        for id in inUse where object[id.rawValue] == nil {
            if definitions.first(where: { $0.id == id })?.requiresSettings == true {
                problems.add(fields.error(id.rawValue, "missing (the \(id) settings are required when \(id) is a provider)"))
            }
        }
        let features = PushFeatures(reading: object, problems: &problems)
        guard problems.isEmpty, let provider else { throw PushConfigurationError(problems: problems.errors) }
        self.init(provider: provider, additionalProviders: additional, settings: settings, features: features)
        self.markets = markets
    }

    /// The definitions to read with: `providers`, plain APNs' built in unless given.
    private static func definitions(_ providers: [any PushProviderDefinition]) -> [any PushProviderDefinition] {
        providers.contains { $0.id == .apns } || providers.isEmpty ? providers : [APNsDefinition()] + providers
    }

    static func serverSecretError(_ field: String) -> PushError {
        PushError(.invalidConfiguration, field: field, "a server-side secret must never ship inside an app: remove it (it belongs on your server)")
    }
}

/// Problems collected while reading, so every one is reported, not just the first.
package struct ProblemList {
    package init() {}

    package private(set) var errors: [PushError] = []
    package var isEmpty: Bool { errors.isEmpty }

    package mutating func add(_ error: PushError) { errors.append(error) }

    /// Runs `read`, recording its error; `nil` when it failed.
    package mutating func collect<Value>(_ read: () throws(PushError) -> Value) -> Value? {
        do {
            return try read()
        } catch {
            errors.append(error)
            return nil
        }
    }
}

extension JSONFieldReader {
    /// Records every key not in `known`; a `masterSecret` gets its own error.
    package func reportUnknownKeys(_ known: [String], into problems: inout ProblemList) {
        for key in object.keys where !known.contains(key) {
            if key == PushConfiguration.serverSecretKey {
                problems.add(PushConfiguration.serverSecretError(path(of: key)))
            } else {
                let expected = known.isEmpty ? "no keys" : "one of: \(known.joined(separator: ", "))"
                problems.add(error(path(of: key), "unknown key (expected \(expected))"))
            }
        }
    }
}

/// Byte classes for validating identifiers.
package enum ASCIIHex {
    package static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    package static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
