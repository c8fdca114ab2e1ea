import SDKBindingChecks

/// What JPush's and JCore's headers declare for each name `JPUSHServiceBridge` binds: facts read
/// from the headers (selector, class or instance, argument and return types, nullability under
/// `NS_ASSUME_NONNULL`) and where each is declared, plus the type encoding the JPush 5.9.0 binary
/// records for the method — the same in 5.7.0's.
///
/// How the encodings were read: `libJPush.a` (jpush/jpush-sdk @ 7765980,
/// `jpush-ios-5.9.0.xcframework/ios-arm64/libJPush.a`, blob 5690e20; and jpush/jpush-react-native
/// @ 756b89a, `ios/RCTJPushModule/jpush-ios-5.7.0.xcframework/ios-arm64/libJPush.a`) extracted
/// with `llvm-ar x`, then `llvm-objdump --macho --objc-meta-data JPUSHService.o`: each method
/// list entry's `types`. JCore's binary is not in the store (its blobs are absent), so JCore's
/// rows have none.
enum JPushHeaderFacts {
    static let jpush59 = "jpush-ios-5.9.0.xcframework/ios-arm64/Headers/JPUSHService.h"
    static let jpush57 = "ios/RCTJPushModule/jpush-ios-5.7.0.xcframework/ios-arm64/Headers/JPUSHService.h"

    /// JPush 5.9.0's header (the newest), at `line`.
    static func j59(_ line: Int) -> DeclarationSite {
        DeclarationSite(repository: "jpush/jpush-sdk", commit: "776598067231449c194f483079cd46f20252517e", path: jpush59, line: line)
    }
    /// JPush 5.7.0's header, at `line`.
    static func j57(_ line: Int) -> DeclarationSite {
        DeclarationSite(repository: "jpush/jpush-react-native", commit: "756b89afc4ef42aec32d2ebb763fb664c88a259a", path: jpush57, line: line)
    }
    /// JCore's `JGInforCollectionAuth.h` (JCore 5.0.2, the jbasic variant; the same declarations
    /// as the header `pod 'JCore'` installs), at `line`.
    static func jcore(_ line: Int) -> DeclarationSite {
        DeclarationSite(
            repository: "jpush/jcore-sdk", commit: "8a206fb6ea4b89fe473f69230e5df9536378f267",
            path: "jbasic-ios-5.0.2.xcframework/ios-arm64/Headers/JGInforCollectionAuth.h", line: line)
    }

    /// Where each class and protocol the bridge names is declared (5.9.0's lines; 5.7.0's are
    /// the same but the protocol's, at 890).
    static let types: [String: DeclarationSite] = [
        "JPUSHService": j59(194), "JPUSHRegisterEntity": j59(68), "JPUSHRegisterDelegate": j59(900),
        "JGInforCollectionAuth": jcore(19), "JGInforCollectionAuthItems": jcore(14),
    ]

    /// `JPUSHAliasOperationCompletion` (both headers, line 33), nullable where passed.
    static let aliasCompletion = ObjCType.block([.integer, .nullable("NSString"), .integer], nullable: true)
    /// `JPUSHTagsOperationCompletion` (line 31), nullable where passed.
    static let tagsCompletion = ObjCType.block([.integer, .nullable("NSSet"), .integer], nullable: true)
    /// `JPUSHTagValidOperationCompletion` (line 32), nullable where passed.
    static let tagValidCompletion = ObjCType.block([.integer, .nullable("NSSet"), .integer, .bool], nullable: true)

    /// `JPUSHLiveActivityTokenCompletion` (both headers, line 35), nullable where passed.
    static let liveActivityCompletion = ObjCType.block([.integer, .nullable("NSString"), .nullable("NSData"), .integer], nullable: true)

    static let service = "JPUSHService"

