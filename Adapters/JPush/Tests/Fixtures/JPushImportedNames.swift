/// The Swift name under which Swift imports each JPush and JCore method the bridge binds, from
/// the headers in the iOS type-check (`JPUSHService.h` 5.9.0, `JGInforCollectionAuth.h`): the
/// generated check-only module calls each method by this name, so the compiler holds it against
/// the header; the tests hold each name against the selector it must spell.
enum JPushImportedNames {
    /// `JPUSHService`'s and `JGInforCollectionAuth`'s class methods, by selector.
    static let classMethods: [String: String] = [
        "setupWithOption:appKey:channel:apsForProduction:advertisingIdentifier:":
            "setup(withOption:appKey:channel:apsForProduction:advertisingIdentifier:)",
        "registerForRemoteNotificationConfig:delegate:": "register(forRemoteNotificationConfig:delegate:)",
        "registerDeviceToken:": "registerDeviceToken(_:)",
        "handleRemoteNotification:": "handleRemoteNotification(_:)",
        "registrationID": "registrationID()",
        "registrationIDCompletionHandler:": "registrationIDCompletionHandler(_:)",
        "setAlias:completion:seq:": "setAlias(_:completion:seq:)",
        "deleteAlias:seq:": "deleteAlias(_:seq:)",
        "getAlias:seq:": "getAlias(_:seq:)",
        "addTags:completion:seq:": "addTags(_:completion:seq:)",
        "setTags:completion:seq:": "setTags(_:completion:seq:)",
        "deleteTags:completion:seq:": "deleteTags(_:completion:seq:)",
        "cleanTags:seq:": "cleanTags(_:seq:)",
        "getAllTags:seq:": "getAllTags(_:seq:)",
        "validTag:completion:seq:": "validTag(_:completion:seq:)",
        "setBadge:": "setBadge(_:)",
        "resetBadge": "resetBadge()",
        "registerVoipToken:": "registerVoipToken(_:)",
        "handleVoipNotification:": "handleVoipNotification(_:)",
        "registerLiveActivity:pushToken:completion:seq:": "registerLiveActivity(_:pushToken:completion:seq:)",
        "registerLiveActivity:pushToStartToken:completion:seq:": "registerLiveActivity(_:pushToStartToken:completion:seq:)",
        "JCollectionAuth:": "jCollectionAuth(_:)",
    ]

    /// `JPUSHRegisterDelegate`'s requirements, by selector (the importer drops a trailing word
    /// that repeats the parameter's type: `willPresentNotification:` → `willPresent:`).
    static let delegateMethods: [String: String] = [
        "jpushNotificationCenter:willPresentNotification:withCompletionHandler:": "jpushNotificationCenter(_:willPresent:withCompletionHandler:)",
        "jpushNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:":
            "jpushNotificationCenter(_:didReceive:withCompletionHandler:)",
        "jpushNotificationCenter:openSettingsForNotification:": "jpushNotificationCenter(_:openSettingsFor:)",
        "jpushNotificationAuthorization:withInfo:": "jpushNotificationAuthorization(_:withInfo:)",
    ]
}
