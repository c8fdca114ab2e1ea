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

}

/// JPush's extension reporter binds what the header declares, through casts the header's types
/// allow, spelling each name once; a missing SDK is an error naming the fix.
@Suite struct JPushServiceExtensionBindingTests {
    static let check = ExtensionReporterCheck(
        reporterPath: "Adapters/PushBridgeJPushServiceExtension/JPushServiceExtensionReporter.swift", symbolsPath: "Adapters/PushBridgeJPushServiceExtension/JPushExtensionSDKSymbols.swift",
        symbolsType: "JPushExtensionSDKSymbols", receiver: "service", className: JPushExtensionSDKSymbols.className,
        classMethods: JPushExtensionSDKSymbols.classMethods, declarations: JPushExtensionHeaderFacts.all)

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
        let error = try #require(JPushExtensionSDKSymbols.missing(classExists: { _ in false }, responds: { _, _ in true }))
        #expect(error.code == .unsupported && error.field == "sdk")
        #expect(error.message.contains("pod 'JPushExtension'") && error.message.contains("-ObjC"))
        #expect(JPushExtensionSDKSymbols.missing(classExists: { _ in true }, responds: { _, _ in true }) == nil)
    }

    @Test func aMissingMethodIsNamedWithTheVersionWrittenAgainst() throws {
        let last = try #require(JPushExtensionSDKSymbols.classMethods.last)
        let error = try #require(JPushExtensionSDKSymbols.missing(classExists: { _ in true }, responds: { _, selector in selector != last }))
        #expect(error.message == "\(JPushExtensionSDKSymbols.className) has no +\(last) in the extension: the reporter was written against JPushExtension 2.x (JDoc ios_api)")
    }

    @Test func theMessageKeyIsTheAdapters() {
        #expect(JPushExtensionSDKSymbols.messageIDKey == JPushDefinition.messageIDKey)
    }
}
