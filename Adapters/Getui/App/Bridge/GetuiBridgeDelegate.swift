import PushBridge

/// What Getui's SDK calls back, mirrored one to one from `GeTuiSdkDelegate` (SDK 3.x, with the
/// SDK's own spellings: `GeTuiSDkDidNotifySdkState:`, `GeTuiSdkDidReceiveSlience:…`,
/// `GetuiSdkDidQueryTag:…`). ``GetuiProvider`` implements it.
///
/// A ``GetuiBridge`` conformance holds its delegate weakly, as the SDK holds its own, and forwards
/// each `GeTuiSdkDelegate` callback to the requirement of the same name, converting at the edge:
/// `userInfo` to `JSONObject`, `UNNotification` to ``GetuiNotificationInfo``,
/// `UNNotificationResponse` to ``GetuiResponseInfo``, `NSError` to its domain and code (a
/// `PushError/VendorCode`: never its text, which can repeat an alias or an ID). What it cannot
/// convert it reports with `sdkBridgeCouldNotRead(_:)`.
///
/// ```swift
/// let bridge = MockGetuiBridge()
/// let provider = GetuiProvider(settings: settings, bridge: bridge) // becomes bridge.delegate
/// bridge.trigger(.registerClient("b4d1f5c2e8a94f7c9d0e1f2a3b4c5d6e")) // → a masked `registered` event
/// bridge.trigger(.error(PushError.VendorCode(domain: "GetuiErrorDomain", code: 10001))) // → `registrationFailed`
/// ```
public protocol GetuiBridgeDelegate: AnyObject, Sendable {
    /// `GeTuiSdkDidRegisterClient:` — the SDK registered; its client ID.
    func geTuiSdkDidRegisterClient(_ clientID: String)
    /// `GeTuiSDkDidNotifySdkState:` (sic) — the SDK's connection status changed.
    func geTuiSDkDidNotifySdkState(_ status: GetuiSdkStatus)
    /// `GeTuiSdkDidOccurError:` — the SDK reports an error (its `NSError`'s domain and code).
    func geTuiSdkDidOccurError(_ error: PushError.VendorCode)
    /// `GetuiSdkGrantAuthorization:error:` (sic; iOS 10+): the answer to the authorization
    /// `registerRemoteNotification:` asked for — whether the user allowed notifications, and the
    /// `NSError`'s domain and code when asking failed.
    func getuiSdkGrantAuthorization(_ granted: Bool, error: PushError.VendorCode?)
    /// `GeTuiSdkNotificationCenter:willPresentNotification:completionHandler:` (iOS 10+): a
    /// notification arrives in the foreground; `completionHandler` takes
    /// `UNNotificationPresentationOptions` bits.
    func geTuiSdkNotificationCenter(willPresent notification: GetuiNotificationInfo, completionHandler: @escaping @Sendable (Int) -> Void)
    /// `GeTuiSdkNotificationCenter:openSettingsForNotification:` (iOS 12+): the user asked for the
    /// app's notification settings (`nil`: from the Settings app; the header says nullable).
    func geTuiSdkNotificationCenter(openSettingsFor notification: GetuiNotificationInfo?)
    /// `GeTuiSdkDidReceiveNotification:notificationCenter:response:fetchCompletionHandler:` — with
    /// a response, the user's tap or action (iOS 10+); without, before iOS 10, the receipt, with
    /// the fetch completion handler.
    func geTuiSdkDidReceiveNotification(
        _ notification: GetuiNotificationInfo, response: GetuiResponseInfo?, fetchCompletionHandler: (@Sendable (BackgroundFetchResult) -> Void)?)
    /// `GeTuiSdkDidReceiveSlience:fromGetui:offLine:appId:taskId:msgId:fetchCompletionHandler:` —
    /// a passthrough (`{"payload": …}`) over Getui's socket (`fromGetui` YES), or an APNs silent
    /// push (`fromGetui` NO: only then is there a completion handler). `offLine`: held while the
    /// app was offline, delivered at the next start.
    func geTuiSdkDidReceiveSlience(
        _ userInfo: JSONObject, fromGetui: Bool, offLine: Bool, appID: String?, taskID: String?, msgID: String?,
        fetchCompletionHandler: (@Sendable (BackgroundFetchResult) -> Void)?)
    /// `GeTuiSdkDidReceivePayloadData:andTaskId:andMsgId:andOffLine:fromGtAppId:` — the
    /// passthrough of SDK 1.4.1–2.5.2 (deprecated since).
    func geTuiSdkDidReceivePayloadData(_ payload: [UInt8], taskID: String, msgID: String, offLine: Bool, appID: String?)
    /// `GeTuiSdkDidReceivePayload:andTaskId:andMessageId:andOffLine:fromApplication:` — the
    /// passthrough of SDK 1.3.x, whose content is fetched with `retrivePayloadById:`.
    func geTuiSdkDidReceivePayload(_ payloadID: String, taskID: String, messageID: String, offLine: Bool, application: String?)
    /// `GeTuiSdkDidAliasAction:result:sequenceNum:error:` — `action` is `bindAlias` or
    /// `unbindAlias`; `error` is the `NSError`'s domain and code.
    func geTuiSdkDidAliasAction(_ action: String, result: Bool, sequenceNum: String, error: PushError.VendorCode?)
    /// `GeTuiSdkDidSetTagsAction:result:error:` — the first argument is the request's sequence
    /// number; `error` is the `NSError`'s domain and code.
    func geTuiSdkDidSetTagsAction(_ sequenceNum: String, result: Bool, error: PushError.VendorCode?)
    /// `GetuiSdkDidQueryTag:sequenceNum:error:` (sic) — the tags bound to this client ID; `error`
    /// is the `NSError`'s domain and code.
    func getuiSdkDidQueryTag(_ tags: [String], sequenceNum: String, error: PushError.VendorCode?)
    /// Not an SDK callback: the conformance could not convert what a callback handed it (a
    /// `userInfo` value with no JSON form) and handed on what it could; the diagnostic says which
    /// callback, which key path and what was expected, never a value.
    func sdkBridgeCouldNotRead(_ diagnostic: PushDiagnostic)
    /// `GeTuiSdkDidRegisterLiveActivity:result:error:` (`GeTuiSdk.h` 3.1.0.0 L526): the answer
    /// to `registerLiveActivity:activityToken:sequenceNum:`, by sequence number.
    func geTuiSdkDidRegisterLiveActivity(_ sequenceNum: String, result: Bool, error: PushError.VendorCode?)
    /// `GeTuiSdkDidRegisterPushToStartToken:result:error:` (L519): the answer to
    /// `registerLiveActivity:pushToStartToken:sequenceNum:`, by sequence number.
    func geTuiSdkDidRegisterPushToStartToken(_ sequenceNum: String, result: Bool, error: PushError.VendorCode?)
}

extension GetuiBridgeDelegate {
    /// Nothing: a delegate that registers no Live Activity tokens has no answer to wait for.
    public func geTuiSdkDidRegisterLiveActivity(_ sequenceNum: String, result: Bool, error: PushError.VendorCode?) {}
    /// Nothing: a delegate that registers no push-to-start tokens has no answer to wait for.
    public func geTuiSdkDidRegisterPushToStartToken(_ sequenceNum: String, result: Bool, error: PushError.VendorCode?) {}
}
