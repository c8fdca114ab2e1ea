extension PushConfiguration {
    /// The configuration's top-level keys.
    public static let jsonFields = ["provider", "additionalProviders", "jpush", "getui", "apns"]

    /// The key server-side secrets go by; never allowed in an app's configuration.
    static let serverSecretKey = "masterSecret"

    /// Reads a configuration from JSON bytes.
    ///
    /// - Throws: ``PushConfigurationError`` listing every problem, each naming its key.
    public init(jsonBytes bytes: [UInt8]) throws(PushConfigurationError) {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw PushConfigurationError(problems: [PushError(.malformedJSON, field: "configuration", error.description)])
        }
        try self.init(json: json)
    }

    /// Reads a configuration from a JSON value.
    ///
    /// - Throws: ``PushConfigurationError`` listing every problem, each naming its key.
    public init(json: JSONValue) throws(PushConfigurationError) {
        var problems = ProblemList()
        guard case .object(let object) = json else {
            throw PushConfigurationError(problems: [
                PushError(.invalidConfiguration, field: "configuration", "is \(json.typeDescription), expected an object")
            ])
        }
        let fields = JSONFieldReader(object, code: .invalidConfiguration)
        for key in object.keys where !Self.jsonFields.contains(key) {
            problems.add(key == Self.serverSecretKey ? Self.serverSecretError(key) : fields.error(key, "unknown key (expected one of: \(Self.jsonFields.joined(separator: ", ")))"))
        }
        let provider = problems.collect { () throws(PushError) -> PushProviderKind? in
            guard object["provider"] != nil else { throw fields.error("provider", "missing (expected one of: apns, jpush, getui)") }
            return try fields.choice("provider", PushProviderKind.self)
        } ?? nil
        var additional: [PushProviderKind] = []
        if let names = problems.collect({ () throws(PushError) in try fields.strings("additionalProviders") }) ?? nil {
            for (index, name) in names.enumerated() {
                if let kind = problems.collect({ () throws(PushError) -> PushProviderKind in
                    try JSONFieldReader.choice(name, field: "additionalProviders[\(index)]", code: .invalidConfiguration)
                }) {
                    if kind == provider || additional.contains(kind) {
                        problems.add(fields.error("additionalProviders[\(index)]", "\"\(name)\" is already in use"))
                    } else {
                        additional.append(kind)
                    }
                }
            }
        }
        let inUse = Set([provider].compactMap { $0 } + additional)
        let jpush = Self.section("jpush", of: fields, required: inUse.contains(.jpush), problems: &problems, read: JPushSettings.init(fields:problems:))
        let getui = Self.section("getui", of: fields, required: inUse.contains(.getui), problems: &problems, read: GetuiSettings.init(fields:problems:))
        let apns = Self.section("apns", of: fields, required: false, problems: &problems, read: APNsSettings.init(fields:problems:))
        guard problems.isEmpty, let provider else { throw PushConfigurationError(problems: problems.errors) }
        self.init(provider: provider, additionalProviders: additional, jpush: jpush, getui: getui, apns: apns)
    }

    /// Reads one provider's section, if present (or reports it missing when required).
    private static func section<Settings>(
        _ key: String, of fields: JSONFieldReader, required: Bool, problems: inout ProblemList,
        read: (JSONFieldReader, inout ProblemList) -> Settings?
    ) -> Settings? {
        guard let value = fields.object[key] else {
            if required { problems.add(fields.error(key, "missing (the \(key) settings are required when \(key) is a provider)")) }
            return nil
        }
        guard case .object(let object) = value else {
            problems.add(fields.error(key, "is \(value.typeDescription), expected an object"))
            return nil
        }
        return read(JSONFieldReader(object, path: key, code: .invalidConfiguration), &problems)
    }

    static func serverSecretError(_ field: String) -> PushError {
        PushError(.invalidConfiguration, field: field, "a server-side secret must never ship inside an app: remove it (it belongs on your server)")
    }
}

/// Problems collected while reading, so every one is reported, not just the first.
struct ProblemList {
    private(set) var errors: [PushError] = []
    var isEmpty: Bool { errors.isEmpty }

    mutating func add(_ error: PushError) { errors.append(error) }

    /// Runs `read`, recording its error; `nil` when it failed.
    mutating func collect<Value>(_ read: () throws(PushError) -> Value) -> Value? {
        do {
            return try read()
        } catch {
            errors.append(error)
            return nil
        }
    }
}

extension JPushSettings {
    static let jsonFields = ["appKey", "channel", "production", "advertisingIdentifier"]

    init?(fields: JSONFieldReader, problems: inout ProblemList) {
        fields.reportUnknownKeys(Self.jsonFields, into: &problems)
        let appKey = problems.collect { () throws(PushError) -> SecretText? in
            guard let key = try fields.string("appKey") else { throw fields.error("jpush.appKey", "missing (expected 24 hexadecimal characters)") }
            guard key.count == 24, key.utf8.allSatisfy({ ASCIIHex.isHexDigit($0) }) else {
                throw fields.error("jpush.appKey", "\(SecretText.mask(key)) (\(key.count) characters) is not 24 hexadecimal characters")
            }
            return SecretText(key)
        } ?? nil
        let channel = problems.collect { () throws(PushError) -> String in
            let channel = try fields.string("channel") ?? JPushSettings.defaultChannel
            guard !channel.isEmpty, channel.count <= 64 else { throw fields.error("jpush.channel", "must be 1 to 64 characters") }
            return channel
        }
        let production = problems.collect { () throws(PushError) in try fields.bool("production") ?? false }
        let advertisingText: String?? = problems.collect { () throws(PushError) -> String? in try fields.string("advertisingIdentifier") }
        let advertisingIdentifier = (advertisingText ?? nil).map { SecretText($0) }
        guard let appKey, let channel, let production else { return nil }
        self.init(appKey: appKey, channel: channel, production: production, advertisingIdentifier: advertisingIdentifier)
    }
}

extension GetuiSettings {
    static let jsonFields = ["appId", "appKey", "appSecret"]

    init?(fields: JSONFieldReader, problems: inout ProblemList) {
        fields.reportUnknownKeys(Self.jsonFields, into: &problems)
        func credential(_ key: String) -> SecretText? {
            problems.collect { () throws(PushError) -> SecretText? in
                guard let value = try fields.string(key) else { throw fields.error("getui.\(key)", "missing (expected Getui's \(key) from its console)") }
                guard (1...64).contains(value.count), value.utf8.allSatisfy({ ASCIIHex.isAlphanumeric($0) }) else {
                    throw fields.error("getui.\(key)", "\(SecretText.mask(value)) (\(value.count) characters) is not 1 to 64 letters and digits")
                }
                return SecretText(value)
            } ?? nil
        }
        let appID = credential("appId")
        let appKey = credential("appKey")
        let appSecret = credential("appSecret")
        guard let appID, let appKey, let appSecret else { return nil }
        self.init(appID: appID, appKey: appKey, appSecret: appSecret)
    }
}

extension APNsSettings {
    init?(fields: JSONFieldReader, problems: inout ProblemList) {
        fields.reportUnknownKeys([], into: &problems)
        self.init()
    }
}

extension JSONFieldReader {
    /// Records every key not in `known`; a `masterSecret` gets its own error.
    func reportUnknownKeys(_ known: [String], into problems: inout ProblemList) {
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
enum ASCIIHex {
    static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
