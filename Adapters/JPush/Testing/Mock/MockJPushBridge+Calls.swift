import PushBridge
import PushBridgeJPush
import PushBridgeModel

extension MockJPushBridge {
    /// One call the adapter made; secrets (the app key, advertising identifier, device token and
    /// aliases) stay masked when printed, dumped or reflected.
    public enum Call: Sendable, Hashable, CustomStringConvertible {
        /// JCore's `JCollectionAuth:` with `isAuth`.
        case collectionAuthorization(Bool)
        /// `setupWithOption:…`, the app key and advertising identifier masked; whether launch
        /// options were passed.
        case setup(appKey: SecretText, channel: String, production: Bool, advertisingIdentifier: SecretText?, launchedWithNotification: Bool)
        /// `registerForRemoteNotificationConfig:delegate:`.
        case register(JPushRegisterEntity)
        /// `registerDeviceToken:`, the token in hex.
        case registerDeviceToken(SecretText)
        /// `handleRemoteNotification:`, with the notification's identity (`_j_msgid`, …).
        case handleRemoteNotification(id: String)
        /// `registrationIDCompletionHandler:`.
        case registrationIDCompletionHandler
        /// `setAlias:` (with the alias), `deleteAlias:` or `getAlias:…seq:`.
        case alias(operation: String, alias: SecretText?, seq: Int)
        /// `addTags:`, `setTags:`, `deleteTags:`, `cleanTags:`, `getAllTags:` or `validTag:…seq:`.
        case tags(operation: String, tags: Set<String>, seq: Int)
        /// `setBadge:` / `resetBadge` (0).
        case badge(Int)
        /// `registerVoipToken:`, the token in hex (masked when printed).
        case registerVoipToken(SecretText)
        /// `handleVoipNotification:`, with the payload's keys (never its values).
        case handleVoipNotification(keys: [String])
        /// `registerLiveActivity:pushToken:completion:seq:`, the token in hex (`nil`: ended).
        case registerLiveActivity(id: String, pushToken: SecretText?, seq: Int)
        /// `registerLiveActivity:pushToStartToken:completion:seq:`, the token in hex.
        case registerPushToStart(attributes: String, pushToStartToken: SecretText?, seq: Int)

        /// The call, secrets masked: `setAlias(••••, seq: 1)`.
        public var description: String {
            switch self {
            case .setup(let key, let channel, let production, let idfa, let launched):
                "setup(appKey: \(key), channel: \(channel), production: \(production), idfa: \(idfa.map(\.masked) ?? "-"), launch: \(launched))"
            case .collectionAuthorization(let isAuthorized): "JCollectionAuth(isAuth: \(isAuthorized))"
            case .register(let entity): "register(types: \(entity.types), categories: \(entity.categories.map { "\($0)" } ?? "nil"))"
            case .registerDeviceToken(let token): "registerDeviceToken(\(token))"
            case .handleRemoteNotification(let id): "handleRemoteNotification(\(id))"
            case .registrationIDCompletionHandler: "registrationIDCompletionHandler"
            case .alias(let operation, let alias, let seq): "\(operation)Alias(\(alias.map(\.masked) ?? "-"), seq: \(seq))"
            case .tags(let operation, let tags, let seq): "\(operation)Tags(\(tags.count), seq: \(seq))"
            case .badge(let value): "setBadge(\(value))"
            case .registerVoipToken(let token): "registerVoipToken(\(token))"
            case .handleVoipNotification(let keys): "handleVoipNotification(keys: \(keys.count))"
            case .registerLiveActivity(let id, let token, let seq):
                "registerLiveActivity(\(id), pushToken: \(token.map(\.masked) ?? "nil"), seq: \(seq))"
            case .registerPushToStart(let attributes, let token, let seq):
                "registerLiveActivity(\(attributes), pushToStartToken: \(token.map(\.masked) ?? "nil"), seq: \(seq))"
            }
        }

        /// The sequence number of an alias or tag request.
        public var seq: Int? {
            switch self {
            case .alias(_, _, let seq), .tags(_, _, let seq): seq
            default: nil
            }
        }
    }
}
