import PushBridge
import PushBridgeGetui
import PushBridgeModel

extension MockGetuiBridge {
    /// One call the adapter made; secrets (credentials, aliases) stay masked when printed.
    public enum Call: Sendable, Hashable, CustomStringConvertible {
        /// `startSdkWithAppId:…`, credentials masked; whether launch options were passed.
        case start(appID: SecretText, appKey: SecretText, appSecret: SecretText, launchedWithNotification: Bool)
        /// `registerRemoteNotification:`.
        case registerRemoteNotification(Int)
        /// `bindAlias:andSequenceNum:` (`bind`) / `unbindAlias:andSequenceNum:andIsSelf:`.
        case alias(bind: Bool, alias: SecretText, sequenceNum: String)
        /// `setTags:andSequenceNum:`.
        case setTags([String], sequenceNum: String)
        /// `queryTag:`.
        case queryTag(sequenceNum: String)
        /// `sendFeedbackMessage:andTaskId:andMsgId:`.
        case feedback(actionID: Int, taskID: String, msgID: String)
        /// `handleRemoteNotification:`, with the notification's identity.
        case handleRemoteNotification(id: String)
        /// `setBadge:` / `resetBadge` (0).
        case badge(Int)
        /// `setPushModeForOff:`.
        case pushModeForOff(Bool)
        /// `setIDFA:`, masked.
        case setIDFA(SecretText)
        /// `setApplicationGroupIdentifier:`.
        case setApplicationGroupIdentifier(String)
        /// `handleSceneWillConnectWithOptions:`, whether options were passed.
        case handleSceneWillConnect(withOptions: Bool)
        /// `registerVoipTokenCredentials:`, the token in hex (masked when printed).
        case registerVoipToken(SecretText)
        /// `handleVoipNotification:`, with the payload's keys (never its values).
        case handleVoipNotification(keys: [String])
        /// `registerLiveActivity:activityToken:sequenceNum:`, the token masked.
        case registerLiveActivity(id: String, token: SecretText, sequenceNum: String)
        /// `registerLiveActivity:pushToStartToken:sequenceNum:`, the token masked.
        case registerPushToStart(attributes: String, token: SecretText, sequenceNum: String)

        /// The call, secrets masked.
        public var description: String {
            switch self {
            case .start(let id, let key, let secret, let launched): "start(appId: \(id), appKey: \(key), appSecret: \(secret), launch: \(launched))"
            case .registerRemoteNotification(let options): "registerRemoteNotification(\(options))"
            case .alias(let bind, let alias, let sn): "\(bind ? "bind" : "unbind")Alias(\(alias), sn: \(sn))"
            case .setTags(let tags, let sn): "setTags(\(tags.count), sn: \(sn))"
            case .queryTag(let sn): "queryTag(sn: \(sn))"
            case .feedback(let action, let task, let msg): "sendFeedbackMessage(\(action), task: \(task), msg: \(msg))"
            case .handleRemoteNotification(let id): "handleRemoteNotification(\(id))"
            case .badge(let value): "setBadge(\(value))"
            case .pushModeForOff(let off): "setPushModeForOff(\(off))"
            case .setIDFA(let idfa): "setIDFA(\(idfa))"
            case .setApplicationGroupIdentifier(let group): "setApplicationGroupIdentifier(\(group))"
            case .handleSceneWillConnect(let options): "handleSceneWillConnectWithOptions(\(options ? "options" : "nil"))"
            case .registerVoipToken(let token): "registerVoipTokenCredentials(\(token))"
            case .handleVoipNotification(let keys): "handleVoipNotification(keys: \(keys.count))"
            case .registerLiveActivity(let id, let token, let sn): "registerLiveActivity(\(id), activityToken: \(token), sn: \(sn))"
            case .registerPushToStart(let attributes, let token, let sn): "registerLiveActivity(\(attributes), pushToStartToken: \(token), sn: \(sn))"
            }
        }

        /// The sequence number of an alias or tag request.
        public var sequenceNum: String? {
            switch self {
            case .alias(_, _, let sn), .setTags(_, let sn), .queryTag(let sn): sn
            default: nil
            }
        }
    }

    /// How the mock answers alias and tag requests.
    public enum Answer: Sendable, Hashable {
        /// At once, successfully.
        case success
        /// At once, with a failure and the domain and code of the SDK's `NSError`.
        case failure(PushError.VendorCode)
        /// Never (to test timeouts, or to answer later with ``MockGetuiBridge/trigger(_:)``).
        case never
    }

    /// A `GeTuiSdkDelegate` callback, for ``MockGetuiBridge/trigger(_:)``: one case per
    /// ``GetuiBridgeDelegate`` requirement, with its arguments.
    public enum Callback: Sendable {
        /// `GeTuiSdkDidRegisterClient:`.
        case registerClient(String)
        /// `GeTuiSDkDidNotifySdkState:`.
        case sdkState(GetuiSdkStatus)
        /// `GetuiSdkGrantAuthorization:error:`.
        case grantAuthorization(Bool, error: PushError.VendorCode? = nil)
        /// `GeTuiSdkDidOccurError:`, with the domain and code of the SDK's `NSError`.
        case error(PushError.VendorCode)
        /// `GeTuiSdkNotificationCenter:willPresentNotification:completionHandler:`.
        case willPresent(GetuiNotificationInfo, completionHandler: @Sendable (Int) -> Void)
        /// `GeTuiSdkNotificationCenter:openSettingsForNotification:` (`nil`: from Settings).
        case openSettings(GetuiNotificationInfo?)
        /// `GeTuiSdkDidReceiveNotification:notificationCenter:response:fetchCompletionHandler:`.
        case receiveNotification(
            GetuiNotificationInfo, response: GetuiResponseInfo?, fetchCompletionHandler: (@Sendable (BackgroundFetchResult) -> Void)?)
        /// `GeTuiSdkDidReceiveSlience:fromGetui:offLine:appId:taskId:msgId:fetchCompletionHandler:`.
        case slience(
            JSONObject, fromGetui: Bool, offLine: Bool, appID: String? = nil, taskID: String?, msgID: String?,
            fetchCompletionHandler: (@Sendable (BackgroundFetchResult) -> Void)? = nil)
        /// `GeTuiSdkDidReceivePayloadData:andTaskId:andMsgId:andOffLine:fromGtAppId:`.
        case payloadData([UInt8], taskID: String, msgID: String, offLine: Bool, appID: String? = nil)
        /// `GeTuiSdkDidReceivePayload:andTaskId:andMessageId:andOffLine:fromApplication:`.
        case payload(id: String, taskID: String, messageID: String, offLine: Bool, application: String? = nil)
        /// `GeTuiSdkDidAliasAction:result:sequenceNum:error:`.
        case aliasAction(String, result: Bool, sequenceNum: String, error: PushError.VendorCode? = nil)
        /// `GeTuiSdkDidSetTagsAction:result:error:`.
        case setTagsAction(sequenceNum: String, result: Bool, error: PushError.VendorCode? = nil)
        /// `GetuiSdkDidQueryTag:sequenceNum:error:`.
        case queryTag([String], sequenceNum: String, error: PushError.VendorCode? = nil)
    }
}
