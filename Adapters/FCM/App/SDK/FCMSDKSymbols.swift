import PushBridge

/// The Objective-C names `FIRMessagingBridge` binds at run time — FirebaseMessaging's class, the
/// `FIRMessaging` methods it calls, the `FIRMessagingDelegate` methods it implements, and
/// FirebaseCore's default-app check — each spelled once, here, and the check that they are all
/// in the app.
///
/// Compiled on every platform, so that Linux tests can hold each name against the headers
/// (FirebaseMessaging and FirebaseCore 12.19.0) and exercise ``missing(classExists:respondsToClassMethod:respondsToInstanceMethod:)``
/// with fakes; the Apple-only bridge uses these constants and nothing else to name what it binds.
enum FCMSDKSymbols {
    // MARK: Classes

    /// `FIRMessaging` (FirebaseMessaging, `FIRMessaging.h` L210).
    static let messagingClass = "FIRMessaging"
    /// `FIRApp` (FirebaseCore, `FIRApp.h` L47): only its default app is looked up.
    static let appClass = "FIRApp"
    /// `FIRMessagingDelegate` (L152): the protocol the bridge answers `conformsToProtocol:` for.
    static let delegateProtocol = "FIRMessagingDelegate"

    // MARK: Class methods

    /// `+[FIRMessaging messaging]` (L222): the shared instance.
    static let messaging = "messaging"
    /// `+[FIRApp defaultApp]` (`FIRApp.h` L82): `nil` until the app called `FirebaseApp.configure()`,
    /// before which `+messaging` raises an exception (an inference from `FIRMessaging.m`, which
    /// asserts on a missing default app).
    static let defaultApp = "defaultApp"

    // MARK: FIRMessaging instance methods

    /// `-setDelegate:` (the `delegate` property, L215, weak).
    static let setDelegate = "setDelegate:"
    /// `-setAPNSToken:type:` (L257).
    static let setAPNSToken = "setAPNSToken:type:"
    /// `-isAutoInitEnabled` (the `autoInitEnabled` property's getter, L277).
    static let isAutoInitEnabled = "isAutoInitEnabled"
    /// `-setAutoInitEnabled:` (its setter).
    static let setAutoInitEnabled = "setAutoInitEnabled:"
    /// `-tokenWithCompletion:` (L327; deprecated in 12.18.0, in every release so far).
    static let token = "tokenWithCompletion:"
    /// `-subscribeToTopic:completion:` (L443).
    static let subscribeToTopic = "subscribeToTopic:completion:"
    /// `-unsubscribeFromTopic:completion:` (L465).
    static let unsubscribeFromTopic = "unsubscribeFromTopic:completion:"
    /// `-appDidReceiveMessage:` (L481).
    static let appDidReceiveMessage = "appDidReceiveMessage:"
    /// `-registerWithCompletion:` (L402; 12.16.0+): optional, called only when present.
    static let register = "registerWithCompletion:"
    /// `-isInstallationIdEnabled` (the `installationIdEnabled` property's getter, L298; 12.16.0+):
    /// optional, read only when present.
    static let isInstallationIdEnabled = "isInstallationIdEnabled"

    // MARK: FIRMessagingDelegate methods

    /// `messaging:didReceiveRegistrationToken:` (L162; deprecated in 12.18.0).
    static let didReceiveRegistrationToken = "messaging:didReceiveRegistrationToken:"
    /// `messaging:didReceiveRegistration:` (L180; 12.16.0+).
    static let didReceiveRegistration = "messaging:didReceiveRegistration:"
    /// `messaging:didUnregister:` (L194; 12.16.0+).
    static let didUnregister = "messaging:didUnregister:"

    // MARK: Tables

