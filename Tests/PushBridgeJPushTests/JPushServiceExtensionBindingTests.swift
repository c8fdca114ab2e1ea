import AdapterTestSupport
import PushBridge
import PushBridgeServiceExtension
import PushBridgeJPush
import PushBridgeJPushServiceExtension
import SDKBindingChecks
import Testing

/// What JPush's extension SDK declares for each name ``JPushServiceExtensionReporter`` binds.
///
/// The extension SDK's header is not in any public repository found; the declarations are those
/// of JPush's API doc (jpush/jpush-docs `zh/jpush/client/iOS/ios_api.md`, "Notification Service
/// Extension 相关接口") and the site is JPush's Swift demo calling them against that header.
enum JPushExtensionHeaderFacts {
    static func jswift(_ line: Int) -> DeclarationSite {
        DeclarationSite(
            repository: "jpush/jpush-swift-demo", commit: "55c3b44b552e22dd9ba04830d438e56fc3a5eefc",
            path: "DemoNotificationService/NotificationService.swift", line: line)
    }

    static let all: [ObjCDeclaration] = [
        ObjCDeclaration(
            owner: "JPushNotificationExtensionService", kind: .classMethod, selector: "jpushSetAppkey:", arguments: [.object("NSString")],
            sites: [jswift(36)]),
        ObjCDeclaration(
            owner: "JPushNotificationExtensionService", kind: .classMethod, selector: "jpushReceiveNotificationRequest:with:",
            arguments: [.object("UNNotificationRequest"), .block([], nullable: false)], sites: [jswift(37)]),
    ]

    static func declaration(_ owner: String, _ selector: String) -> ObjCDeclaration? {
        all.first { $0.owner == owner && $0.selector == selector }
    }
}

/// JPush's extension reporter binds what the header declares, through casts the header's types
/// allow, spelling each name once; a missing SDK is an error naming the fix.
@Suite struct JPushServiceExtensionBindingTests {
    static let reporterPath = "Adapters/PushBridgeJPushServiceExtension/JPushServiceExtensionReporter.swift"
    static let symbolsPath = "Adapters/PushBridgeJPushServiceExtension/JPushExtensionSDKSymbols.swift"

    @Test func everyBoundMethodIsRecordedWithTheArityOfItsSelector() {
        for selector in JPushExtensionSDKSymbols.classMethods {
            let declaration = JPushExtensionHeaderFacts.declaration(JPushExtensionSDKSymbols.serviceClass, selector)
            #expect(declaration?.kind == .classMethod, "+[\(JPushExtensionSDKSymbols.serviceClass) \(selector)]")
            #expect(declaration.map { arity(selector) == $0.arguments.count } == true, "+[\(JPushExtensionSDKSymbols.serviceClass) \(selector)]")
        }
        #expect(Set(JPushExtensionHeaderFacts.all.map(\.selector)) == Set(JPushExtensionSDKSymbols.classMethods))
    }

    @Test func everyCallIsThroughATypeMatchingItsDeclaration() throws {
        let source = try BridgeSource(Self.reporterPath)
        let constants = try BridgeSource(Self.symbolsPath).stringConstants
        let check = SignatureCheck(aliases: source.typealiases)
        var called: [String] = []
        for binding in source.bindings(symbols: "JPushExtensionSDKSymbols", call: "ExtensionSDKBinding.classMethod(") {
            let selector = try #require(constants[binding.constant], "JPushExtensionSDKSymbols.\(binding.constant)")
            #expect(binding.receiver == "service")
            let declaration = try #require(JPushExtensionHeaderFacts.declaration(JPushExtensionSDKSymbols.serviceClass, selector), "+[\(selector)]")
            #expect(check.implementation(binding.alias, of: declaration) == [], "+[\(selector)]")
            #expect(binding.callArguments.count == declaration.arguments.count + 2, "+[\(selector)]: \(binding.callArguments)")
            #expect(binding.callArguments.prefix(2) == [binding.receiver, "selector"])
            called.append(selector)
        }
        #expect(Set(called) == Set(JPushExtensionHeaderFacts.all.map(\.selector)))
        #expect(source.bindingsThroughLocals(symbols: "JPushExtensionSDKSymbols", call: "ExtensionSDKBinding.classMethod(").isEmpty)
    }

    @Test func theReporterSpellsNoNameItselfImportsNoSDKAndNoAppOnlyAPI() throws {
        let source = try BridgeSource(Self.reporterPath)
        let constants = Set(try BridgeSource(Self.symbolsPath).stringConstants.values)
        for literal in source.stringLiterals {
            #expect(!constants.contains(literal), "\"\(literal)\" is spelled in the reporter")
        }
        #expect(!source.codeLines.contains { $0.contains("import JPush") || $0.contains("import GTExtensionSDK") })
        #expect(source.codeLines.first == "#if canImport(UserNotifications) && canImport(ObjectiveC)")
        for banned in ["UIApplication", "import UIKit", "PushBridgeUIKit", "sharedApplication"] {
            #expect(!source.code.contains(banned), "the reporter uses \(banned)")
        }
    }

    @Test func aMissingClassNamesThePodAndTheFix() throws {
        let error = try #require(JPushExtensionSDKSymbols.missing(classExists: { _ in false }, responds: { _, _ in true }))
        #expect(error.code == .unsupported && error.field == "sdk")
        #expect(error.message.contains("pod 'JPushExtension'") && error.message.contains("-ObjC"))
        #expect(JPushExtensionSDKSymbols.missing(classExists: { _ in true }, responds: { _, _ in true }) == nil)
    }

    @Test func aMissingMethodIsNamedWithTheVersionWrittenAgainst() throws {
        let last = try #require(JPushExtensionSDKSymbols.classMethods.last)
        let error = try #require(JPushExtensionSDKSymbols.missing(classExists: { _ in true }, responds: { _, selector in selector != last }))
        #expect(error.message == "\(JPushExtensionSDKSymbols.serviceClass) has no +\(last) in the extension: the reporter was written against JPushExtension 2.x (JDoc ios_api)")
    }

    @Test func theMessageKeyIsTheAdapters() {
        #expect(JPushExtensionSDKSymbols.messageIDKey == JPushDefinition.messageIDKey)
    }
}
