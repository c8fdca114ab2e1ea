/// One provider's settings in a configuration, read by its adapter
/// (``PushProviderDefinition/readSettings(_:field:)``). Secrets are masked when printed.
public protocol PushProviderSettings: Sendable, Hashable, CustomStringConvertible {
    /// The provider they configure.
    var provider: PushProviderID { get }
    /// What `pushbridge check-config` prints, one `key: value` pair per setting, secrets masked
    /// (`("jpush.appKey", "5a6e…")`).
    var summary: [(key: String, value: String)] { get }
}

extension PushProviderSettings {
    /// Nothing to print.
    public var summary: [(key: String, value: String)] { [] }
}

/// A settings section no registered definition read: kept as given, every value masked when
/// printed or reflected (whatever it holds may be a secret).
public struct UnreadProviderSettings: PushProviderSettings, CustomDebugStringConvertible, CustomReflectable {
    /// The provider named by the section's key.
    public let provider: PushProviderID
    /// The section.
    public let section: JSONObject

    /// Settings from their parts.
    public init(provider: PushProviderID, section: JSONObject) {
        self.provider = provider
        self.section = section
    }

    /// The keys, each value masked.
    public var description: String {
        "\(provider)(" + section.keys.sortedByUTF8().map { "\($0): \(Self.masked(section[$0]))" }.joined(separator: ", ") + ")"
    }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// The provider and the section's keys, no value.
    public var customMirror: Mirror {
        Mirror(self, children: ["provider": provider, "keys": section.keys.sortedByUTF8()], displayStyle: .struct)
    }

    private static func masked(_ value: JSONValue?) -> String {
        if case .string(let text) = value { return SecretText.mask(text) }
        return SecretText.mask(JSONWriter.string(from: value ?? .null))
    }
}

/// Plain APNs' settings: none are needed beyond the app's entitlements.
package struct APNsSettings: PushProviderSettings {
    /// No settings.
    public init() {}
    /// `.apns`.
    public var provider: PushProviderID { .apns }
    /// `APNsSettings()`.
    public var description: String { "APNsSettings()" }
}

/// One provider's settings in a configuration, the settings compared as their own type does.
struct StoredSettings: Sendable, Equatable {
    let provider: PushProviderID
    let value: any PushProviderSettings

    static func == (lhs: StoredSettings, rhs: StoredSettings) -> Bool {
        lhs.provider == rhs.provider && AnyHashable(lhs.value) == AnyHashable(rhs.value)
    }
}
