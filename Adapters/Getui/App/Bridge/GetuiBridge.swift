import PushBridge
import PushBridgeProviderKit

/// The Getui SDK calls the adapter makes, mirrored one to one (`GeTuiSdk`, Getui iOS SDK 3.x).
///
/// Getui is a closed-source binary that cannot be linked here, so ``GetuiProvider`` talks to it
/// through this protocol: on a device, `GeTuiSdkBridge` (see `SDK/GeTuiSdkBridge.swift`) forwards
/// each requirement to the real class and Getui's callbacks back through ``GetuiBridgeDelegate``;
/// in tests, `MockGetuiBridge` records them. Values cross as `Sendable` types: `userInfo`
/// dictionaries as `JSONObject`, converted once, in the conformance.
///
/// The requirements keep the SDK's selectors in their names, so each one reads as the call it
/// forwards:
///
/// ```swift
/// func queryTag(sequenceNum: String) -> Bool { GeTuiSdk.queryTag(sequenceNum) }
/// ```
public protocol GetuiBridge: Sendable {
    /// The object Getui's callbacks are forwarded to — what the conformance passes on from the
    /// `delegate:` of `startSdkWithAppId:…` — held weakly, as the SDK holds its own. A
    /// ``GetuiProvider`` sets itself here when it is created.
    var delegate: (any GetuiBridgeDelegate)? { get nonmutating set }

    /// `+startSdkWithAppId:appKey:appSecret:delegate:launchingOptions:` (launch options since SDK
    /// 2.6.4.0). The conformance passes itself as the delegate and forwards to its
    /// ``GetuiBridgeDelegate``.
    func startSdk(appID: String, appKey: String, appSecret: String, launchingOptions: JSONObject?)
    /// `+setIDFA:` (SDK 2.5.6.0+), before `startSdk`, with the advertising identifier the app
    /// read at run time after App Tracking Transparency consent.
    func setIDFA(_ idfa: String)
    /// `+setApplicationGroupIdentifier:` (`GeTuiSdk.h` 3.1.0.0 L53: "如有使用 iOS Extension SDK，
    /// 请设置该值", set it when the app uses Getui's extension SDK) — the app group shared with
    /// the notification service extension.
    func setApplicationGroupIdentifier(_ identifier: String)
    /// `+status`: the SDK's connection status now (`started` is online: alias and tag calls
    /// "need the SDK online", `GeTuiSdk.h`).
    var status: GetuiSdkStatus { get }
    /// `+registerRemoteNotification:` with `UNAuthorizationOptions` bits. Getui asks for
    /// authorization, registers with APNs and forwards the device token itself (since 2.5.2.0).
    func registerRemoteNotification(_ options: Int)
    /// `+clientId`: the client ID once the SDK has registered, else `nil` (or empty).
    var clientID: String? { get }
    /// `+bindAlias:andSequenceNum:`; answered by `GeTuiSdkDidAliasAction:…` with the same number.
    func bindAlias(_ alias: String, sequenceNum: String)
    /// `+unbindAlias:andSequenceNum:andIsSelf:` (`isSelf`: unbind only this client ID).
    func unbindAlias(_ alias: String, sequenceNum: String, isSelf: Bool)
    /// `+setTags:andSequenceNum:`, replacing the whole set; returns whether the request was
    /// submitted (answered by `GeTuiSdkDidSetTagsAction:…` only then).
    func setTags(_ tags: [String], sequenceNum: String) -> Bool
    /// `+queryTag:` (SDK 3.1: `+ (BOOL)queryTag:(NSString *)sn`); returns whether the request was
    /// submitted (answered by `GetuiSdkDidQueryTag:sequenceNum:error:` only then).
    func queryTag(sequenceNum: String) -> Bool
    /// `+sendFeedbackMessage:andTaskId:andMsgId:` — `YES` means *submitted*, not received by
    /// Getui's server.
    func sendFeedbackMessage(_ actionID: Int, taskID: String, msgID: String) -> Bool
    /// `+handleRemoteNotification:` — a manual receipt report, needed only by apps that do not
    /// register through `registerRemoteNotification(_:)`.
    func handleRemoteNotification(_ userInfo: JSONObject)
    /// `+retrivePayloadById:` (sic; SDK 1.3.x only), for `GeTuiSdkDidReceivePayload:…`.
    func retrivePayload(byID payloadID: String) -> String?
    /// `+setBadge:`: the server-side badge only.
    func setBadge(_ value: Int)
    /// `+resetBadge` (the same as `setBadge:0`).
    func resetBadge()
    /// `+setPushModeForOff:` — `YES` asks Getui's server to stop pushing to this client ID.
    func setPushModeForOff(_ off: Bool)
    /// `+handleSceneWillConnectWithOptions:` (SDK 3.1.0.0+, iOS 13+): a scene app's scene
    /// connected; `connectionOptions` is the system's `UIScene.ConnectionOptions`.
    func handleSceneWillConnect(_ connectionOptions: PlatformObject?)

    /// `+registerVoipTokenCredentials:` (`GeTuiSdk.h` 3.1.0.0 L165) — the PushKit VoIP token as
    /// `NSData` (the `NSString` form, `+registerVoipToken:` L153, is not used); returns whether
    /// Getui found it valid. "可以未启动SDK就调用该方法" (may be called before the SDK starts).
    func registerVoipTokenCredentials(_ token: [UInt8]) -> Bool
    /// `+handleVoipNotification:` (L292) — "VOIP消息回执", the receipt of a VoIP push.
    func handleVoipNotification(_ payload: JSONObject)
    /// `+registerLiveActivity:activityToken:sequenceNum:` (L188; since 3.0.5.2 at least) — one
    /// activity's token as an `NSString` (hex: an inference, the header does not say); returns
    /// whether the request was accepted ("有效判断 或 重复请求"), answered by
    /// `GeTuiSdkDidRegisterLiveActivity:result:error:` only then.
    func registerLiveActivity(_ liveActivityID: String, activityToken: String, sequenceNum: String) -> Bool
    /// `+registerLiveActivity:pushToStartToken:sequenceNum:` (L178; since 3.0.7.0) — an
    /// attributes type's push-to-start token; answered by `GeTuiSdkDidRegisterPushToStartToken:result:error:`.
    /// Returns `false`, calling nothing, when the SDK in the app lacks it.
    func registerLiveActivity(attributes activityAttributes: String, pushToStartToken: String, sequenceNum: String) -> Bool
}
