import Foundation
import PushBridge
import SDKBindingChecks
import Testing

@testable import PushBridgeFCM
@testable import PushBridgeFCMServiceExtension

/// `FIRMessagingBridge` binds FirebaseMessaging by name at run time, in a file no compiler sees
/// on Linux. These tests hold every name it binds (``FCMSDKSymbols``) against what the 12.19.0
/// headers declare (``FCMHeaderFacts``), read the Apple-only bridge for its `@objc` selectors and
/// spelled names, exercise the missing-SDK check with fakes, and keep the spelling probe CI
/// type-checks against the real headers (`Tests/iOSBindingChecks/Selectors/FCMSelectors.swift`)
/// generated from the tables.
@Suite struct FCMSDKBindingTests {
    static let bridgePath = "Adapters/FCM/App/SDK/FIRMessagingBridge.swift"
    static let symbolsPath = "Adapters/FCM/App/SDK/FCMSDKSymbols.swift"
    static let probePath = "Tests/iOSBindingChecks/Selectors/FCMSelectors.swift"
    static let regenerate = "PUSHBRIDGE_REGENERATE_BINDING_CHECKS=1 swift test --filter CheckOnlySourceTests"

    static let instanceMethods = FCMSDKSymbols.requiredInstanceMethods + FCMSDKSymbols.optionalInstanceMethods
    /// Every selector bound, app and extension, in one order, but the property accessors (which
    /// the key-path check holds).
    static let allSelectors =
        FCMSDKSymbols.classMethods.map(\.selector) + instanceMethods.filter { !FCMSDKSymbols.propertyAccessors.contains($0) }
        + FCMSDKSymbols.delegateSelectors
        + FCMExtensionSDKSymbols.classMethods + FCMExtensionSDKSymbols.helperMethods
    static let bindingsPath = "Tests/iOSBindingChecks/Bindings/FCMBindings.swift"

    @Test func everyBoundMethodIsDeclaredWithTheArityOfItsSelector() {
        for (className, selector) in FCMSDKSymbols.classMethods {
            let declaration = FCMHeaderFacts.declaration(className, selector)
            #expect(declaration?.kind == .classMethod, "+[\(className) \(selector)] is not a recorded class method")
            #expect(declaration.map { arity(selector) == $0.arguments.count } == true, "+[\(className) \(selector)]")
        }
        for selector in Self.instanceMethods {
            let declaration = FCMHeaderFacts.declaration(FCMSDKSymbols.messagingClass, selector)
            #expect(declaration?.kind == .instanceMethod, "-[FIRMessaging \(selector)] is not a recorded instance method")
            #expect(declaration.map { arity(selector) == $0.arguments.count } == true, "-[FIRMessaging \(selector)]")
        }
        for selector in FCMSDKSymbols.delegateSelectors {
            let declaration = FCMHeaderFacts.declaration(FCMSDKSymbols.delegateProtocol, selector)
            #expect(declaration?.kind == .instanceMethod, "\(selector) is not a recorded FIRMessagingDelegate method")
            #expect(declaration.map { arity(selector) == $0.arguments.count } == true, "\(selector)")
        }
    }

    @Test func everyClassAndProtocolNamedIsDeclared() {
        for name in FCMSDKSymbols.classNames + [FCMSDKSymbols.delegateProtocol, FCMExtensionSDKSymbols.helperClass] {
            #expect(FCMHeaderFacts.types[name] != nil, "\(name)")
        }
    }

    @Test func theRecordHoldsOnlyWhatIsBound() {
        let bound =
            FCMSDKSymbols.classMethods.map { "\($0.className) \($0.selector)" } + Self.instanceMethods.map { "FIRMessaging \($0)" }
            + FCMSDKSymbols.delegateSelectors.map { "FIRMessagingDelegate \($0)" }
        #expect(Set(FCMHeaderFacts.all.map { "\($0.owner) \($0.selector)" }) == Set(bound))
        #expect(FCMHeaderFacts.all.count == bound.count)
    }

    @Test func theRegistrationCallsOfBothGenerationsAreBoundTheNewOneOptional() {
        #expect(FCMSDKSymbols.requiredInstanceMethods.contains("tokenWithCompletion:"))
        #expect(FCMSDKSymbols.optionalInstanceMethods == ["registerWithCompletion:", "isInstallationIdEnabled"])
        #expect(Set(FCMSDKSymbols.requiredInstanceMethods).isDisjoint(with: FCMSDKSymbols.optionalInstanceMethods))
    }

