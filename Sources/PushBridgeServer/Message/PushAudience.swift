import PushBridgeCore

/// Who a message goes to, in the provider's own terms: an APNs device token, a JPush
/// registration ID, a Getui client ID, an alias, tags or everyone.
///
/// A sender given an audience its provider cannot address throws an error naming `audience`
/// (APNs addresses device tokens only). Identifiers are `SecretText`: masked when printed;
/// tags are not secrets and print in full.
public enum PushAudience: Sendable, Hashable, CustomStringConvertible {
    /// APNs device tokens, in hex.
    case deviceTokens([SecretText])
    /// JPush registration IDs.
    case registrationIDs([SecretText])
    /// Getui client IDs (cid).
    case clientIDs([SecretText])
    /// Aliases the app bound to its user (JPush, Getui).
    case aliases([SecretText])
    /// Devices carrying any of these tags (JPush, Getui).
    case tags([String])
    /// Every device of the app (JPush, Getui).
    case everyone

    /// The targets one result is reported for each: a token, ID or alias each; the tags as one;
    /// everyone as one.
    public var targets: [PushTarget] {
        switch self {
        case .deviceTokens(let ids): ids.map { PushTarget(kind: .deviceToken, id: $0) }
        case .registrationIDs(let ids): ids.map { PushTarget(kind: .registrationID, id: $0) }
        case .clientIDs(let ids): ids.map { PushTarget(kind: .clientID, id: $0) }
        case .aliases(let ids): ids.map { PushTarget(kind: .alias, id: $0) }
        case .tags(let tags): [PushTarget(kind: .tags, id: SecretText(tags.joined(separator: ",")))]
        case .everyone: [PushTarget(kind: .everyone, id: nil)]
        }
    }

    /// The kind of target this audience addresses.
    public var kind: PushTarget.Kind {
        switch self {
        case .deviceTokens: .deviceToken
        case .registrationIDs: .registrationID
        case .clientIDs: .clientID
        case .aliases: .alias
        case .tags: .tags
        case .everyone: .everyone
        }
    }

    /// The kind and how many targets, identifiers masked.
    public var description: String {
        switch self {
        case .tags(let tags): "tags(\(tags.joined(separator: ",")))"
        case .everyone: "everyone"
        default: "\(kind.rawValue)s(" + targets.map { $0.id?.masked ?? "" }.joined(separator: ", ") + ")"
        }
    }
}

/// One addressee of a send, the unit a ``PushSendResult`` reports on.
public struct PushTarget: Sendable, Hashable, CustomStringConvertible {
    /// What the identifier names.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// An APNs device token.
        case deviceToken
        /// A JPush registration ID.
        case registrationID
        /// A Getui client ID.
        case clientID
        /// An alias.
        case alias
        /// A set of tags.
        case tags
        /// Every device.
        case everyone
    }

    /// What the identifier names.
    public var kind: Kind
    /// The identifier; `nil` for everyone.
    public var id: SecretText?

    /// A target from its parts.
    public init(kind: Kind, id: SecretText?) {
        self.kind = kind
        self.id = id
    }

    /// `deviceToken ••••cf77`; tags in full (`tags vip,beta`): a tag names a group the app
    /// chose, not a device or a person, and a result must say which campaign it was. Tokens,
    /// registration IDs, client IDs and aliases stay masked.
    public var description: String {
        guard let id else { return kind.rawValue }
        return kind == .tags ? "\(kind.rawValue) \(id.revealed)" : "\(kind.rawValue) \(id.masked)"
    }
}
