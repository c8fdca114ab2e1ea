import PushBridgeCore

/// Reading a provider's `server` section.
public enum ServerSection {
    /// The non-empty string `key` of `section`, as a secret; any key not in `allowed` is an
    /// error too.
    ///
    /// - Throws: `PushConfigurationError` naming `field.key`.
    public static func secret(_ key: String, in section: JSONObject, field: String, expected: String, allowed: [String])
        throws(PushConfigurationError) -> SecretText
    {
        try secret(key, in: section, field: field, expected: expected, allowed: allowed, shape: { _ in nil })
    }

    /// The non-empty string `key` of `section`, as a secret, whose shape `shape` accepts (it
    /// returns what is wrong, never the value); any key not in `allowed` is an error too.
    ///
    /// - Throws: `PushConfigurationError` naming `field.key`, the value masked.
    public static func secret(
        _ key: String, in section: JSONObject, field: String, expected: String, allowed: [String], shape: (String) -> String?
    ) throws(PushConfigurationError) -> SecretText {
        var problems = ProblemList()
        let reader = JSONFieldReader(section, path: field, code: .invalidConfiguration)
        reader.reportUnknownKeys(allowed, into: &problems)
        let value =
            problems.collect { () throws(PushError) -> String? in
                guard let value = try reader.string(key), !value.isEmpty else {
                    throw reader.error(reader.path(of: key), "missing (expected \(expected))")
                }
                if let problem = shape(value) {
                    throw reader.error(reader.path(of: key), "\(SecretText.mask(value)) (\(value.count) characters) \(problem)")
                }
                return value
            } ?? nil
        guard problems.isEmpty, let value else { throw PushConfigurationError(problems: problems.errors) }
        return SecretText(value)
    }

    /// The app's settings for the provider, of the adapter's type, or an error naming the app's
    /// section (`jpush: missing (the app's JPush settings: its appKey)`).
    ///
    /// - Throws: `PushConfigurationError` naming `section`.
    public static func appSettings<Settings: PushProviderSettings>(
        _ settings: (any PushProviderSettings)?, as type: Settings.Type, section: String, expected: String
    ) throws(PushConfigurationError) -> Settings {
        guard let settings = settings as? Settings else {
            throw PushConfigurationError(problems: [PushError(.invalidConfiguration, field: section, "missing (\(expected))")])
        }
        return settings
    }
}
