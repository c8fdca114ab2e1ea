import Foundation
import PushBridge
import SDKBindingChecks
import Testing

@testable import PushBridgeJPush

/// `JPUSHServiceBridge` binds JPush by name at run time, in a file no compiler sees on Linux. These
/// tests hold every name it binds (``JPushSDKSymbols``) against what JPush's and JCore's headers
/// declare (``JPushHeaderFacts``), read the Apple-only files to check each `@convention(c)` type and
/// `@objc` method it spells against those declarations, and exercise the missing-SDK check with
/// fakes.
@Suite struct JPushSDKBindingTests {
    /// The Apple-only bridge's source, all its files as one text (`JPUSHServiceBridge.swift` and its `+` files).
    static func bridge() throws -> BridgeSource { try BridgeSource(type: "JPUSHServiceBridge", in: "Adapters/JPush/App/SDK") }

    /// The bridge is read from every file it spans, the main one first.
    @Test func theBridgeIsReadFromEveryFileItSpans() throws {
        #expect(
            try BridgeSource.files(of: "JPUSHServiceBridge", in: "Adapters/JPush/App/SDK")
                == ["JPUSHServiceBridge.swift", "JPUSHServiceBridge+Commands.swift", "JPUSHServiceBridge+DelegateProxy.swift"].map {
                    "Adapters/JPush/App/SDK/" + $0
                })
    }
    static let symbolsPath = "Adapters/JPush/App/SDK/JPushSDKSymbols.swift"

    // MARK: The symbols against the headers

    /// Every class method bound, the required and the optional.
    static let allClassMethods = JPushSDKSymbols.classMethods + JPushSDKSymbols.optionalClassMethods

    @Test func everyBoundClassMethodIsDeclaredWithTheArityOfItsSelector() {
        for (className, selectors) in Self.allClassMethods {
            for selector in selectors {
                let declaration = JPushHeaderFacts.declaration(className, selector)
                #expect(declaration?.kind == .classMethod, "+[\(className) \(selector)] is not a recorded class method")
                #expect(declaration.map { arity(selector) == $0.arguments.count } == true, "+[\(className) \(selector)]")
            }
        }
    }

    @Test func everyPropertySetByKeyValueCodingIsDeclaredWithOneArgument() {
        #expect(JPushSDKSymbols.setter(forKey: "types") == "setTypes:")
        #expect(JPushSDKSymbols.setter(forKey: "isAuth") == "setIsAuth:")
        for (className, keys) in JPushSDKSymbols.keyValueProperties {
            for key in keys {
                let declaration = JPushHeaderFacts.declaration(className, key)
                #expect(declaration?.kind == .property, "\(className).\(key) is not a recorded property")
                #expect(declaration?.arguments.count == arity(JPushSDKSymbols.setter(forKey: key)))
            }
        }
    }

    @Test func everyDelegateSelectorIsAJPUSHRegisterDelegateMethodWithTheArityOfItsSelector() {
        for selector in JPushSDKSymbols.delegateSelectors {
            let declaration = JPushHeaderFacts.declaration(JPushSDKSymbols.delegateProtocol, selector)
            #expect(declaration?.kind == .instanceMethod, "-\(selector) is not a recorded JPUSHRegisterDelegate method")
            #expect(declaration.map { arity(selector) == $0.arguments.count } == true, "\(selector)")
        }
    }

    @Test func everyClassAndProtocolNamedIsDeclared() {
        for name in JPushSDKSymbols.classNames + [JPushSDKSymbols.delegateProtocol] {
            #expect(JPushHeaderFacts.types[name] != nil, "\(name)")
        }
    }

    @Test func theRecordHoldsOnlyWhatIsBound() {
        let bound =
            Self.allClassMethods.flatMap { entry in entry.selectors.map { "\(entry.className) \($0)" } }
            + JPushSDKSymbols.keyValueProperties.flatMap { entry in entry.keys.map { "\(entry.className) \($0)" } }
            + JPushSDKSymbols.delegateSelectors.map { "\(JPushSDKSymbols.delegateProtocol) \($0)" }
        #expect(Set(JPushHeaderFacts.all.map { "\($0.owner) \($0.selector)" }) == Set(bound))
        #expect(JPushHeaderFacts.all.count == bound.count)
    }

    @Test func noNameIsSpelledTwice() throws {
        let names =
            Self.allClassMethods.flatMap(\.selectors) + JPushSDKSymbols.keyValueProperties.flatMap(\.keys) + JPushSDKSymbols.delegateSelectors
        #expect(Set(names).count == names.count, "a selector or key is listed twice")
        // Each constant's value appears once in the symbols file.
        let constants = try BridgeSource(Self.symbolsPath).stringConstants
        let values = Array(constants.values)
        #expect(Set(values).count == values.count, "two constants spell the same name")
        for name in names + JPushSDKSymbols.classNames + [JPushSDKSymbols.delegateProtocol] where !JPushSDKSymbols.delegateSelectors.contains(name) {
            #expect(values.contains(name), "\(name) is not a constant of JPushSDKSymbols")
        }
    }

    @Test func theBinaryEncodingsAgreeWithTheDeclaredTypes() {
        for declaration in JPushHeaderFacts.all {
            guard let encoding = declaration.binaryEncoding else { continue }
            #expect(ObjCDeclaration.types(ofEncoding: encoding) == declaration.expectedEncoding, "\(declaration.owner) \(declaration.selector)")
        }
    }

    // MARK: The Apple-only bridge against the headers

    /// The class each receiver in the bridge holds.
    static let receivers = ["service": JPushSDKSymbols.serviceClass, "collectionAuth": JPushSDKSymbols.collectionAuthClass]

    @Test func everyClassMethodIsCalledThroughATypeMatchingItsDeclaration() throws {
        let source = try Self.bridge()
        let constants = try BridgeSource(Self.symbolsPath).stringConstants
        let check = SignatureCheck(aliases: source.typealiases)
        var called: [String] = []
        for binding in source.bindings(symbols: "JPushSDKSymbols") {
            let selector = try #require(constants[binding.constant], "JPushSDKSymbols.\(binding.constant)")
            let owner = try #require(Self.receivers[binding.receiver], "receiver \(binding.receiver)")
            let declaration = try #require(JPushHeaderFacts.declaration(owner, selector), "+[\(owner) \(selector)]")
            #expect(check.implementation(binding.alias, of: declaration) == [], "+[\(owner) \(selector)]")
            #expect(binding.callArguments.count == declaration.arguments.count + 2, "the call of +[\(owner) \(selector)]: \(binding.callArguments)")
            #expect(
                binding.callArguments.prefix(2) == [binding.receiver, "selector"],
                "+[\(owner) \(selector)] is called on \(binding.callArguments.first ?? "?")")
            called.append("\(owner) \(selector)")
        }
        // The three tag changes share one call, their selector chosen by a switch.
        let throughLocals = source.bindingsThroughLocals(symbols: "JPushSDKSymbols")
        #expect(throughLocals.map(\.alias) == ["TagsChangeIMP"])
        for selector in [JPushSDKSymbols.addTags, JPushSDKSymbols.setTags, JPushSDKSymbols.deleteTags] {
            let declaration = try #require(JPushHeaderFacts.declaration(JPushSDKSymbols.serviceClass, selector))
            #expect(check.implementation("TagsChangeIMP", of: declaration) == [], "+[JPUSHService \(selector)]")
            called.append("\(JPushSDKSymbols.serviceClass) \(selector)")
        }
        let required = Self.allClassMethods.flatMap { entry in entry.selectors.map { "\(entry.className) \($0)" } }
        #expect(Set(called) == Set(required), "a class method is checked but never called, or called but never checked")
    }

    @Test func everyObjCMethodIsABoundDelegateMethodWithMatchingParameters() throws {
        let source = try Self.bridge()
        let check = SignatureCheck(aliases: source.typealiases)
        let methods = source.objcMethods
        #expect(methods.map(\.selector).sorted() == JPushSDKSymbols.delegateSelectors.sorted())
        for method in methods {
            let declaration = try #require(JPushHeaderFacts.declaration(JPushSDKSymbols.delegateProtocol, method.selector))
            #expect(check.objcMethod(method.parameterTypes, of: declaration) == [], "\(method.selector)")
        }
    }

    @Test func theBridgeSpellsNoNameItselfAndImportsNoSDKModule() throws {
        let source = try Self.bridge()
        let constants = Set(try BridgeSource(Self.symbolsPath).stringConstants.values)
        for literal in source.stringLiterals {
            #expect(!constants.contains(literal), "\"\(literal)\" is spelled in the bridge, not taken from JPushSDKSymbols")
            let looksLikeSelector = literal.contains(":") && !literal.contains(" ") && !literal.contains("\\(")
            #expect(!looksLikeSelector, "\"\(literal)\" looks like a selector")
        }
        #expect(!source.codeLines.contains { $0.contains("import JPush") || $0.contains("canImport(JPush)") })
        #expect(source.codeLines.first == "#if canImport(ObjectiveC) && canImport(UIKit)")
    }

    @Test func theKeysSetByKeyValueCodingAreTheSymbols() throws {
        let source = try Self.bridge()
        for key in ["entityTypesKey", "entityCategoriesKey", "authItemsIsAuthKey"] {
            #expect(source.text.contains("forKey: JPushSDKSymbols.\(key))"), "\(key) is not set")
        }
    }

    // MARK: The missing-SDK check

    /// The check against a fake app lacking `absentClasses` and `absentMethods` (`+[C s]`/`-[C s]`),
    /// recording what it looked up.
    static func check(absentClasses: Set<String> = [], absentMethods: Set<String> = []) -> (error: PushError?, classes: [String], methods: [String]) {
        var classes: [String] = []
        var methods: [String] = []
        let error = JPushSDKSymbols.missing(
            classExists: { name in
                classes.append(name)
                return !absentClasses.contains(name)
            },
            responds: { method in
                methods.append(method.description)
                return !absentMethods.contains(method.description)
            })
        return (error, classes, methods)
    }

    @Test func anAppWithTheWholeSDKPassesAfterEveryClassAndMethodIsLookedUp() {
        let (error, classes, methods) = Self.check()
        #expect(error == nil)
        #expect(
            Set(classes) == ["JPUSHService", "JPUSHRegisterEntity", "JGInforCollectionAuth", "JGInforCollectionAuthItems"])
        #expect(
            methods.count
                == JPushHeaderFacts.all.count - JPushSDKSymbols.delegateSelectors.count
                - JPushSDKSymbols.optionalClassMethods.flatMap(\.selectors).count)
        #expect(methods.contains("+[JPUSHService registerVoipToken:]"))
        #expect(!methods.contains("+[JPUSHService registerLiveActivity:pushToStartToken:completion:seq:]"), "optional: not required")
        #expect(methods.contains("+[JPUSHService setupWithOption:appKey:channel:apsForProduction:advertisingIdentifier:]"))
        #expect(methods.contains("-[JPUSHRegisterEntity setCategories:]"))
        #expect(methods.contains("-[JGInforCollectionAuthItems setIsAuth:]"))
        #expect(methods.contains("+[JGInforCollectionAuth JCollectionAuth:]"))
    }

    @Test func aMissingJPushClassNamesItAndTheFix() throws {
        let error = try #require(Self.check(absentClasses: ["JPUSHService"]).error)
        #expect(error.code == .unsupported)
        #expect(error.field == "sdk")
        #expect(
            error.message
                == "JPush's class JPUSHService is not in the app: add the JPush SDK (pod 'JPush', or jpush-ios-x.y.z.xcframework with JCore)"
                + " — or it is linked without -ObjC and the linker dropped its classes, which looks the same: PushBridge names them only as strings, "
                + "so nothing pulls a static library's classes in. Link with -ObjC (Other Linker Flags; CocoaPods adds it, Swift packages and "
                + "xcframeworks added by hand do not)")
    }

    @Test func aMissingJCoreClassNamesJCore() throws {
        let error = try #require(Self.check(absentClasses: ["JGInforCollectionAuth"]).error)
        #expect(error.message.hasPrefix("JCore's class JGInforCollectionAuth is not in the app: add JCore (pod 'JCore'"))
        #expect(error.message.contains("Link with -ObjC (Other Linker Flags"))
        #expect(!error.message.contains("JCollectionAuth:"), "the methods of a missing class are not listed")
    }

    @Test func aStrippedAppNamesEveryClassOnce() throws {
        let error = try #require(Self.check(absentClasses: Set(JPushSDKSymbols.classNames)).error)
        for name in JPushSDKSymbols.classNames {
            #expect(error.message.components(separatedBy: "class \(name) is not in the app").count == 2, "\(name)")
        }
        #expect(!error.message.contains("+["))
    }

    @Test func aMissingMethodNamesItAndTheVersionTheBridgeWasWrittenAgainst() throws {
        let error = try #require(Self.check(absentMethods: ["+[JPUSHService setBadge:]"]).error)
        #expect(error.code == .unsupported)
        #expect(error.field == "sdk")
        #expect(error.message.hasPrefix("JPush has no +[JPUSHService setBadge:] in the app: JPUSHServiceBridge was written against JPush 5.x or 6.x"))
        #expect(error.message.contains("against the JPush 5.9.0 header") && error.message.contains("6.2.7"))
    }

    @Test func aMissingSetterAndAMissingJCoreMethodAreBothNamed() throws {
        let error = try #require(
            Self.check(absentMethods: ["-[JPUSHRegisterEntity setTypes:]", "+[JGInforCollectionAuth JCollectionAuth:]"]).error)
        #expect(error.message.contains("JPush has no -[JPUSHRegisterEntity setTypes:]"))
        #expect(error.message.contains("JCore has no +[JGInforCollectionAuth JCollectionAuth:]"))
        #expect(error.message.components(separatedBy: "; ").count == 2)
    }
}
