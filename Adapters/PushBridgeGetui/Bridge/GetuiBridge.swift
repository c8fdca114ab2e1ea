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
