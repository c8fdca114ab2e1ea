import PushBridge
import PushBridgeServiceExtension
import SDKBindingChecks
import Testing

/// What JPush's and Getui's extension SDKs declare for each name the Apple-only reporters bind.
///
/// Getui: the header itself, `GeTuiExtSdk.h` 3.0.3 (no `NS_ASSUME_NONNULL`: its pointers are
/// unannotated, so read as nullable where received). JPush: the extension SDK's header is not in
/// any public repository found; the declarations are those of JPush's API doc (jpush/jpush-docs
/// `zh/jpush/client/iOS/ios_api.md`, "Notification Service Extension 相关接口") and the site is
/// JPush's Swift demo calling them against that header.
enum ServiceExtensionHeaderFacts {
    static func gext(_ line: Int) -> DeclarationSite {
        DeclarationSite(
            repository: "GetuiLaboratory/GTExtensionSDK-iOS-CocoaPods", commit: "a872adbd103ba11be80f83ac066a36e348bb5400",
            path: "GTExtensionSDK.xcframework/ios-arm64/GTExtensionSDK.framework/Headers/GeTuiExtSdk.h", line: line)
    }
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

@Suite struct ServiceExtensionSDKBindingTests {
    static let reportersPath = "Sources/PushBridgeServiceExtension/Apple/VendorExtensionReporters.swift"
    static let symbolsPath = "Sources/PushBridgeServiceExtension/Reporting/ServiceExtensionSDKSymbols.swift"
    static let receivers = ["service": ServiceExtensionSDKSymbols.jpushClass, "sdk": ServiceExtensionSDKSymbols.getuiClass]

    @Test func everyBoundMethodIsRecordedWithTheArityOfItsSelector() {
        var bound: [String] = []
        for (className, selectors) in ServiceExtensionSDKSymbols.classMethods {
            for selector in selectors {
                let declaration = ServiceExtensionHeaderFacts.declaration(className, selector)
                #expect(declaration?.kind == .classMethod, "+[\(className) \(selector)]")
                #expect(declaration.map { arity(selector) == $0.arguments.count } == true, "+[\(className) \(selector)]")
                bound.append("\(className) \(selector)")
            }
        }
        #expect(Set(ServiceExtensionHeaderFacts.all.map { "\($0.owner) \($0.selector)" }) == Set(bound))
    }

    @Test func everyCallIsThroughATypeMatchingItsDeclaration() throws {
        let source = try BridgeSource(Self.reportersPath)
        let constants = try BridgeSource(Self.symbolsPath).stringConstants
        let check = SignatureCheck(aliases: source.typealiases)
        var called: [String] = []
        for binding in source.bindings(symbols: "ServiceExtensionSDKSymbols") {
            let selector = try #require(constants[binding.constant], "ServiceExtensionSDKSymbols.\(binding.constant)")
            let owner = try #require(Self.receivers[binding.receiver], "receiver \(binding.receiver)")
            let declaration = try #require(ServiceExtensionHeaderFacts.declaration(owner, selector), "+[\(owner) \(selector)]")
            #expect(check.implementation(binding.alias, of: declaration) == [], "+[\(owner) \(selector)]")
            #expect(binding.callArguments.count == declaration.arguments.count + 2, "+[\(owner) \(selector)]: \(binding.callArguments)")
            #expect(binding.callArguments.prefix(2) == [binding.receiver, "selector"])
            called.append("\(owner) \(selector)")
        }
        #expect(Set(called) == Set(ServiceExtensionHeaderFacts.all.map { "\($0.owner) \($0.selector)" }))
        #expect(source.bindingsThroughLocals(symbols: "ServiceExtensionSDKSymbols").isEmpty)
    }

    @Test func theReportersSpellNoNameThemselvesAndImportNoSDK() throws {
        let source = try BridgeSource(Self.reportersPath)
        let constants = Set(try BridgeSource(Self.symbolsPath).stringConstants.values)
        for literal in source.stringLiterals {
            #expect(!constants.contains(literal), "\"\(literal)\" is spelled in the reporters")
        }
        #expect(!source.codeLines.contains { $0.contains("import JPush") || $0.contains("import GTExtensionSDK") })
        #expect(source.codeLines.first == "#if canImport(UserNotifications) && canImport(ObjectiveC)")
    }

    @Test func noFileOfTheExtensionLibraryUsesAppOnlyAPI() throws {
        for path in [
            Self.reportersPath, "Sources/PushBridgeServiceExtension/Apple/PushNotificationServiceExtension.swift",
            "Sources/PushBridgeServiceExtension/Apple/URLSessionMediaDownloader.swift",
        ] {
            let code = try BridgeSource(path).code
            for banned in ["UIApplication", "import UIKit", "PushBridgeUIKit", "sharedApplication"] {
                #expect(!code.contains(banned), "\(path) uses \(banned)")
            }
        }
    }

    // MARK: The missing-SDK check

    @Test func aMissingClassNamesThePodAndTheFix() throws {
        let jpush = try #require(ServiceExtensionSDKSymbols.missing("JPushNotificationExtensionService", classExists: { _ in false }, responds: { _, _ in true }))
        #expect(jpush.code == .unsupported)
        #expect(jpush.field == "sdk")
        #expect(jpush.message.contains("pod 'JPushExtension'"))
        let getui = try #require(ServiceExtensionSDKSymbols.missing("GeTuiExtSdk", classExists: { _ in false }, responds: { _, _ in true }))
        #expect(getui.message.contains("pod 'GTExtensionSDK'"))
    }

    @Test func aMissingMethodIsNamedWithTheVersionWrittenAgainst() throws {
        let error = try #require(
            ServiceExtensionSDKSymbols.missing("GeTuiExtSdk", classExists: { _ in true }, responds: { _, selector in selector != "destory" }))
        #expect(error.message == "GeTuiExtSdk has no +destory in the extension: the reporter was written against GTExtensionSDK 3.0.3 (GeTuiExtSdk.h)")
        #expect(ServiceExtensionSDKSymbols.missing("GeTuiExtSdk", classExists: { _ in true }, responds: { _, _ in true }) == nil)
    }
}
