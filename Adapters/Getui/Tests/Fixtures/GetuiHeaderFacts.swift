import SDKBindingChecks

/// What Getui's GTSDK 3.1.0.0 header declares for each name `GeTuiSdkBridge` binds: facts read
/// from the header (selector, class or instance, argument and return types, nullability under
/// `NS_ASSUME_NONNULL`, lines 27–575) and where each is declared.
///
/// No GTSDK 3.x or GTCommonSDK binary is in the store (their blobs are absent), so unlike
/// JPush's record these facts come from the headers alone.
enum GetuiHeaderFacts {
    /// GTSDK 3.1.0.0's `GeTuiSdk.h`, at `line`.
    static func g31(_ line: Int) -> DeclarationSite {
        DeclarationSite(
            repository: "GetuiLaboratory/getui-sdk-ios-cocoapods", commit: "389a5b4d319fe74616ab61c98c1b3bda1dde4583",
            path: "GTSDK.xcframework/ios-arm64/GTSDK.framework/Headers/GeTuiSdk.h", line: line)
    }

    /// Where each class and protocol the bridge names is declared.
    static let types: [String: DeclarationSite] = [
        "GeTuiSdk": g31(29),
        "GeTuiSdkDelegate": g31(379),
        // GTCommonSDK 3.2.3.0, the newest GTSDK 3.1.0.0 accepts (its podspec: `'GTCommonSDK', '> 3.0.9.0'`).
        "GTCommonSDK": DeclarationSite(
            repository: "GetuiLaboratory/getui-gtcsdk-ios-cocoapods", commit: "5bb4828347f061805dc8cd0c91988dee4b1a36f5",
            path: "GTCommonSDK.xcframework/ios-arm64/GTCommonSDK.framework/Headers/GTCommonSDK.h", line: 10),
    ]

    static let sdk = "GeTuiSdk"
    static let delegate = "GeTuiSdkDelegate"
    /// `nullable void (^)(UIBackgroundFetchResult)`.
    static let fetchCompletion = ObjCType.block([.unsignedInteger("UIBackgroundFetchResult")], nullable: true)

