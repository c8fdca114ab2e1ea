import AdapterTestSupport
import PushBridge
import PushBridgeServiceExtension
import PushBridgeGetui
import PushBridgeGetuiServiceExtension
import SDKBindingChecks
import Testing

/// What Getui's extension SDK declares for each name ``GetuiServiceExtensionReporter`` binds.
///
/// The header itself, `GeTuiExtSdk.h` 3.0.3 (no `NS_ASSUME_NONNULL`: its pointers are
/// unannotated, so read as nullable where received).
enum GetuiExtensionHeaderFacts {
    static func gext(_ line: Int) -> DeclarationSite {
        DeclarationSite(
            repository: "GetuiLaboratory/GTExtensionSDK-iOS-CocoaPods", commit: "a872adbd103ba11be80f83ac066a36e348bb5400",
            path: "GTExtensionSDK.xcframework/ios-arm64/GTExtensionSDK.framework/Headers/GeTuiExtSdk.h", line: line)
    }

    static let all: [ObjCDeclaration] = [
        ObjCDeclaration(
            owner: "GeTuiExtSdk", kind: .classMethod, selector: "handelNotificationServiceRequest:withAttachmentsComplete:",
            arguments: [.object("UNNotificationRequest"), .block([.nullable("NSArray"), .nullable("NSArray")], nullable: false)],
            sites: [gext(24)]),
        ObjCDeclaration(owner: "GeTuiExtSdk", kind: .classMethod, selector: "setApplicationGroupIdentifier:", arguments: [.object("NSString")], sites: [gext(30)]),
        ObjCDeclaration(owner: "GeTuiExtSdk", kind: .classMethod, selector: "destory", arguments: [], sites: [gext(35)]),
    ]

    static func declaration(_ owner: String, _ selector: String) -> ObjCDeclaration? {
        all.first { $0.owner == owner && $0.selector == selector }
    }
}

/// Getui's extension reporter binds what the header declares, through casts the header's types
/// allow, spelling each name once; a missing SDK is an error naming the fix.
@Suite struct GetuiServiceExtensionBindingTests {
    static let reporterPath = "Adapters/PushBridgeGetuiServiceExtension/GetuiServiceExtensionReporter.swift"
    static let symbolsPath = "Adapters/PushBridgeGetuiServiceExtension/GetuiExtensionSDKSymbols.swift"

    @Test func everyBoundMethodIsRecordedWithTheArityOfItsSelector() {
        for selector in GetuiExtensionSDKSymbols.classMethods {
            let declaration = GetuiExtensionHeaderFacts.declaration(GetuiExtensionSDKSymbols.sdkClass, selector)
            #expect(declaration?.kind == .classMethod, "+[\(GetuiExtensionSDKSymbols.sdkClass) \(selector)]")
            #expect(declaration.map { arity(selector) == $0.arguments.count } == true, "+[\(GetuiExtensionSDKSymbols.sdkClass) \(selector)]")
        }
        #expect(Set(GetuiExtensionHeaderFacts.all.map(\.selector)) == Set(GetuiExtensionSDKSymbols.classMethods))
    }

    @Test func everyCallIsThroughATypeMatchingItsDeclaration() throws {
        let source = try BridgeSource(Self.reporterPath)
        let constants = try BridgeSource(Self.symbolsPath).stringConstants
        let check = SignatureCheck(aliases: source.typealiases)
        var called: [String] = []
        for binding in source.bindings(symbols: "GetuiExtensionSDKSymbols", call: "ExtensionSDKBinding.classMethod(") {
            let selector = try #require(constants[binding.constant], "GetuiExtensionSDKSymbols.\(binding.constant)")
            #expect(binding.receiver == "sdk")
            let declaration = try #require(GetuiExtensionHeaderFacts.declaration(GetuiExtensionSDKSymbols.sdkClass, selector), "+[\(selector)]")
            #expect(check.implementation(binding.alias, of: declaration) == [], "+[\(selector)]")
            #expect(binding.callArguments.count == declaration.arguments.count + 2, "+[\(selector)]: \(binding.callArguments)")
            #expect(binding.callArguments.prefix(2) == [binding.receiver, "selector"])
            called.append(selector)
        }
        #expect(Set(called) == Set(GetuiExtensionHeaderFacts.all.map(\.selector)))
        #expect(source.bindingsThroughLocals(symbols: "GetuiExtensionSDKSymbols", call: "ExtensionSDKBinding.classMethod(").isEmpty)
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
        let error = try #require(GetuiExtensionSDKSymbols.missing(classExists: { _ in false }, responds: { _, _ in true }))
        #expect(error.code == .unsupported && error.field == "sdk")
        #expect(error.message.contains("pod 'GTExtensionSDK'") && error.message.contains("-ObjC"))
        #expect(GetuiExtensionSDKSymbols.missing(classExists: { _ in true }, responds: { _, _ in true }) == nil)
    }

    @Test func aMissingMethodIsNamedWithTheVersionWrittenAgainst() throws {
        let last = try #require(GetuiExtensionSDKSymbols.classMethods.last)
        let error = try #require(GetuiExtensionSDKSymbols.missing(classExists: { _ in true }, responds: { _, selector in selector != last }))
        #expect(error.message == "\(GetuiExtensionSDKSymbols.sdkClass) has no +\(last) in the extension: the reporter was written against GTExtensionSDK 3.0.3 (GeTuiExtSdk.h)")
    }

    @Test func theMessageKeyIsTheAdapters() {
        #expect(GetuiExtensionSDKSymbols.messageIDKey == GetuiDefinition.messageIDKey)
    }
}
