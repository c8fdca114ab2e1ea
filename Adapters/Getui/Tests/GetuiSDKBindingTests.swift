import Foundation
import PushBridge
import SDKBindingChecks
import Testing

@testable import PushBridgeGetui

/// `GeTuiSdkBridge` binds Getui by name at run time, in a file no compiler sees on Linux. These
/// tests hold every name it binds (``GetuiSDKSymbols``) against what the GTSDK 3.1.0.0 header
/// declares (``GetuiHeaderFacts``), read the Apple-only files to check each `@convention(c)` type
/// and `@objc` method it spells against those declarations, and exercise the missing-SDK check
/// with fakes.
@Suite struct GetuiSDKBindingTests {
    /// The Apple-only bridge's source, all its files as one text (`GeTuiSdkBridge.swift` and its `+` files).
    static func bridge() throws -> BridgeSource { try BridgeSource(type: "GeTuiSdkBridge", in: "Adapters/Getui/App/SDK") }

    /// The bridge is read from every file it spans, the main one first.
    @Test func theBridgeIsReadFromEveryFileItSpans() throws {
        #expect(
            try BridgeSource.files(of: "GeTuiSdkBridge", in: "Adapters/Getui/App/SDK")
                == ["GeTuiSdkBridge.swift", "GeTuiSdkBridge+Delegate.swift"].map { "Adapters/Getui/App/SDK/" + $0 })
    }
    static let symbolsPath = "Adapters/Getui/App/SDK/GetuiSDKSymbols.swift"
    static let classMethods = GetuiSDKSymbols.requiredClassMethods + GetuiSDKSymbols.optionalClassMethods

    // MARK: The symbols against the header

    @Test func everyBoundClassMethodIsDeclaredWithTheArityOfItsSelector() {
        for selector in Self.classMethods {
            let declaration = GetuiHeaderFacts.declaration(GetuiSDKSymbols.sdkClass, selector)
            #expect(declaration?.kind == .classMethod, "+[GeTuiSdk \(selector)] is not a recorded class method")
            #expect(declaration.map { arity(selector) == $0.arguments.count } == true, "+[GeTuiSdk \(selector)]")
        }
    }

    @Test func everyDelegateSelectorIsAGeTuiSdkDelegateMethodWithTheArityOfItsSelector() {
        for selector in GetuiSDKSymbols.delegateSelectors {
            let declaration = GetuiHeaderFacts.declaration(GetuiSDKSymbols.delegateProtocol, selector)
            #expect(declaration?.kind == .instanceMethod, "-\(selector) is not a recorded GeTuiSdkDelegate method")
            #expect(declaration.map { arity(selector) == $0.arguments.count } == true, "\(selector)")
        }
    }

    @Test func everyClassAndProtocolNamedIsDeclared() {
        for name in GetuiSDKSymbols.classNames + [GetuiSDKSymbols.delegateProtocol] {
            #expect(GetuiHeaderFacts.types[name] != nil, "\(name)")
        }
    }

    @Test func theRecordHoldsOnlyWhatIsBound() {
        let bound =
            Self.classMethods.map { "\(GetuiSDKSymbols.sdkClass) \($0)" }
            + GetuiSDKSymbols.delegateSelectors.map { "\(GetuiSDKSymbols.delegateProtocol) \($0)" }
        #expect(Set(GetuiHeaderFacts.all.map { "\($0.owner) \($0.selector)" }) == Set(bound))
        #expect(GetuiHeaderFacts.all.count == bound.count)
    }

    @Test func noNameIsSpelledTwice() throws {
        let names = Self.classMethods + GetuiSDKSymbols.delegateSelectors
        #expect(Set(names).count == names.count, "a selector is listed twice")
        #expect(Set(GetuiSDKSymbols.requiredClassMethods).isDisjoint(with: GetuiSDKSymbols.optionalClassMethods))
        let constants = try BridgeSource(Self.symbolsPath).stringConstants
        let values = Array(constants.values)
        #expect(Set(values).count == values.count, "two constants spell the same name")
        let fromCallbackNames: Set = [
            GetuiCallbackName.willPresent, GetuiCallbackName.openSettings, GetuiCallbackName.didReceiveNotification,
            GetuiCallbackName.didReceiveSlience,
        ]
        for name in names + GetuiSDKSymbols.classNames + [GetuiSDKSymbols.delegateProtocol] where !fromCallbackNames.contains(name) {
            #expect(values.contains(name), "\(name) is not a constant of GetuiSDKSymbols")
        }
        #expect(fromCallbackNames.isDisjoint(with: values), "a GetuiCallbackName selector is spelled again in GetuiSDKSymbols")
    }

    // MARK: The Apple-only bridge against the header

    @Test func everyClassMethodIsCalledThroughATypeMatchingItsDeclaration() throws {
        let source = try Self.bridge()
        let constants = try BridgeSource(Self.symbolsPath).stringConstants
        let check = SignatureCheck(aliases: source.typealiases)
        var called: [String] = []
        for binding in source.bindings(symbols: "GetuiSDKSymbols") {
            let selector = try #require(constants[binding.constant], "GetuiSDKSymbols.\(binding.constant)")
            #expect(binding.receiver == "sdk")
            let declaration = try #require(GetuiHeaderFacts.declaration(GetuiSDKSymbols.sdkClass, selector), "+[GeTuiSdk \(selector)]")
            #expect(check.implementation(binding.alias, of: declaration) == [], "+[GeTuiSdk \(selector)]")
            #expect(binding.callArguments.count == declaration.arguments.count + 2, "the call of +[GeTuiSdk \(selector)]: \(binding.callArguments)")
            #expect(binding.callArguments.prefix(2) == ["sdk", "selector"], "+[GeTuiSdk \(selector)]")
            called.append(selector)
        }
        #expect(source.bindingsThroughLocals(symbols: "GetuiSDKSymbols").isEmpty)
        #expect(Set(called) == Set(Self.classMethods), "a class method is checked but never called, or called but never checked")
    }

    @Test func theOptionalMethodIsCalledOnlyWhenTheSDKHasIt() throws {
        let source = try Self.bridge()
        #expect(source.code.contains("class_getClassMethod(sdk, NSSelectorFromString(GetuiSDKSymbols.handleSceneWillConnect)) != nil"))
    }

    /// The bridge checks the SDK through the lookup it shares with FCM's, which sends the SDK's
    /// class no message: no Getui code runs before the check passes.
    @Test func theSDKIsCheckedThroughTheSharedRuntimeLookup() throws {
        #expect(try RuntimeLookupCheck.problems(in: Self.bridge()) == [])
    }

    @Test func everyObjCMethodIsABoundDelegateMethodWithMatchingParameters() throws {
        let source = try Self.bridge()
        let check = SignatureCheck(aliases: source.typealiases)
        let methods = source.objcMethods
        #expect(methods.map(\.selector).sorted() == GetuiSDKSymbols.delegateSelectors.sorted())
        for method in methods {
            let declaration = try #require(GetuiHeaderFacts.declaration(GetuiSDKSymbols.delegateProtocol, method.selector))
            #expect(check.objcMethod(method.parameterTypes, of: declaration) == [], "\(method.selector)")
        }
    }

    @Test func theBridgeSpellsNoNameItselfAndImportsNoSDKModule() throws {
        let source = try Self.bridge()
        let constants = Set(try BridgeSource(Self.symbolsPath).stringConstants.values)
        for literal in source.stringLiterals {
            #expect(!constants.contains(literal), "\"\(literal)\" is spelled in the bridge, not taken from GetuiSDKSymbols")
            let looksLikeSelector = literal.contains(":") && !literal.contains(" ") && !literal.contains("\\(")
            #expect(!looksLikeSelector, "\"\(literal)\" looks like a selector")
        }
        #expect(!source.codeLines.contains { $0.contains("import GTSDK") || $0.contains("canImport(GTSDK)") })
        #expect(source.codeLines.first == "#if canImport(ObjectiveC) && canImport(UIKit)")
    }

    // MARK: The missing-SDK check

    /// The check against a fake app lacking `absentClasses` and the class methods `absentMethods`,
    /// recording what it looked up.
    static func check(absentClasses: Set<String> = [], absentMethods: Set<String> = []) -> (error: PushError?, classes: [String], methods: [String]) {
        var classes: [String] = []
        var methods: [String] = []
        let error = GetuiSDKSymbols.missing(
            classExists: { name in
                classes.append(name)
                return !absentClasses.contains(name)
            },
            responds: { className, selector in
                methods.append("+[\(className) \(selector)]")
                return !absentMethods.contains(selector)
            })
        return (error, classes, methods)
    }

    @Test func anAppWithTheWholeSDKPassesAfterEveryClassAndRequiredMethodIsLookedUp() {
        let (error, classes, methods) = Self.check()
        #expect(error == nil)
        #expect(classes == ["GeTuiSdk", "GTCommonSDK"])
        #expect(methods == GetuiSDKSymbols.requiredClassMethods.map { "+[GeTuiSdk \($0)]" })
        #expect(methods.contains("+[GeTuiSdk setIDFA:]"))
        #expect(methods.contains("+[GeTuiSdk status]"))
    }

    @Test func anSDKBefore310WithoutTheSceneMethodPasses() {
        #expect(Self.check(absentMethods: ["handleSceneWillConnectWithOptions:"]).error == nil)
    }

    @Test func aMissingGeTuiSdkNamesItAndTheFix() throws {
        let (error, _, methods) = Self.check(absentClasses: ["GeTuiSdk"])
        let failure = try #require(error)
        #expect(failure.code == .unsupported)
        #expect(failure.field == "sdk")
        #expect(
            failure.message
                == "Getui's class GeTuiSdk is not in the app: add the Getui SDK (pod 'GTSDK', or the Swift package "
                + "https://github.com/GetuiLaboratory/getui-sdk-ios-cocoapods, product GTSDK, with GTCommonSDK)"
                + " — or it is linked without -ObjC and the linker dropped its classes, which looks the same: PushBridge names them only as strings, "
                + "so nothing pulls a static framework's classes in. Link with -ObjC (Other Linker Flags; CocoaPods adds it, Swift packages and "
                + "xcframeworks added by hand do not)")
        #expect(methods.isEmpty, "the methods of a missing class are not looked up")
    }

    @Test func aMissingGTCommonSDKNamesItsPackage() throws {
        let error = try #require(Self.check(absentClasses: ["GTCommonSDK"]).error)
        #expect(error.message.hasPrefix("Getui's class GTCommonSDK is not in the app: add GTCommonSDK (pod 'GTCommonSDK'"))
        #expect(error.message.contains("https://github.com/GetuiLaboratory/getui-gtcsdk-ios-cocoapods, product GTCommonSDK"))
        #expect(error.message.contains("Link with -ObjC (Other Linker Flags"))
    }

    @Test func aMissingMethodNamesItAndTheVersionTheBridgeWasWrittenAgainst() throws {
        let error = try #require(Self.check(absentMethods: ["setIDFA:", "status"]).error)
        #expect(error.code == .unsupported)
        #expect(error.field == "sdk")
        let problems = error.message.components(separatedBy: "; ")
        #expect(problems.count == 2)
        #expect(
            problems.first?.hasPrefix("Getui has no +[GeTuiSdk setIDFA:] in the app: GeTuiSdkBridge was written against Getui SDK 3.1.0.0") == true)
        #expect(problems.last?.hasPrefix("Getui has no +[GeTuiSdk status] in the app") == true)
    }
}