    static let all: [ObjCDeclaration] = [
        // GeTuiSdk class methods.
        ObjCDeclaration(
            owner: sdk, kind: .classMethod, selector: "startSdkWithAppId:appKey:appSecret:delegate:launchingOptions:",
            arguments: [.object("NSString"), .object("NSString"), .object("NSString"), .object("id<GeTuiSdkDelegate>"), .nullable("NSDictionary")],
            sites: [g31(47)]),
        ObjCDeclaration(owner: sdk, kind: .classMethod, selector: "setIDFA:", arguments: [.object("NSString")], sites: [g31(101)]),
        ObjCDeclaration(
            owner: sdk, kind: .classMethod, selector: "setApplicationGroupIdentifier:", arguments: [.object("NSString")], sites: [g31(53)]),
        ObjCDeclaration(owner: sdk, kind: .classMethod, selector: "status", arguments: [], returns: .unsignedInteger("SdkStatus"), sites: [g31(82)]),
        ObjCDeclaration(
            owner: sdk, kind: .classMethod, selector: "registerRemoteNotification:", arguments: [.unsignedInteger("UNAuthorizationOptions")],
            sites: [g31(60)]),
        ObjCDeclaration(owner: sdk, kind: .classMethod, selector: "clientId", arguments: [], returns: .object("NSString"), sites: [g31(75)]),
        ObjCDeclaration(
            owner: sdk, kind: .classMethod, selector: "bindAlias:andSequenceNum:", arguments: [.object("NSString"), .object("NSString")],
            sites: [g31(256)]),
        ObjCDeclaration(
            owner: sdk, kind: .classMethod, selector: "unbindAlias:andSequenceNum:andIsSelf:",
            arguments: [.object("NSString"), .object("NSString"), .bool],
            sites: [g31(266)]),
        ObjCDeclaration(
            owner: sdk, kind: .classMethod, selector: "setTags:andSequenceNum:", arguments: [.object("NSArray"), .object("NSString")], returns: .bool,
            sites: [g31(225)]),
        ObjCDeclaration(owner: sdk, kind: .classMethod, selector: "queryTag:", arguments: [.object("NSString")], returns: .bool, sites: [g31(215)]),
        ObjCDeclaration(
            owner: sdk, kind: .classMethod, selector: "sendFeedbackMessage:andTaskId:andMsgId:",
            arguments: [.integer, .object("NSString"), .object("NSString")],
            returns: .bool, sites: [g31(331)]),
        ObjCDeclaration(
            owner: sdk, kind: .classMethod, selector: "handleRemoteNotification:", arguments: [.object("NSDictionary")], sites: [g31(284)]),
        ObjCDeclaration(owner: sdk, kind: .classMethod, selector: "setBadge:", arguments: [.unsignedInteger("NSUInteger")], sites: [g31(237)]),
        ObjCDeclaration(owner: sdk, kind: .classMethod, selector: "resetBadge", arguments: [], sites: [g31(245)]),
        ObjCDeclaration(owner: sdk, kind: .classMethod, selector: "setPushModeForOff:", arguments: [.bool], sites: [g31(112)]),
        // API_AVAILABLE(ios(13.0)); new in 3.1.0.0.
        ObjCDeclaration(
            owner: sdk, kind: .classMethod, selector: "handleSceneWillConnectWithOptions:", arguments: [.object("UISceneConnectionOptions")],
            sites: [g31(274)]),
        // VoIP (in 3.0.5.2 already, 389a5b4's history) and Live Activities (activityToken since
        // 3.0.5.2 at least, pushToStartToken since 3.0.7.0).
        ObjCDeclaration(
            owner: sdk, kind: .classMethod, selector: "registerVoipTokenCredentials:", arguments: [.object("NSData")], returns: .bool,
            sites: [g31(165)]),
        ObjCDeclaration(owner: sdk, kind: .classMethod, selector: "handleVoipNotification:", arguments: [.object("NSDictionary")], sites: [g31(292)]),
        ObjCDeclaration(
            owner: sdk, kind: .classMethod, selector: "registerLiveActivity:activityToken:sequenceNum:",
            arguments: [.object("NSString"), .object("NSString"), .object("NSString")], returns: .bool, sites: [g31(188)]),
        ObjCDeclaration(
            owner: sdk, kind: .classMethod, selector: "registerLiveActivity:pushToStartToken:sequenceNum:",
            arguments: [.object("NSString"), .object("NSString"), .object("NSString")], returns: .bool, sites: [g31(178)]),

        // GeTuiSdkDelegate methods (all @optional, from line 381).
        ObjCDeclaration(
            owner: delegate, kind: .instanceMethod, selector: "GeTuiSdkDidRegisterClient:", arguments: [.object("NSString")], sites: [g31(390)]),
        ObjCDeclaration(
            owner: delegate, kind: .instanceMethod, selector: "GeTuiSDkDidNotifySdkState:", arguments: [.unsignedInteger("SdkStatus")],
            sites: [g31(397)]),
        ObjCDeclaration(
            owner: delegate, kind: .instanceMethod, selector: "GeTuiSdkDidOccurError:", arguments: [.object("NSError")], sites: [g31(404)]),
        ObjCDeclaration(
            owner: delegate, kind: .instanceMethod, selector: "GetuiSdkGrantAuthorization:error:", arguments: [.bool, .nullable("NSError")],
            sites: [g31(412)]),
        ObjCDeclaration(
            owner: delegate, kind: .instanceMethod, selector: "GeTuiSdkNotificationCenter:willPresentNotification:completionHandler:",
            arguments: [
                .object("UNUserNotificationCenter"), .object("UNNotification"),
                .block([.unsignedInteger("UNNotificationPresentationOptions")], nullable: false),
            ],
            sites: [g31(418)]),
        ObjCDeclaration(
            owner: delegate, kind: .instanceMethod, selector: "GeTuiSdkDidReceiveNotification:notificationCenter:response:fetchCompletionHandler:",
            arguments: [.object("NSDictionary"), .nullable("UNUserNotificationCenter"), .nullable("UNNotificationResponse"), fetchCompletion],
            sites: [g31(429)]),
        ObjCDeclaration(
            owner: delegate, kind: .instanceMethod,
            selector: "GeTuiSdkDidReceiveSlience:fromGetui:offLine:appId:taskId:msgId:fetchCompletionHandler:",
            arguments: [.object("NSDictionary"), .bool, .bool, .nullable("NSString"), .nullable("NSString"), .nullable("NSString"), fetchCompletion],
            sites: [g31(443)]),
        ObjCDeclaration(
            owner: delegate, kind: .instanceMethod, selector: "GeTuiSdkNotificationCenter:openSettingsForNotification:",
            arguments: [.object("UNUserNotificationCenter"), .nullable("UNNotification")], sites: [g31(452)]),
        ObjCDeclaration(
            owner: delegate, kind: .instanceMethod, selector: "GeTuiSdkDidAliasAction:result:sequenceNum:error:",
            arguments: [.object("NSString"), .bool, .object("NSString"), .nullable("NSError")], sites: [g31(490)]),
        ObjCDeclaration(
            owner: delegate, kind: .instanceMethod, selector: "GeTuiSdkDidSetTagsAction:result:error:",
            arguments: [.object("NSString"), .bool, .nullable("NSError")], sites: [g31(501)]),
        ObjCDeclaration(
            owner: delegate, kind: .instanceMethod, selector: "GetuiSdkDidQueryTag:sequenceNum:error:",
            arguments: [.object("NSArray"), .object("NSString"), .nullable("NSError")], sites: [g31(509)]),
        ObjCDeclaration(
            owner: delegate, kind: .instanceMethod, selector: "GeTuiSdkDidRegisterLiveActivity:result:error:",
            arguments: [.object("NSString"), .bool, .nullable("NSError")], sites: [g31(526)]),
        ObjCDeclaration(
            owner: delegate, kind: .instanceMethod, selector: "GeTuiSdkDidRegisterPushToStartToken:result:error:",
            arguments: [.object("NSString"), .bool, .nullable("NSError")], sites: [g31(519)]),
    ]

    /// The declaration of `selector` by `owner`, if recorded.
    static func declaration(_ owner: String, _ selector: String) -> ObjCDeclaration? {
        all.first { $0.owner == owner && $0.selector == selector }
    }
}