    @Test func theBridgeImplementsEveryDelegateSelectorAndSpellsNoOtherName() throws {
        let source = try BridgeSource(Self.bridgePath).code
        let objc = source.components(separatedBy: "@objc(").dropFirst().compactMap { $0.split(separator: ")").first.map(String.init) }
        #expect(objc.sorted() == FCMSDKSymbols.delegateSelectors.sorted())
        let constants = try BridgeSource(Self.symbolsPath).stringConstants.values
        for name in Set(constants).subtracting(FCMSDKSymbols.delegateSelectors) {
            #expect(!source.contains("\"\(name)\""), "\"\(name)\" is spelled in the bridge, not taken from FCMSDKSymbols")
        }
        #expect(!source.contains("import FirebaseMessaging") && !source.contains("canImport(FirebaseMessaging)"))
        #expect(source.hasPrefix("#if canImport(ObjectiveC) && canImport(UIKit)"))
    }

    /// The bridge checks FirebaseMessaging through the lookup it shares with Getui's, which
    /// sends no class a message: no Firebase code runs before the check passes.
    @Test func theSDKIsCheckedThroughTheSharedRuntimeLookup() throws {
        #expect(try RuntimeLookupCheck.problems(in: BridgeSource(Self.bridgePath)) == [])
    }

    // MARK: The Apple-only bridge's casts against the header

    /// The `@convention(c)` type each method is cast to in `FIRMessagingBridge`, by selector.
    static let casts: [String: String] = [
        "messaging": "SharedObjectIMP", "defaultApp": "SharedObjectIMP", "setDelegate:": "SetDelegateIMP", "setAPNSToken:type:": "SetAPNSTokenIMP",
        "isAutoInitEnabled": "BoolGetterIMP", "setAutoInitEnabled:": "BoolSetterIMP", "tokenWithCompletion:": "TokenIMP",
        "subscribeToTopic:completion:": "TopicIMP", "unsubscribeFromTopic:completion:": "TopicIMP",
        "appDidReceiveMessage:": "AppDidReceiveMessageIMP",
        "registerWithCompletion:": "RegisterIMP", "isInstallationIdEnabled": "BoolGetterIMP",
    ]

    @Test func everyMethodIsCalledThroughATypeMatchingItsDeclaration() throws {
        let source = try BridgeSource(type: "FIRMessagingBridge", in: "Adapters/FCM/App/SDK")
        let constants = try BridgeSource(Self.symbolsPath).stringConstants
        let check = SignatureCheck(aliases: source.typealiases)
        #expect(Set(Self.casts.keys) == Set(FCMHeaderFacts.all.filter { $0.owner != FCMSDKSymbols.delegateProtocol }.map(\.selector)))
        for declaration in FCMHeaderFacts.all where declaration.owner != FCMSDKSymbols.delegateProtocol {
            let alias = try #require(Self.casts[declaration.selector], "\(declaration.selector)")
            #expect(check.implementation(alias, of: declaration) == [], "\(declaration.owner) \(declaration.selector)")
            // The bridge casts the method named by its constant to this type, and to no other.
            let constant = try #require(constants.first { $0.value == declaration.selector }?.key, "\(declaration.selector)")
            #expect(source.code.contains("FCMSDKSymbols.\(constant), as: \(alias).self)"), "\(declaration.selector) is not cast to \(alias)")
        }
    }

    // MARK: The missing-SDK check

    static func check(absentClasses: Set<String> = [], absentMethods: Set<String> = []) -> (error: PushError?, looked: [String]) {
        var looked: [String] = []
        let error = FCMSDKSymbols.missing(
            classExists: {
                looked.append($0)
                return !absentClasses.contains($0)
            },
            respondsToClassMethod: {
                looked.append("+[\($0) \($1)]")
                return !absentMethods.contains($1)
            },
            respondsToInstanceMethod: {
                looked.append("-[\($0) \($1)]")
                return !absentMethods.contains($1)
            })
        return (error, looked)
    }

    @Test func anAppWithFirebaseMessagingPassesAfterEveryRequiredNameIsLookedUp() {
        let (error, looked) = Self.check()
        #expect(error == nil)
        #expect(looked.contains("-[FIRMessaging setAPNSToken:type:]"))
        #expect(looked.contains("+[FIRApp defaultApp]"))
        #expect(!looked.contains("-[FIRMessaging registerWithCompletion:]"), "the optional call is not required")
    }

