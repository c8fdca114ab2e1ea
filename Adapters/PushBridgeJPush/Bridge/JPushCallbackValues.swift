import PushBridge

/// A notification as JPush's delegate methods hand it.
public typealias JPushNotificationInfo = SDKNotification

/// A user's response as `jpushNotificationCenter:didReceiveNotificationResponse:` hands it.
public struct JPushResponseInfo: Sendable, Hashable {
    /// The notification responded to.
    public var notification: JPushNotificationInfo
    /// `actionIdentifier`.
    public var actionIdentifier: String
    /// `userText`, for a text-input action.
    public var userText: String?

    /// A response from its parts.
    public init(notification: JPushNotificationInfo, actionIdentifier: String = ResponseAction.defaultIdentifier, userText: String? = nil) {
        self.notification = notification
        self.actionIdentifier = actionIdentifier
        self.userText = userText
    }
}

/// The `NSNotificationCenter` names JPush posts.
public enum JPushNetworkNotification: String, Sendable, Hashable, CaseIterable {
    /// `kJPFNetworkIsConnectingNotification`.
    case isConnecting = "kJPFNetworkIsConnectingNotification"
    /// `kJPFNetworkDidSetupNotification`.
    case didSetup = "kJPFNetworkDidSetupNotification"
    /// `kJPFNetworkDidCloseNotification`.
    case didClose = "kJPFNetworkDidCloseNotification"
    /// `kJPFNetworkDidRegisterNotification`.
    case didRegister = "kJPFNetworkDidRegisterNotification"
    /// `kJPFNetworkFailedRegisterNotification`.
    case failedRegister = "kJPFNetworkFailedRegisterNotification"
    /// `kJPFNetworkDidLoginNotification`: the registration ID is ready.
    case didLogin = "kJPFNetworkDidLoginNotification"
    /// `kJPFServiceErrorNotification`.
    case serviceError = "kJPFServiceErrorNotification"
    /// `kJPFNetworkDidReceiveMessageNotification`: a custom message (自定义消息).
    case didReceiveMessage = "kJPFNetworkDidReceiveMessageNotification"
}

/// The names of JPush's delegate methods, as traces show them.
public enum JPushCallbackName {
    /// `jpushNotificationCenter:willPresentNotification:withCompletionHandler:`.
    public static let willPresent = "jpushNotificationCenter:willPresentNotification:withCompletionHandler:"
    /// `jpushNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:`.
    public static let didReceiveResponse = "jpushNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:"
    /// `jpushNotificationCenter:openSettingsForNotification:`.
    public static let openSettings = "jpushNotificationCenter:openSettingsForNotification:"
    /// `jpushNotificationAuthorization:withInfo:`.
    public static let authorization = "jpushNotificationAuthorization:withInfo:"
}

/// `JPAuthorizationStatus`.
public enum JPushAuthorizationStatus: Int, Sendable, Hashable, CaseIterable {
    /// 0.
    case notDetermined = 0
    /// 1.
    case denied = 1
    /// 2.
    case authorized = 2
    /// 3 (iOS 12+).
    case provisional = 3
}
