import PushBridge

/// The Getui SDK calls the adapter makes, mirrored one to one (`GeTuiSdk`, Getui iOS SDK 3.x).
///
/// Getui is a closed-source binary that cannot be linked here, so ``GetuiProvider`` talks to it
/// through this protocol: on a device, `GeTuiSdkBridge` (see `GeTuiSdkBridge.swift`) forwards
/// each requirement to the real class; in tests, ``MockGetuiBridge`` records them.
/// Values cross as `Sendable` types: `userInfo` dictionaries as `JSONObject`.
public protocol GetuiBridge: Sendable {
    /// `startSdkWithAppId:appKey:appSecret:delegate:launchingOptions:` (the delegate is the shim).
    func startSdk(appID: String, appKey: String, appSecret: String, launchingOptions: JSONObject?)
    /// `registerRemoteNotification:` with `UNAuthorizationOptions` bits. Getui forwards the device
    /// token to its servers itself.
    func registerRemoteNotification(_ options: Int)
    /// `clientId`.
    var clientID: String? { get }
    /// `bindAlias:andSequenceNum:`.
    func bindAlias(_ alias: String, sequenceNum: String)
    /// `unbindAlias:andSequenceNum:andIsSelf:`.
    func unbindAlias(_ alias: String, sequenceNum: String, isSelf: Bool)
    /// `setTags:andSequenceNum:` — returns whether the request was accepted for sending.
    func setTags(_ tags: [String], sequenceNum: String) -> Bool
    /// `queryTag:` with a sequence number.
    func queryTag(sequenceNum: String)
    /// `sendFeedbackMessage:andTaskId:andMsgId:` — `YES` means *submitted*, not received.
    func sendFeedbackMessage(_ actionID: Int, taskID: String, msgID: String) -> Bool
    /// `handleRemoteNotification:` — a manual receipt report.
    func handleRemoteNotification(_ userInfo: JSONObject)
    /// `retrivePayloadById:` (sic), for the 1.3.x passthrough callback.
    func retrivePayload(byID payloadID: String) -> String?
    /// `setBadge:`.
    func setBadge(_ value: Int)
    /// `resetBadge`.
    func resetBadge()
}

/// Getui's `SdkStatus`.
public enum GetuiSdkStatus: Int, Sendable, Hashable, CaseIterable {
    /// `SdkStatusStarting` (0).
    case starting = 0
    /// `SdkStatusStarted` (1).
    case started = 1
    /// `SdkStatusStoped` (2, sic).
    case stoped = 2
    /// `SdkStatusOffline` (3).
    case offline = 3

    /// The provider-neutral connection state.
    public var connectionState: ProviderConnectionState {
        switch self {
        case .starting: .connecting
        case .started: .online
        case .stoped: .stopped
        case .offline: .offline
        }
    }
}

/// A notification as Getui's delegate methods hand it.
public typealias GetuiNotificationInfo = SDKNotification

/// The names of Getui's delegate methods, as traces show them (note Getui's spellings).
public enum GetuiCallbackName {
    /// `GeTuiSdkNotificationCenter:willPresentNotification:completionHandler:`.
    public static let willPresent = "GeTuiSdkNotificationCenter:willPresentNotification:completionHandler:"
    /// `GeTuiSdkDidReceiveNotification:notificationCenter:response:fetchCompletionHandler:`.
    public static let didReceiveNotification = "GeTuiSdkDidReceiveNotification:notificationCenter:response:fetchCompletionHandler:"
    /// `GeTuiSdkDidReceiveSlience:fromGetui:offLine:appId:taskId:msgId:fetchCompletionHandler:`.
    public static let didReceiveSlience = "GeTuiSdkDidReceiveSlience:fromGetui:offLine:appId:taskId:msgId:fetchCompletionHandler:"
    /// `GeTuiSdkDidReceivePayloadData:andTaskId:andMsgId:andOffLine:fromGtAppId:` (1.4.1–2.5.2).
    public static let didReceivePayloadData = "GeTuiSdkDidReceivePayloadData:andTaskId:andMsgId:andOffLine:fromGtAppId:"
    /// `GeTuiSdkDidReceivePayload:andTaskId:andMessageId:andOffLine:fromApplication:` (1.3.x).
    public static let didReceivePayload = "GeTuiSdkDidReceivePayload:andTaskId:andMessageId:andOffLine:fromApplication:"
}

/// The range of Getui feedback action IDs.
public enum GetuiFeedback {
    /// App-defined action IDs Getui accepts: 90001 to 90999.
    public static let actionIDs = 90_001...90_999
}
