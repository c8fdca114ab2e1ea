import PushBridge

/// The Objective-C names `JPUSHServiceBridge` binds at run time — JPush's and JCore's classes, the
/// class methods it calls, the properties it sets by key-value coding and the delegate methods it
/// implements — each spelled once, here, and the check that they are all in the app.
///
/// Compiled on every platform, so that Linux tests can hold each name against the SDK's headers
/// and exercise ``missing(classExists:responds:)`` with fakes; the Apple-only bridge uses these
/// constants and nothing else to name what it binds.
enum JPushSDKSymbols {
    // MARK: Classes

    /// `JPUSHService` (JPush, `JPUSHService.h`): every call the bridge makes but one.
    static let serviceClass = "JPUSHService"
    /// `JPUSHRegisterEntity` (JPush): the registration's options and categories.
    static let registerEntityClass = "JPUSHRegisterEntity"
    /// `JGInforCollectionAuth` (JCore, `JGInforCollectionAuth.h`): the collection consent call.
    static let collectionAuthClass = "JGInforCollectionAuth"
    /// `JGInforCollectionAuthItems` (JCore): what `JCollectionAuth:`'s block is handed.
    static let collectionAuthItemsClass = "JGInforCollectionAuthItems"
    /// `JPUSHRegisterDelegate`: the protocol the bridge answers `conformsToProtocol:` for.
    static let delegateProtocol = "JPUSHRegisterDelegate"

    // MARK: JPUSHService class methods

    /// `+setupWithOption:appKey:channel:apsForProduction:advertisingIdentifier:`.
    static let setup = "setupWithOption:appKey:channel:apsForProduction:advertisingIdentifier:"
    /// `+registerForRemoteNotificationConfig:delegate:`.
    static let registerForRemoteNotificationConfig = "registerForRemoteNotificationConfig:delegate:"
    /// `+registerDeviceToken:`.
    static let registerDeviceToken = "registerDeviceToken:"
    /// `+handleRemoteNotification:`.
    static let handleRemoteNotification = "handleRemoteNotification:"
    /// `+registrationID`.
    static let registrationID = "registrationID"
    /// `+registrationIDCompletionHandler:`.
    static let registrationIDCompletionHandler = "registrationIDCompletionHandler:"
    /// `+setAlias:completion:seq:`.
    static let setAlias = "setAlias:completion:seq:"
    /// `+deleteAlias:seq:`.
    static let deleteAlias = "deleteAlias:seq:"
    /// `+getAlias:seq:`.
    static let getAlias = "getAlias:seq:"
    /// `+addTags:completion:seq:`.
    static let addTags = "addTags:completion:seq:"
    /// `+setTags:completion:seq:`.
    static let setTags = "setTags:completion:seq:"
    /// `+deleteTags:completion:seq:`.
    static let deleteTags = "deleteTags:completion:seq:"
    /// `+cleanTags:seq:`.
    static let cleanTags = "cleanTags:seq:"
    /// `+getAllTags:seq:`.
    static let getAllTags = "getAllTags:seq:"
    /// `+validTag:completion:seq:`.
    static let validTag = "validTag:completion:seq:"
    /// `+setBadge:`.
    static let setBadge = "setBadge:"
    /// `+resetBadge`.
    static let resetBadge = "resetBadge"
    /// `+registerVoipToken:` (5.7.0/5.9.0 L302; since 3.x).
    static let registerVoipToken = "registerVoipToken:"
    /// `+handleVoipNotification:` (L310; since 3.x).
    static let handleVoipNotification = "handleVoipNotification:"
    /// `+registerLiveActivity:pushToken:completion:seq:` (5.9.0 L287; since 5.0.0).
    static let registerLiveActivityPushToken = "registerLiveActivity:pushToken:completion:seq:"
    /// `+registerLiveActivity:pushToStartToken:completion:seq:` (5.9.0 L272; since 5.5.0, absent
    /// from 5.2.0): optional, called only when present.
    static let registerLiveActivityPushToStartToken = "registerLiveActivity:pushToStartToken:completion:seq:"

    // MARK: JCore

    /// `+[JGInforCollectionAuth JCollectionAuth:]`.
    static let collectionAuth = "JCollectionAuth:"

    // MARK: Properties set by key-value coding

    /// `JPUSHRegisterEntity.types` (`NSInteger`).
    static let entityTypesKey = "types"
    /// `JPUSHRegisterEntity.categories` (`NSSet`, nullable).
    static let entityCategoriesKey = "categories"
    /// `JGInforCollectionAuthItems.isAuth` (`BOOL`).
    static let authItemsIsAuthKey = "isAuth"

    // MARK: Tables

    /// Every class method the bridge calls, by class: all must be in the app.
    static let classMethods: [(className: String, selectors: [String])] = [
        (
            serviceClass,
            [
                setup, registerForRemoteNotificationConfig, registerDeviceToken, handleRemoteNotification, registrationID,
                registrationIDCompletionHandler, setAlias, deleteAlias, getAlias, addTags, setTags, deleteTags, cleanTags, getAllTags,
                validTag, setBadge, resetBadge, registerVoipToken, handleVoipNotification, registerLiveActivityPushToken,
            ]
        ),
        (collectionAuthClass, [collectionAuth]),
    ]

