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

}

/// Getui's extension reporter binds what the header declares, through casts the header's types
/// allow, spelling each name once; a missing SDK is an error naming the fix.
@Suite struct GetuiServiceExtensionBindingTests {
    static let check = ExtensionReporterCheck(
        reporterPath: "Adapters/PushBridgeGetuiServiceExtension/GetuiServiceExtensionReporter.swift", symbolsPath: "Adapters/PushBridgeGetuiServiceExtension/GetuiExtensionSDKSymbols.swift",
        symbolsType: "GetuiExtensionSDKSymbols", receiver: "sdk", className: GetuiExtensionSDKSymbols.className,
        classMethods: GetuiExtensionSDKSymbols.classMethods, declarations: GetuiExtensionHeaderFacts.all)

    @Test func everyBoundMethodIsRecordedWithTheArityOfItsSelector() {
        #expect(Self.check.recordProblems() == [])
    }

    @Test func everyCallIsThroughATypeMatchingItsDeclaration() throws {
        #expect(try Self.check.callProblems() == [])
    }

    @Test func theReporterSpellsNoNameItselfImportsNoSDKAndNoAppOnlyAPI() throws {
        #expect(try Self.check.sourceProblems() == [])
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
        #expect(error.message == "\(GetuiExtensionSDKSymbols.className) has no +\(last) in the extension: the reporter was written against GTExtensionSDK 3.0.3 (GeTuiExtSdk.h)")
    }

    @Test func theMessageKeyIsTheAdapters() {
        #expect(GetuiExtensionSDKSymbols.messageIDKey == GetuiDefinition.messageIDKey)
    }
}