    @Test func anSDKBefore1216WithoutTheInstallationRegistrationPasses() {
        #expect(Self.check(absentMethods: ["registerWithCompletion:", "isInstallationIdEnabled"]).error == nil)
    }

    @Test func aMissingFirebaseMessagingNamesItAndTheFix() throws {
        let (error, looked) = Self.check(absentClasses: ["FIRMessaging"])
        let failure = try #require(error)
        #expect(failure.code == .unsupported)
        #expect(failure.field == "sdk")
        #expect(
            failure.message.hasPrefix(
                "Firebase's class FIRMessaging is not in the app: add FirebaseMessaging (the Swift package https://github.com/firebase/firebase-ios-sdk"
            ))
        #expect(failure.message.contains("-ObjC"))
        #expect(!looked.contains { $0.hasPrefix("-[FIRMessaging") }, "the methods of a missing class are not looked up")
    }

    @Test func aMissingMethodNamesItAndTheVersion() throws {
        let error = try #require(Self.check(absentMethods: ["appDidReceiveMessage:"]).error)
        #expect(
            error.message
                == "Firebase has no -[FIRMessaging appDidReceiveMessage:] in the app: FIRMessagingBridge was written against FirebaseMessaging 12.19.0 (FIRMessaging.h) with FirebaseCore, so use FirebaseMessaging 10.4 or later"
        )
    }

    @Test func anUnconfiguredFirebaseIsAConfigurationErrorNamingTheCall() {
        #expect(FCMSDKSymbols.notConfigured.code == .invalidConfiguration)
        #expect(FCMSDKSymbols.notConfigured.message.contains("FirebaseApp.configure()"))
    }

    // MARK: The spelling probe CI type-checks against the real headers

    /// The delegate methods the generated module calls by their imported names: all but the one
    /// deprecated in 12.18.0, whose reference would be a deprecation warning, which CI's verdict
    /// refuses; its selector is in the spelling probe, and its parameters are those of
    /// `messaging:didReceiveRegistration:` (`FIRMessaging *`, `nullable NSString *`), which is checked.
    static let typeCheckedDelegateSelectors = FCMSDKSymbols.delegateSelectors.filter { $0 != FCMSDKSymbols.didReceiveRegistrationToken }

    /// The delegate methods as FirebaseMessaging's `MessagingDelegate` declares them, reaching the
    /// bridge's `@objc` methods, and the settable property through its key path: CI type-checks
    /// this module against the real headers.
    static func bindings() throws -> CheckOnlySource {
        let bridge = try BridgeSource(type: "FIRMessagingBridge", in: "Adapters/FCM/App/SDK")
        return CheckOnlySource(
            moduleName: "FCMBindings", imports: ["UserNotifications", "FirebaseCore", "FirebaseMessaging", "PushBridgeFCM"],
            bridgeModule: "PushBridgeFCM",
            delegateClass: "PushBridgeFCM.FIRMessagingBridge", delegateProtocol: "MessagingDelegate", classMethods: [],
            delegateMethods: try CheckOnlySource.delegateMethods(
                selectors: Self.typeCheckedDelegateSelectors, bridge: bridge, names: FCMImportedNames.delegateMethods, optional: true),
            keyValueProperties: [CheckOnlySource.KeyValueProperty(className: "Messaging", key: "isAutoInitEnabled")], typealiases: bridge.typealiases,
            regenerate: regenerate)
    }

    @Test func everyImportedNameSpellsItsSelector() {
        for (selector, name) in FCMImportedNames.delegateMethods {
            #expect(CheckOnlySource.spells(name, selector), "\(name) does not spell \(selector)")
        }
        #expect(Set(FCMImportedNames.delegateMethods.keys) == Set(FCMSDKSymbols.delegateSelectors))
    }

    @Test func theCommittedSpellingProbeIsGeneratedFromTheTables() throws {
        let probe = CheckOnlySource.selectorProbe(
            moduleName: "FCMBindings", imports: ["UserNotifications", "FirebaseCore", "FirebaseMessaging"], selectors: Self.allSelectors,
            regenerate: Self.regenerate)
        try GeneratedFile.expect(probe, at: Self.probePath)
        try GeneratedFile.expect(try Self.bindings().source, at: Self.bindingsPath)
    }
}

/// The probe regenerates with the others' (`--filter CheckOnlySourceTests`).
@Suite struct FCMCheckOnlySourceTests {
    @Test func theProbeIsCurrent() throws {
        try FCMSDKBindingTests().theCommittedSpellingProbeIsGeneratedFromTheTables()
    }
}
