import PushBridge
import PushBridgeGetui
import PushBridgeGetuiServiceExtension
import PushBridgeJPush
import PushBridgeJPushServiceExtension
import PushBridgeServiceExtension
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
}

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
        ObjCDeclaration(
            owner: "GeTuiExtSdk", kind: .classMethod, selector: "setApplicationGroupIdentifier:", arguments: [.object("NSString")], sites: [gext(30)]),
        ObjCDeclaration(owner: "GeTuiExtSdk", kind: .classMethod, selector: "destory", arguments: [], sites: [gext(35)]),
    ]
}

/// Each vendor's extension reporter binds what its header declares, through casts the header's
/// types allow, spelling each name once; a missing SDK is an error naming the fix; its payload
/// key is the one the vendor's adapter reads.
@Suite struct VendorExtensionReporterTests {
    /// One vendor's reporter, as the checks see it.
    struct Vendor: Sendable, CustomTestStringConvertible {
        var name: String
        var check: ExtensionReporterCheck
        var missing: @Sendable ((String) -> Bool, (String, String) -> Bool) -> PushError?
        var pod: String
        var writtenAgainst: String
        var keys: (extension: String, adapter: String)
        var testDescription: String { name }
    }

    static let vendors = [
        Vendor(
            name: "JPush",
            check: ExtensionReporterCheck(
                reporterPath: "Adapters/JPush/ServiceExtension/JPushServiceExtensionReporter.swift",
                symbolsPath: "Adapters/JPush/ServiceExtension/JPushExtensionSDKSymbols.swift", symbolsType: "JPushExtensionSDKSymbols",
                receiver: "service", className: JPushExtensionSDKSymbols.className, classMethods: JPushExtensionSDKSymbols.classMethods,
                declarations: JPushExtensionHeaderFacts.all),
            missing: { JPushExtensionSDKSymbols.missing(classExists: $0, responds: $1) }, pod: "JPushExtension",
            writtenAgainst: "JPushExtension 2.x (JDoc ios_api)", keys: (JPushExtensionSDKSymbols.messageIDKey, JPushDefinition.messageIDKey)),
        Vendor(
            name: "Getui",
            check: ExtensionReporterCheck(
                reporterPath: "Adapters/Getui/ServiceExtension/GetuiServiceExtensionReporter.swift",
                symbolsPath: "Adapters/Getui/ServiceExtension/GetuiExtensionSDKSymbols.swift", symbolsType: "GetuiExtensionSDKSymbols",
                receiver: "sdk", className: GetuiExtensionSDKSymbols.className, classMethods: GetuiExtensionSDKSymbols.classMethods,
                declarations: GetuiExtensionHeaderFacts.all),
            missing: { GetuiExtensionSDKSymbols.missing(classExists: $0, responds: $1) }, pod: "GTExtensionSDK",
            writtenAgainst: "GTExtensionSDK 3.0.3 (GeTuiExtSdk.h)", keys: (GetuiExtensionSDKSymbols.messageIDKey, GetuiDefinition.messageIDKey)),
    ]

    @Test(arguments: vendors)
    func everyBoundMethodIsRecordedWithTheArityOfItsSelector(_ vendor: Vendor) {
        #expect(vendor.check.recordProblems() == [])
    }

    @Test(arguments: vendors)
    func everyCallIsThroughATypeMatchingItsDeclaration(_ vendor: Vendor) throws {
        #expect(try vendor.check.callProblems() == [])
    }

    @Test(arguments: vendors)
    func theReporterSpellsNoNameItselfImportsNoSDKAndNoAppOnlyAPI(_ vendor: Vendor) throws {
        #expect(try vendor.check.sourceProblems() == [])
    }

    @Test(arguments: vendors)
    func aMissingClassNamesThePodAndTheFix(_ vendor: Vendor) throws {
        let error = try #require(vendor.missing({ _ in false }, { _, _ in true }))
        #expect(error.code == .unsupported && error.field == "sdk")
        #expect(error.message.contains("pod '\(vendor.pod)'") && error.message.contains("-ObjC"))
        #expect(vendor.missing({ _ in true }, { _, _ in true }) == nil)
    }

    @Test(arguments: vendors)
    func aMissingMethodIsNamedWithTheVersionWrittenAgainst(_ vendor: Vendor) throws {
        let last = try #require(vendor.check.classMethods.last)
        let error = try #require(vendor.missing({ _ in true }, { _, selector in selector != last }))
        #expect(
            error.message == "\(vendor.check.className) has no +\(last) in the extension: the reporter was written against \(vendor.writtenAgainst)")
    }

    @Test(arguments: vendors)
    func theMessageKeyIsTheAdapters(_ vendor: Vendor) {
        #expect(vendor.keys.extension == vendor.keys.adapter)
    }
}