    /// Every `FIRMessaging` instance method the bridge calls: all must be in the app.
    static let requiredInstanceMethods = [
        setDelegate, setAPNSToken, isAutoInitEnabled, setAutoInitEnabled, token, subscribeToTopic, unsubscribeFromTopic, appDidReceiveMessage,
    ]
    /// The instance methods the bridge calls only when the SDK has them (12.16.0+).
    static let optionalInstanceMethods = [register, isInstallationIdEnabled]
    /// The class methods the bridge calls, by class.
    static let classMethods = [(className: messagingClass, selector: messaging), (className: appClass, selector: defaultApp)]
    /// The `FIRMessagingDelegate` methods the bridge implements (as `@objc(…)` methods).
    static let delegateSelectors = [didReceiveRegistrationToken, didReceiveRegistration, didUnregister]
    /// Every class the bridge looks up by name.
    static let classNames = [messagingClass, appClass]
    /// The property accessors among the instance methods (`autoInitEnabled`'s and
    /// `installationIdEnabled`'s): Swift's `Selector("…")` check does not see a property's
    /// accessors, so CI holds the settable one through its key path instead (`FCMBindings`), and
    /// the spelling probe leaves them out.
    static let propertyAccessors = [isAutoInitEnabled, setAutoInitEnabled, isInstallationIdEnabled]

    // MARK: The check

    /// What the bridge was written against, for the messages.
    static let writtenAgainst = "FirebaseMessaging 12.19.0 (FIRMessaging.h) with FirebaseCore"

    /// Why a class is not found, and the fix.
    static func classMissing(_ className: String) -> String {
        let product = className == appClass ? "FirebaseCore" : "FirebaseMessaging"
        return "Firebase's class \(className) is not in the app: add \(product) (the Swift package https://github.com/firebase/firebase-ios-sdk, "
            + "product FirebaseMessaging, which brings FirebaseCore; or pod 'FirebaseMessaging')"
            + " — or it is linked without -ObjC and the linker dropped its classes, which looks the same: PushBridge names them only as strings. "
            + "Link with -ObjC (Other Linker Flags) when Firebase is a static library"
    }

    /// Why a method is not found, and the fix.
    static func methodMissing(_ className: String, _ selector: String, instance: Bool) -> String {
        "Firebase has no \(instance ? "-" : "+")[\(className) \(selector)] in the app: FIRMessagingBridge was written against \(writtenAgainst), "
            + "so use FirebaseMessaging 10.4 or later"
    }

    /// Everything the bridge needs that the app lacks, as one error naming each missing class
    /// (then not its methods) and each missing method with the fix, separated by `; `; `nil`
    /// when all are there. ``optionalInstanceMethods`` are not required.
    ///
    /// - Parameters:
    ///   - classExists: Whether a class of that name is in the app (`NSClassFromString`).
    ///   - respondsToClassMethod: Whether the class has the class method (`class_getClassMethod`).
    ///   - respondsToInstanceMethod: Whether the class's instances have the method
    ///     (`class_getInstanceMethod`: no instance is made, so no Firebase code runs).
    /// - Returns: A `PushError` with code `unsupported` and field `sdk`, or `nil`.
    static func missing(
        classExists: (String) -> Bool, respondsToClassMethod: (_ className: String, _ selector: String) -> Bool,
        respondsToInstanceMethod: (_ className: String, _ selector: String) -> Bool
    ) -> PushError? {
        var problems: [String] = []
        var present: Set<String> = []
        for name in classNames {
            if classExists(name) { present.insert(name) } else { problems.append(classMissing(name)) }
        }
        for (className, selector) in classMethods where present.contains(className) && !respondsToClassMethod(className, selector) {
            problems.append(methodMissing(className, selector, instance: false))
        }
        if present.contains(messagingClass) {
            for selector in requiredInstanceMethods where !respondsToInstanceMethod(messagingClass, selector) {
                problems.append(methodMissing(messagingClass, selector, instance: true))
            }
        }
        guard !problems.isEmpty else { return nil }
        return PushError(.unsupported, field: "sdk", problems.joined(separator: "; "))
    }

    /// The error when Firebase is linked but not configured: `+[FIRApp defaultApp]` is `nil`.
    static let notConfigured = PushError(
        .invalidConfiguration, field: "FirebaseApp",
        "Firebase is not configured: call FirebaseApp.configure() (with GoogleService-Info.plist in the app's bundle) before making the PushClient")
}
