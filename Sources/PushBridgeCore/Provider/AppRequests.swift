/// The authorization an app asks for (`UNAuthorizationOptions`; JPush's `JPAuthorizationOptions`
/// has the same bits). The options are inlinable constants, so a module that names one folds it.
public struct AuthorizationOptions: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// The bits.
    public let rawValue: Int
    /// Options from bits.
    @inlinable public init(rawValue: Int) { self.rawValue = rawValue }

    /// Badge the icon (1).
    @inlinable public static var badge: AuthorizationOptions { AuthorizationOptions(rawValue: 1) }
    /// Play sounds (2).
    @inlinable public static var sound: AuthorizationOptions { AuthorizationOptions(rawValue: 2) }
    /// Show alerts (4).
    @inlinable public static var alert: AuthorizationOptions { AuthorizationOptions(rawValue: 4) }
    /// Show in CarPlay (8).
    @inlinable public static var carPlay: AuthorizationOptions { AuthorizationOptions(rawValue: 8) }
    /// Critical alerts (16), iOS 12+.
    @inlinable public static var criticalAlert: AuthorizationOptions { AuthorizationOptions(rawValue: 16) }
    /// A button to the app's notification settings (32), iOS 12+.
    @inlinable public static var providesAppNotificationSettings: AuthorizationOptions { AuthorizationOptions(rawValue: 32) }
    /// Provisional authorization (64), iOS 12+.
    @inlinable public static var provisional: AuthorizationOptions { AuthorizationOptions(rawValue: 64) }
    /// Siri announcements (128), iOS 13+.
    @inlinable public static var announcement: AuthorizationOptions { AuthorizationOptions(rawValue: 128) }

    /// Every option with its name and the first iOS version that has it.
    public static let all: [(name: String, option: AuthorizationOptions, since: IOSVersion)] = [
        ("badge", .badge, IOSVersion(3)), ("sound", .sound, IOSVersion(3)), ("alert", .alert, IOSVersion(3)),
        ("carPlay", .carPlay, IOSVersion(10)), ("criticalAlert", .criticalAlert, IOSVersion(12)),
        ("providesAppNotificationSettings", .providesAppNotificationSettings, IOSVersion(12)),
        ("provisional", .provisional, IOSVersion(12)), ("announcement", .announcement, IOSVersion(13)),
    ]

    /// The options in this set that `version` does not have.
    package func unavailable(on version: IOSVersion) -> [(name: String, since: IOSVersion)] {
        Self.all.filter { contains($0.option) && version < $0.since }.map { ($0.name, $0.since) }
    }

    /// `[alert, badge]`.
    public var description: String {
        "[" + Self.all.filter { contains($0.option) }.map(\.name).joined(separator: ", ") + "]"
    }
}

/// An alias operation.
public struct AliasRequest: Sendable, Equatable {
    /// What to do.
    public enum Operation: Sendable, Equatable {
        /// Set (JPush) or bind (Getui) the alias.
        case set(SecretText)
        /// Delete (JPush) or unbind (Getui) the alias.
        case delete(SecretText?)
        /// Read the current alias (JPush).
        case get
    }

    /// What to do.
    public var operation: Operation

    /// A request for `operation`.
    public init(_ operation: Operation) {
        self.operation = operation
    }
}

extension AliasRequest {
    /// The outcome of an alias operation.
    public struct Outcome: Sendable, Equatable {
        /// The alias the provider reports, if any.
        public let alias: SecretText?
        /// The sequence number the request was sent with.
        public let sequence: Int

        /// A result from its parts.
        public init(alias: SecretText?, sequence: Int) {
            self.alias = alias
            self.sequence = sequence
        }
    }
}

/// A tags operation.
public struct TagsRequest: Sendable, Equatable {
    /// What to do.
    public enum Operation: Sendable, Equatable {
        /// Add tags to the current set.
        case add(Set<String>)
        /// Replace the set.
        case set(Set<String>)
        /// Remove tags.
        case delete(Set<String>)
        /// Remove every tag.
        case clean
        /// Read every tag.
        case getAll
        /// Ask whether the device has this tag.
        case validate(String)
    }

    /// What to do.
    public var operation: Operation

    /// A request for `operation`.
    public init(_ operation: Operation) {
        self.operation = operation
    }
}

extension TagsRequest {
    /// The outcome of a tags operation.
    public struct Outcome: Sendable, Equatable {
        /// The tags the provider reports, if the operation returns them.
        public let tags: Set<String>?
        /// For ``TagsRequest/Operation/validate(_:)``: whether the device has the tag.
        public let isBound: Bool?
        /// The sequence number the request was sent with.
        public let sequence: Int

        /// A result from its parts.
        public init(tags: Set<String>? = nil, isBound: Bool? = nil, sequence: Int) {
            self.tags = tags
            self.isBound = isBound
            self.sequence = sequence
        }
    }
}

/// What the user did with a message, reported to the provider for its statistics.
public enum FeedbackAction: Sendable, Equatable {
    /// An app-defined action. Getui takes IDs from 90001 to 90999.
    case custom(Int)
}

extension FeedbackAction {
    /// What a feedback report achieved: submitted to the provider's SDK, which does not say whether
    /// its server received it.
    public struct Receipt: Sendable, Equatable {
        /// Whether the SDK accepted the report for sending (Getui's `YES`). Not an acknowledgement.
        public let submitted: Bool

        /// A receipt.
        public init(submitted: Bool) {
            self.submitted = submitted
        }
    }
}