    static let all: [ObjCDeclaration] = [
        // JPUSHService (@interface at line 194 in both headers).
        ObjCDeclaration(
            owner: service, kind: .classMethod, selector: "setupWithOption:appKey:channel:apsForProduction:advertisingIdentifier:",
            arguments: [.nullable("NSDictionary"), .object("NSString"), .nullable("NSString"), .bool, .nullable("NSString")],
            sites: [j59(232), j57(232)], binaryEncoding: "v52@0:8@16@24@32B40@44"),
        ObjCDeclaration(
            owner: service, kind: .classMethod, selector: "registerForRemoteNotificationConfig:delegate:",
            arguments: [.object("JPUSHRegisterEntity"), .nullable("id<JPUSHRegisterDelegate>")],
            sites: [j59(259), j57(259)], binaryEncoding: "v32@0:8@16@24"),
        ObjCDeclaration(
            owner: service, kind: .classMethod, selector: "registerDeviceToken:", arguments: [.object("NSData")],
            sites: [j59(262), j57(262)], binaryEncoding: "v24@0:8@16"),
        ObjCDeclaration(
            owner: service, kind: .classMethod, selector: "handleRemoteNotification:", arguments: [.object("NSDictionary")],
            sites: [j59(295), j57(295)], binaryEncoding: "v24@0:8@16"),
        ObjCDeclaration(
            owner: service, kind: .classMethod, selector: "registrationID", arguments: [], returns: .object("NSString"),
            sites: [j59(764), j57(764)], binaryEncoding: "@16@0:8"),
        ObjCDeclaration(
            owner: service, kind: .classMethod, selector: "registrationIDCompletionHandler:",
            arguments: [.block([.int, .nullable("NSString")], nullable: false)],
            sites: [j59(766), j57(766)], binaryEncoding: "v24@0:8@?16"),
        ObjCDeclaration(
            owner: service, kind: .classMethod, selector: "setAlias:completion:seq:", arguments: [.object("NSString"), aliasCompletion, .integer],
            sites: [j59(398), j57(398)], binaryEncoding: "v40@0:8@16@?24q32"),
        ObjCDeclaration(
            owner: service, kind: .classMethod, selector: "deleteAlias:seq:", arguments: [aliasCompletion, .integer],
            sites: [j59(408), j57(408)], binaryEncoding: "v32@0:8@?16q24"),
        ObjCDeclaration(
            owner: service, kind: .classMethod, selector: "getAlias:seq:", arguments: [aliasCompletion, .integer],
            sites: [j59(417), j57(417)], binaryEncoding: "v32@0:8@?16q24"),
        ObjCDeclaration(
            owner: service, kind: .classMethod, selector: "addTags:completion:seq:", arguments: [.object("NSSet"), tagsCompletion, .integer],
            sites: [j59(337), j57(337)], binaryEncoding: "v40@0:8@16@?24q32"),
        ObjCDeclaration(
            owner: service, kind: .classMethod, selector: "setTags:completion:seq:", arguments: [.object("NSSet"), tagsCompletion, .integer],
            sites: [j59(349), j57(349)], binaryEncoding: "v40@0:8@16@?24q32"),
        ObjCDeclaration(
            owner: service, kind: .classMethod, selector: "deleteTags:completion:seq:", arguments: [.object("NSSet"), tagsCompletion, .integer],
            sites: [j59(360), j57(360)], binaryEncoding: "v40@0:8@16@?24q32"),
        ObjCDeclaration(
            owner: service, kind: .classMethod, selector: "cleanTags:seq:", arguments: [tagsCompletion, .integer],
            sites: [j59(369), j57(369)], binaryEncoding: "v32@0:8@?16q24"),
        ObjCDeclaration(
            owner: service, kind: .classMethod, selector: "getAllTags:seq:", arguments: [tagsCompletion, .integer],
            sites: [j59(378), j57(378)], binaryEncoding: "v32@0:8@?16q24"),
        ObjCDeclaration(
            owner: service, kind: .classMethod, selector: "validTag:completion:seq:", arguments: [.object("NSString"), tagValidCompletion, .integer],
            sites: [j59(387), j57(387)], binaryEncoding: "v40@0:8@16@?24q32"),
        ObjCDeclaration(
            owner: service, kind: .classMethod, selector: "setBadge:", arguments: [.integer], returns: .bool,
            sites: [j59(725), j57(725)], binaryEncoding: "B24@0:8q16"),
        ObjCDeclaration(
            owner: service, kind: .classMethod, selector: "resetBadge", arguments: [],
            sites: [j59(733), j57(733)], binaryEncoding: "v16@0:8"),
        // VoIP (since 3.x: Jold 3836c38 L246, L254) and Live Activities (pushToken since 5.0.0,
        // Jold 89ed69d L259; pushToStartToken absent from 5.2.0, b7ecc60, present in 5.7.0).
        // The binary's encodings were not read for these (no objdump run): none recorded.
        ObjCDeclaration(
            owner: service, kind: .classMethod, selector: "registerVoipToken:", arguments: [.object("NSData")],
            sites: [j59(302), j57(302)]),
        ObjCDeclaration(
            owner: service, kind: .classMethod, selector: "handleVoipNotification:", arguments: [.object("NSDictionary")],
            sites: [j59(310), j57(310)]),
        ObjCDeclaration(
            owner: service, kind: .classMethod, selector: "registerLiveActivity:pushToken:completion:seq:",
            arguments: [.object("NSString"), .nullable("NSData"), liveActivityCompletion, .integer], sites: [j59(287), j57(287)]),
        ObjCDeclaration(
            owner: service, kind: .classMethod, selector: "registerLiveActivity:pushToStartToken:completion:seq:",
            arguments: [.object("NSString"), .nullable("NSData"), liveActivityCompletion, .integer], sites: [j59(272), j57(272)]),

        // JPUSHRegisterEntity (@interface at line 68), set by key-value coding.
        ObjCDeclaration(
            owner: "JPUSHRegisterEntity", kind: .property, selector: "types", arguments: [.integer],
            sites: [j59(74), j57(74)], binaryEncoding: "v24@0:8q16"),
        ObjCDeclaration(
            owner: "JPUSHRegisterEntity", kind: .property, selector: "categories", arguments: [.nullable("NSSet")],
            sites: [j59(80), j57(80)], binaryEncoding: "v24@0:8@16"),

        // JCore: JGInforCollectionAuth (@interface at line 19), JGInforCollectionAuthItems (line 14).
        ObjCDeclaration(
            owner: "JGInforCollectionAuth", kind: .classMethod, selector: "JCollectionAuth:",
            arguments: [.block([.object("JGInforCollectionAuthItems")], nullable: true)], sites: [jcore(24)]),
        ObjCDeclaration(owner: "JGInforCollectionAuthItems", kind: .property, selector: "isAuth", arguments: [.bool], sites: [jcore(16)]),

        // JPUSHRegisterDelegate (@protocol at 5.9.0 line 900, 5.7.0 line 890), inside NS_ASSUME_NONNULL.
        ObjCDeclaration(
            owner: "JPUSHRegisterDelegate", kind: .instanceMethod, selector: "jpushNotificationCenter:willPresentNotification:withCompletionHandler:",
            arguments: [.object("UNUserNotificationCenter"), .object("UNNotification"), .block([.integer], nullable: false)],
            sites: [j59(908), j57(898)]),
        ObjCDeclaration(
            owner: "JPUSHRegisterDelegate", kind: .instanceMethod,
            selector: "jpushNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:",
            arguments: [.object("UNUserNotificationCenter"), .object("UNNotificationResponse"), .block([], nullable: false)],
            sites: [j59(915), j57(905)]),
        // Non-null in the header, though iOS passes nil when the user comes from Settings.
        ObjCDeclaration(
            owner: "JPUSHRegisterDelegate", kind: .instanceMethod, selector: "jpushNotificationCenter:openSettingsForNotification:",
            arguments: [.object("UNUserNotificationCenter"), .object("UNNotification")], sites: [j59(922), j57(912)]),
        ObjCDeclaration(
            owner: "JPUSHRegisterDelegate", kind: .instanceMethod, selector: "jpushNotificationAuthorization:withInfo:",
            arguments: [.unsignedInteger("JPAuthorizationStatus"), .nullable("NSDictionary")], sites: [j59(929), j57(919)]),
    ]

    /// The declaration of `selector` by `owner`, if recorded.
    static func declaration(_ owner: String, _ selector: String) -> ObjCDeclaration? {
        all.first { $0.owner == owner && $0.selector == selector }
    }
}