    /// The class methods the bridge calls only when the SDK has them (not checked by
    /// ``missing(classExists:responds:)``): the push-to-start registration, newer than 5.2.0.
    static let optionalClassMethods: [(className: String, selectors: [String])] = [
        (serviceClass, [registerLiveActivityPushToStartToken])
    ]

    /// Every property the bridge sets by key-value coding, by class: a key with no setter would
    /// raise `NSUnknownKeyException`, so each setter must be in the app.
    static let keyValueProperties: [(className: String, keys: [String])] = [
        (registerEntityClass, [entityTypesKey, entityCategoriesKey]),
        (collectionAuthItemsClass, [authItemsIsAuthKey]),
    ]

    /// The `JPUSHRegisterDelegate` methods the bridge implements (as `@objc(…)` methods; JPush
    /// checks `respondsToSelector:` before calling each).
    static let delegateSelectors = [
        JPushCallbackName.willPresent, JPushCallbackName.didReceiveResponse, JPushCallbackName.openSettings, JPushCallbackName.authorization,
    ]

    /// Every class the bridge looks up by name.
    static var classNames: [String] {
        var names: [String] = []
        for (name, _) in classMethods where !names.contains(name) { names.append(name) }
        for (name, _) in keyValueProperties where !names.contains(name) { names.append(name) }
        return names
    }

    /// The selector of the setter key-value coding calls for `key` (`types` → `setTypes:`).
    static func setter(forKey key: String) -> String {
        "set\(key.prefix(1).uppercased())\(key.dropFirst()):"
    }

    /// One method the bridge needs: a class method, or an instance method (a property's setter).
    struct Method: Sendable, Equatable, CustomStringConvertible {
        /// The class that must implement it.
        var className: String
        /// Its selector.
        var selector: String
        /// Whether it is a class method (`+`) rather than an instance method (`-`).
        var isClassMethod: Bool

        /// `+[JPUSHService resetBadge]` or `-[JPUSHRegisterEntity setTypes:]`.
        var description: String { "\(isClassMethod ? "+" : "-")[\(className) \(selector)]" }
    }

    /// Every method the bridge needs, in the order they are checked.
    static var methods: [Method] {
        var methods: [Method] = []
        for (className, selectors) in classMethods {
            for selector in selectors { methods.append(Method(className: className, selector: selector, isClassMethod: true)) }
        }
        for (className, keys) in keyValueProperties {
            for key in keys { methods.append(Method(className: className, selector: setter(forKey: key), isClassMethod: false)) }
        }
        return methods
    }

    // MARK: The check

    /// What the bridge was written against, for the messages.
    static let writtenAgainst =
        "JPush 5.x or 6.x with its JCore (held by the compiler against the JPush 5.9.0 header and JCore's JGInforCollectionAuth.h, "
        + "and by hand against the 5.7.0 and 6.2.7 headers)"

    /// Whether `className` is one of JCore's rather than JPush's own.
    static func isJCore(_ className: String) -> Bool { className.hasPrefix("JG") }

    /// Why a class is not found, and the fix.
    static func classMissing(_ className: String) -> String {
        let fix =
            isJCore(className)
            ? "JCore's class \(className) is not in the app: add JCore (pod 'JCore', which pod 'JPush' brings, or jcore-ios-x.y.z.xcframework beside JPush's)"
            : "JPush's class \(className) is not in the app: add the JPush SDK (pod 'JPush', or jpush-ios-x.y.z.xcframework with JCore)"
        return fix
            + " — or it is linked without -ObjC and the linker dropped its classes, which looks the same: PushBridge names them only as strings, "
            + "so nothing pulls a static library's classes in. Link with -ObjC (Other Linker Flags; CocoaPods adds it, Swift packages and "
            + "xcframeworks added by hand do not)"
    }

    /// Why a method is not found, and the fix.
    static func methodMissing(_ method: Method) -> String {
        "\(isJCore(method.className) ? "JCore" : "JPush") has no \(method) in the app: JPUSHServiceBridge was written against \(writtenAgainst), "
            + "so use a JPush 5.x or 6.x SDK and the JCore it requires"
    }

    /// Everything the bridge needs that the app lacks, as one error naming each missing class
    /// (then not its methods) and each missing method with the fix, separated by `; `; `nil`
    /// when all are there.
    ///
    /// - Parameters:
    ///   - classExists: Whether a class of that name is in the app (`NSClassFromString`).
    ///   - responds: Whether the class implements the method (`class_getClassMethod` or
    ///     `class_getInstanceMethod`: neither sends the class a message, so no SDK code runs).
    /// - Returns: A `PushError` with code `unsupported` and field `sdk`, or `nil`.
    static func missing(classExists: (String) -> Bool, responds: (Method) -> Bool) -> PushError? {
        var absentClasses: [String] = []
        var problems: [String] = []
        for name in classNames where !classExists(name) {
            absentClasses.append(name)
            problems.append(classMissing(name))
        }
        for method in methods where !absentClasses.contains(method.className) && !responds(method) { problems.append(methodMissing(method)) }
        guard !problems.isEmpty else { return nil }
        return PushError(.unsupported, field: "sdk", problems.joined(separator: "; "))
    }
}
