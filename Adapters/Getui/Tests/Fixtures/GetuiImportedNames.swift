/// The Swift name under which Swift imports each Getui method the bridge binds, from
/// `GeTuiSdk.h` 3.1.0.0 in the iOS type-check: the generated check-only module calls each method
/// by this name, so the compiler holds it against the header; the tests hold each name against
/// the selector it must spell.
enum GetuiImportedNames {
    /// `GeTuiSdk`'s class methods, by selector.
    static let classMethods: [String: String] = [
        "startSdkWithAppId:appKey:appSecret:delegate:launchingOptions:": "start(withAppId:appKey:appSecret:delegate:launchingOptions:)",
        "setIDFA:": "setIDFA(_:)",
        "setApplicationGroupIdentifier:": "setApplicationGroupIdentifier(_:)",
        "status": "status()",
        "registerRemoteNotification:": "registerRemoteNotification(_:)",
        "clientId": "clientId()",
        "bindAlias:andSequenceNum:": "bindAlias(_:andSequenceNum:)",
        "unbindAlias:andSequenceNum:andIsSelf:": "unbindAlias(_:andSequenceNum:andIsSelf:)",
        "setTags:andSequenceNum:": "setTags(_:andSequenceNum:)",
        "queryTag:": "queryTag(_:)",
        "sendFeedbackMessage:andTaskId:andMsgId:": "sendFeedbackMessage(_:andTaskId:andMsgId:)",
        "handleRemoteNotification:": "handleRemoteNotification(_:)",
        "setBadge:": "setBadge(_:)",
        "resetBadge": "resetBadge()",
        "setPushModeForOff:": "setPushModeForOff(_:)",
        "registerVoipTokenCredentials:": "registerVoipTokenCredentials(_:)",
        "handleVoipNotification:": "handleVoipNotification(_:)",
        "registerLiveActivity:activityToken:sequenceNum:": "registerLiveActivity(_:activityToken:sequenceNum:)",
        "registerLiveActivity:pushToStartToken:sequenceNum:": "registerLiveActivity(_:pushToStartToken:sequenceNum:)",
        "handleSceneWillConnectWithOptions:": "handleSceneWillConnect(with:)",
    ]

    /// `GeTuiSdkDelegate`'s requirements (all `@optional`), by selector; the importer lowercases
    /// the leading capital and drops a trailing word that repeats the parameter's type.
    static let delegateMethods: [String: String] = [
        "GeTuiSdkDidRegisterClient:": "geTuiSdkDidRegisterClient(_:)",
        "GeTuiSDkDidNotifySdkState:": "geTuiSDkDidNotifySdkState(_:)",
        "GeTuiSdkDidOccurError:": "geTuiSdkDidOccurError(_:)",
        "GetuiSdkGrantAuthorization:error:": "getuiSdkGrantAuthorization(_:error:)",
        "GeTuiSdkNotificationCenter:willPresentNotification:completionHandler:": "geTuiSdkNotificationCenter(_:willPresent:completionHandler:)",
        "GeTuiSdkNotificationCenter:openSettingsForNotification:": "geTuiSdkNotificationCenter(_:openSettingsFor:)",
        "GeTuiSdkDidReceiveNotification:notificationCenter:response:fetchCompletionHandler:":
            "geTuiSdkDidReceiveNotification(_:notificationCenter:response:fetchCompletionHandler:)",
        "GeTuiSdkDidReceiveSlience:fromGetui:offLine:appId:taskId:msgId:fetchCompletionHandler:":
            "geTuiSdkDidReceiveSlience(_:fromGetui:offLine:appId:taskId:msgId:fetchCompletionHandler:)",
        "GeTuiSdkDidAliasAction:result:sequenceNum:error:": "geTuiSdkDidAliasAction(_:result:sequenceNum:error:)",
        "GeTuiSdkDidSetTagsAction:result:error:": "geTuiSdkDidSetTagsAction(_:result:error:)",
        "GetuiSdkDidQueryTag:sequenceNum:error:": "getuiSdkDidQueryTag(_:sequenceNum:error:)",
        "GeTuiSdkDidRegisterLiveActivity:result:error:": "geTuiSdkDidRegisterLiveActivity(_:result:error:)",
        "GeTuiSdkDidRegisterPushToStartToken:result:error:": "geTuiSdkDidRegisterPush(toStartToken:result:error:)",
    ]
}
