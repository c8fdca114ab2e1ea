import PushBridge

/// The Objective-C names `GeTuiSdkBridge` binds at run time — Getui's classes, the `GeTuiSdk`
/// class methods it calls and the `GeTuiSdkDelegate` methods it implements — each spelled once,
/// here, and the check that they are all in the app.
///
/// Compiled on every platform, so that Linux tests can hold each name against the SDK's header
/// and exercise ``missing(classExists:responds:)`` with fakes; the Apple-only bridge uses these
/// constants and nothing else to name what it binds.
enum GetuiSDKSymbols {
    // MARK: Classes

    /// `GeTuiSdk` (GTSDK, `GeTuiSdk.h`): every call the bridge makes.
    static let sdkClass = "GeTuiSdk"
    /// `GTCommonSDK` (GTCommonSDK, `GTCommonSDK.h`): the base library GTSDK needs; only looked up.
    static let commonSDKClass = "GTCommonSDK"
    /// `GeTuiSdkDelegate`: the protocol the bridge answers `conformsToProtocol:` for.
    static let delegateProtocol = "GeTuiSdkDelegate"

    // MARK: GeTuiSdk class methods

    /// `+startSdkWithAppId:appKey:appSecret:delegate:launchingOptions:`.
    static let startSdk = "startSdkWithAppId:appKey:appSecret:delegate:launchingOptions:"
    /// `+setIDFA:`.
    static let setIDFA = "setIDFA:"
    /// `+setApplicationGroupIdentifier:` (3.1.0.0 L53).
    static let setApplicationGroupIdentifier = "setApplicationGroupIdentifier:"
    /// `+status`.
    static let status = "status"
    /// `+registerRemoteNotification:`.
    static let registerRemoteNotification = "registerRemoteNotification:"
    /// `+clientId`.
    static let clientID = "clientId"
    /// `+bindAlias:andSequenceNum:`.
    static let bindAlias = "bindAlias:andSequenceNum:"
    /// `+unbindAlias:andSequenceNum:andIsSelf:`.
    static let unbindAlias = "unbindAlias:andSequenceNum:andIsSelf:"
    /// `+setTags:andSequenceNum:`.
    static let setTags = "setTags:andSequenceNum:"
    /// `+queryTag:`.
    static let queryTag = "queryTag:"
    /// `+sendFeedbackMessage:andTaskId:andMsgId:`.
    static let sendFeedbackMessage = "sendFeedbackMessage:andTaskId:andMsgId:"
    /// `+handleRemoteNotification:`.
    static let handleRemoteNotification = "handleRemoteNotification:"
    /// `+setBadge:`.
    static let setBadge = "setBadge:"
    /// `+resetBadge`.
    static let resetBadge = "resetBadge"
    /// `+setPushModeForOff:`.
    static let setPushModeForOff = "setPushModeForOff:"
    /// `+registerVoipTokenCredentials:` (3.1.0.0 L165).
    static let registerVoipTokenCredentials = "registerVoipTokenCredentials:"
    /// `+handleVoipNotification:` (L292).
    static let handleVoipNotification = "handleVoipNotification:"
    /// `+registerLiveActivity:activityToken:sequenceNum:` (L188; in 3.0.5.2 already).
    static let registerLiveActivityToken = "registerLiveActivity:activityToken:sequenceNum:"
    /// `+registerLiveActivity:pushToStartToken:sequenceNum:` (L178; SDK 3.0.7.0+): optional,
    /// called only when present.
    static let registerLiveActivityPushToStartToken = "registerLiveActivity:pushToStartToken:sequenceNum:"
    /// `+handleSceneWillConnectWithOptions:` (SDK 3.1.0.0+): optional, called only when present.
    static let handleSceneWillConnect = "handleSceneWillConnectWithOptions:"

    // MARK: GeTuiSdkDelegate methods

    /// `GeTuiSdkDidRegisterClient:`.
    static let didRegisterClient = "GeTuiSdkDidRegisterClient:"
    /// `GeTuiSDkDidNotifySdkState:` (sic).
    static let didNotifySdkState = "GeTuiSDkDidNotifySdkState:"
    /// `GeTuiSdkDidOccurError:`.
    static let didOccurError = "GeTuiSdkDidOccurError:"
    /// `GetuiSdkGrantAuthorization:error:` (sic).
    static let grantAuthorization = "GetuiSdkGrantAuthorization:error:"
    /// `GeTuiSdkDidAliasAction:result:sequenceNum:error:`.
    static let didAliasAction = "GeTuiSdkDidAliasAction:result:sequenceNum:error:"
    /// `GeTuiSdkDidSetTagsAction:result:error:`.
    static let didSetTagsAction = "GeTuiSdkDidSetTagsAction:result:error:"
    /// `GetuiSdkDidQueryTag:sequenceNum:error:` (sic).
    static let didQueryTag = "GetuiSdkDidQueryTag:sequenceNum:error:"
    /// `GeTuiSdkDidRegisterLiveActivity:result:error:` (L526).
    static let didRegisterLiveActivity = "GeTuiSdkDidRegisterLiveActivity:result:error:"
    /// `GeTuiSdkDidRegisterPushToStartToken:result:error:` (L519).
    static let didRegisterPushToStartToken = "GeTuiSdkDidRegisterPushToStartToken:result:error:"

