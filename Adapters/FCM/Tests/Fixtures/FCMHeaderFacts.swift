import SDKBindingChecks

/// What FirebaseMessaging's and FirebaseCore's 12.19.0 headers declare for each name
/// `FIRMessagingBridge` and `FCMServiceExtensionReporter` bind: the selector, class or instance,
/// the argument and return types (nullability under `NS_ASSUME_NONNULL`), and where each is
/// declared (firebase/firebase-ios-sdk at eed63a35, the headers `../shared/vendor-headers` holds).
enum FCMHeaderFacts {
    static let commit = "eed63a35a90dbd46184ca1a6afeb144ee783b5fd"

    /// `FIRMessaging.h`, at `line`.
    static func messaging(_ line: Int) -> DeclarationSite {
        DeclarationSite(
            repository: "firebase/firebase-ios-sdk", commit: commit, path: "FirebaseMessaging/Sources/Public/FirebaseMessaging/FIRMessaging.h",
            line: line)
    }

    /// `FIRMessagingExtensionHelper.h` or `FIRMessaging+ExtensionHelper.h`, at `line`.
    static func helper(_ file: String, _ line: Int) -> DeclarationSite {
        DeclarationSite(
            repository: "firebase/firebase-ios-sdk", commit: commit, path: "FirebaseMessaging/Sources/Public/FirebaseMessaging/\(file)", line: line)
    }

    /// `FIRApp.h`, at `line`.
    static func app(_ line: Int) -> DeclarationSite {
        DeclarationSite(
            repository: "firebase/firebase-ios-sdk", commit: commit, path: "FirebaseCore/Sources/Public/FirebaseCore/FIRApp.h", line: line)
    }

    /// Where each class and protocol bound is declared.
    static let types: [String: DeclarationSite] = [
        "FIRMessaging": messaging(210), "FIRMessagingDelegate": messaging(152), "FIRApp": app(47),
        "FIRMessagingExtensionHelper": helper("FIRMessagingExtensionHelper.h", 33),
    ]

    static let errorCompletion = ObjCType.block([.nullable("NSError")], nullable: false)

    static let all: [ObjCDeclaration] = [
        ObjCDeclaration(
            owner: "FIRMessaging", kind: .classMethod, selector: "messaging", arguments: [], returns: .object("FIRMessaging"), sites: [messaging(222)]
        ),
        ObjCDeclaration(owner: "FIRApp", kind: .classMethod, selector: "defaultApp", arguments: [], returns: .nullable("FIRApp"), sites: [app(82)]),
        ObjCDeclaration(
            owner: "FIRMessaging", kind: .instanceMethod, selector: "setDelegate:", arguments: [.nullable("id<FIRMessagingDelegate>")],
            sites: [messaging(215)]),
        ObjCDeclaration(
            owner: "FIRMessaging", kind: .instanceMethod, selector: "setAPNSToken:type:", arguments: [.object("NSData"), .integer],
            sites: [messaging(257)]),
        ObjCDeclaration(
            owner: "FIRMessaging", kind: .instanceMethod, selector: "isAutoInitEnabled", arguments: [], returns: .bool, sites: [messaging(277)]),
        ObjCDeclaration(owner: "FIRMessaging", kind: .instanceMethod, selector: "setAutoInitEnabled:", arguments: [.bool], sites: [messaging(277)]),
        ObjCDeclaration(
            owner: "FIRMessaging", kind: .instanceMethod, selector: "tokenWithCompletion:",
            arguments: [.block([.nullable("NSString"), .nullable("NSError")], nullable: false)], sites: [messaging(327)]),
        ObjCDeclaration(
            owner: "FIRMessaging", kind: .instanceMethod, selector: "subscribeToTopic:completion:",
            arguments: [.object("NSString"), .block([.nullable("NSError")], nullable: true)], sites: [messaging(443)]),
        ObjCDeclaration(
            owner: "FIRMessaging", kind: .instanceMethod, selector: "unsubscribeFromTopic:completion:",
            arguments: [.object("NSString"), .block([.nullable("NSError")], nullable: true)], sites: [messaging(465)]),
        ObjCDeclaration(
            owner: "FIRMessaging", kind: .instanceMethod, selector: "appDidReceiveMessage:", arguments: [.object("NSDictionary")],
            returns: .object("FIRMessagingMessageInfo"), sites: [messaging(481)]),
        ObjCDeclaration(
            owner: "FIRMessaging", kind: .instanceMethod, selector: "registerWithCompletion:", arguments: [errorCompletion], sites: [messaging(402)]),
        ObjCDeclaration(
            owner: "FIRMessaging", kind: .instanceMethod, selector: "isInstallationIdEnabled", arguments: [], returns: .bool, sites: [messaging(298)]),
        ObjCDeclaration(
            owner: "FIRMessagingDelegate", kind: .instanceMethod, selector: "messaging:didReceiveRegistrationToken:",
            arguments: [.object("FIRMessaging"), .nullable("NSString")], sites: [messaging(162)]),
        ObjCDeclaration(
            owner: "FIRMessagingDelegate", kind: .instanceMethod, selector: "messaging:didReceiveRegistration:",
            arguments: [.object("FIRMessaging"), .nullable("NSString")], sites: [messaging(180)]),
        ObjCDeclaration(
            owner: "FIRMessagingDelegate", kind: .instanceMethod, selector: "messaging:didUnregister:",
            arguments: [.object("FIRMessaging"), .object("NSString")],
            sites: [messaging(194)]),
    ]

    /// The declaration of `selector` in `owner`, if recorded.
    static func declaration(_ owner: String, _ selector: String) -> ObjCDeclaration? {
        all.first { $0.owner == owner && $0.selector == selector }
    }
}
