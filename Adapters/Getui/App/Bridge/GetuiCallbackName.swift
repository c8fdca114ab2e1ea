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
    /// `GeTuiSdkNotificationCenter:openSettingsForNotification:` (iOS 12+).
    public static let openSettings = "GeTuiSdkNotificationCenter:openSettingsForNotification:"
    /// `GeTuiSdkDidReceivePayload:andTaskId:andMessageId:andOffLine:fromApplication:` (1.3.x).
    public static let didReceivePayload = "GeTuiSdkDidReceivePayload:andTaskId:andMessageId:andOffLine:fromApplication:"
}
