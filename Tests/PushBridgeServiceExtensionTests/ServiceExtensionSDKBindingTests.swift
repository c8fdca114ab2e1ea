import PushBridge
import PushBridgeServiceExtension
import SDKBindingChecks
import Testing

/// The extension library knows no vendor and uses no app-only API; its missing-SDK check names
/// the class, the fix and the version a reporter was written against. (Each vendor's reporter is
/// held against its header by the vendor's tests.)
@Suite struct ServiceExtensionSDKBindingTests {
    @Test func noFileOfTheExtensionLibraryUsesAppOnlyAPIOrNamesAVendor() throws {
        for path in [
            "Sources/PushBridgeServiceExtension/Apple/PushNotificationServiceExtension.swift",
            "Sources/PushBridgeServiceExtension/Apple/URLSessionMediaDownloader.swift",
            "Sources/PushBridgeServiceExtension/Apple/ExtensionSDKBinding+ObjectiveC.swift",
            "Sources/PushBridgeServiceExtension/Apple/ServiceExtensionAttachmentReporter.swift",
            "Sources/PushBridgeServiceExtension/Reporting/ExtensionSDKBinding.swift",
            "Sources/PushBridgeServiceExtension/Reporting/ServiceExtensionReporter.swift",
        ] {
            let code = try BridgeSource(path).code
            for banned in ["UIApplication", "import UIKit", "PushBridgeUIKit", "sharedApplication", "JPush", "Getui", "GeTui", "_j_msgid", "_gmid_"] {
                #expect(!code.contains(banned), "\(path) uses \(banned)")
            }
        }
    }

    @Test func aMissingClassNamesTheFixAndTheLinkerFlag() throws {
        let error = try #require(
            ExtensionSDKBinding.missing(
                "AcmeExt", selectors: ["report:"], fix: "add Acme's extension SDK", writtenAgainst: "AcmeExt 1.0", classExists: { _ in false },
                responds: { _, _ in true }))
        #expect(error.code == .unsupported && error.field == "sdk")
        #expect(error.message.hasPrefix("AcmeExt is not in the extension: add Acme's extension SDK — or it is linked without -ObjC"))
        #expect(error.message.hasSuffix("add -ObjC to the extension's Other Linker Flags"))
    }

    @Test func eachMissingMethodIsNamedWithTheVersionWrittenAgainst() throws {
        let error = try #require(
            ExtensionSDKBinding.missing(
                "AcmeExt", selectors: ["report:", "close"], fix: "-", writtenAgainst: "AcmeExt 1.0", classExists: { _ in true },
                responds: { _, selector in selector == "report:" }))
        #expect(error.message == "AcmeExt has no +close in the extension: the reporter was written against AcmeExt 1.0")
        #expect(
            ExtensionSDKBinding.missing(
                "AcmeExt", selectors: ["close"], fix: "-", writtenAgainst: "-", classExists: { _ in true }, responds: { _, _ in true })
                == nil)
    }
}