    // MARK: Tables

    /// Every `GeTuiSdk` class method the bridge calls: all must be in the app.
    static let requiredClassMethods = [
        startSdk, setIDFA, setApplicationGroupIdentifier, status, registerRemoteNotification, clientID, bindAlias, unbindAlias, setTags, queryTag,
        sendFeedbackMessage,
        handleRemoteNotification, setBadge, resetBadge, setPushModeForOff, registerVoipTokenCredentials, handleVoipNotification,
        registerLiveActivityToken,
    ]

    /// The `GeTuiSdk` class methods the bridge calls only when the SDK has them.
    static let optionalClassMethods = [handleSceneWillConnect, registerLiveActivityPushToStartToken]

    /// The `GeTuiSdkDelegate` methods the bridge implements (as `@objc(…)` methods).
    static let delegateSelectors = [
        didRegisterClient, didNotifySdkState, didOccurError, grantAuthorization, GetuiCallbackName.willPresent, GetuiCallbackName.openSettings,
        GetuiCallbackName.didReceiveNotification, GetuiCallbackName.didReceiveSlience, didAliasAction, didSetTagsAction, didQueryTag,
        didRegisterLiveActivity, didRegisterPushToStartToken,
    ]

    /// Every class the bridge looks up by name.
    static let classNames = [sdkClass, commonSDKClass]

    // MARK: The check

    /// What the bridge was written against, for the messages.
    static let writtenAgainst = "Getui SDK 3.1.0.0 (GTSDK, GeTuiSdk.h) with GTCommonSDK"

    /// Why a class is not found, and the fix.
    static func classMissing(_ className: String) -> String {
        let fix =
            className == commonSDKClass
            ? "Getui's class \(className) is not in the app: add GTCommonSDK (pod 'GTCommonSDK', which pod 'GTSDK' brings, or the Swift package "
                + "https://github.com/GetuiLaboratory/getui-gtcsdk-ios-cocoapods, product GTCommonSDK)"
            : "Getui's class \(className) is not in the app: add the Getui SDK (pod 'GTSDK', or the Swift package "
                + "https://github.com/GetuiLaboratory/getui-sdk-ios-cocoapods, product GTSDK, with GTCommonSDK)"
        return fix
            + " — or it is linked without -ObjC and the linker dropped its classes, which looks the same: PushBridge names them only as strings, "
            + "so nothing pulls a static framework's classes in. Link with -ObjC (Other Linker Flags; CocoaPods adds it, Swift packages and "
            + "xcframeworks added by hand do not)"
    }

    /// Why a class method is not found, and the fix.
    static func methodMissing(_ selector: String) -> String {
        "Getui has no +[\(sdkClass) \(selector)] in the app: GeTuiSdkBridge was written against \(writtenAgainst), so use that SDK or a later 3.x"
    }

    /// Everything the bridge needs that the app lacks, as one error naming each missing class
    /// (then not its methods) and each missing class method with the fix, separated by `; `;
    /// `nil` when all are there. ``optionalClassMethods`` are not required.
    ///
    /// - Parameters:
    ///   - classExists: Whether a class of that name is in the app (`NSClassFromString`).
    ///   - responds: Whether the class has the class method (`class_getClassMethod`: it sends
    ///     the class no message, so no SDK code runs).
    /// - Returns: A `PushError` with code `unsupported` and field `sdk`, or `nil`.
    static func missing(classExists: (String) -> Bool, responds: (_ className: String, _ selector: String) -> Bool) -> PushError? {
        var problems: [String] = []
        var hasSDKClass = true
        for name in classNames where !classExists(name) {
            if name == sdkClass { hasSDKClass = false }
            problems.append(classMissing(name))
        }
        if hasSDKClass {
            for selector in requiredClassMethods where !responds(sdkClass, selector) { problems.append(methodMissing(selector)) }
        }
        guard !problems.isEmpty else { return nil }
        return PushError(.unsupported, field: "sdk", problems.joined(separator: "; "))
    }
}
