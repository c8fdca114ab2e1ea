import Foundation
import Testing

@testable import pushbridge

/// `pushbridge check-config --info-plist FILE` with FCM among the providers: Firebase's swizzling
/// must be off, and `GoogleService-Info.plist` beside the Info.plist, naming the same project.
@Suite struct CheckConfigFirebaseTests {
    static let fcm = #"{"provider": "fcm", "fcm": {"projectId": "my-app-1a2b3"}}"#
    static let twoMarkets =
        #"{"provider": "fcm", "fcm": {"projectId": "my-app-1a2b3"}, "markets": {"CHN": "jpush"}, "jpush": {"appKey": "5a6e94518f6bd85ba173cf77"}}"#

    private func run(_ configuration: String, info: [String: Any]?, google: [String: Any]?) -> CommandOutput {
        var files: [String: [UInt8]] = ["c.json": Array(configuration.utf8)]
        if let info { files["App/Info.plist"] = Self.plist(info) }
        if let google { files["App/GoogleService-Info.plist"] = Self.plist(google) }
        return CommandLineTool(io: .memory(files: files)).run(["check-config", "--info-plist", "App/Info.plist", "c.json"])
    }

    static func plist(_ root: [String: Any]) -> [UInt8] {
        [UInt8]((try? PropertyListSerialization.data(fromPropertyList: root, format: .xml, options: 0)) ?? Data())
    }

    nonisolated(unsafe) static let info: [String: Any] = [
        "UIBackgroundModes": ["remote-notification"], "FirebaseAppDelegateProxyEnabled": false, "FirebaseMessagingAutoInitEnabled": false,
    ]

    @Test("swizzling off and the project's GoogleService-Info.plist: both lines checked, ok")
    func allGood() {
        let output = run(Self.fcm, info: Self.info, google: ["PROJECT_ID": "my-app-1a2b3"])
        #expect(output.status == 0, "\(output.standardOutput)")
        #expect(
            output.standardOutput.contains(
                "info-plist.FirebaseAppDelegateProxyEnabled: NO (PushBridge hands FCM the APNs token and each notification)\n"))
        #expect(output.standardOutput.contains("GoogleService-Info.plist.PROJECT_ID: my-app-1a2b3\n"))
        #expect(output.standardOutput.hasSuffix("ok\n"))
    }

    @Test("swizzling on — absent, YES or not a Boolean — is a problem naming the key", arguments: [nil, true, "NO"] as [(any Sendable)?])
    func swizzlingOn(value: (any Sendable)?) {
        var info = Self.info
        info["FirebaseAppDelegateProxyEnabled"] = value
        let output = run(Self.fcm, info: info, google: ["PROJECT_ID": "my-app-1a2b3"])
        #expect(output.status == 1)
        #expect(output.standardOutput.hasPrefix("info-plist.FirebaseAppDelegateProxyEnabled: "), "\(output.standardOutput)")
    }

    @Test(
        "auto-init left on — absent, YES or not a Boolean — is a problem: a token would be fetched before the consent",
        arguments: [nil, true, "NO"] as [(any Sendable)?])
    func autoInitOn(value: (any Sendable)?) {
        var info = Self.info
        info["FirebaseMessagingAutoInitEnabled"] = value
        let output = run(Self.fcm, info: info, google: ["PROJECT_ID": "my-app-1a2b3"])
        #expect(output.status == 1)
        #expect(output.standardOutput.contains("info-plist.FirebaseMessagingAutoInitEnabled: "), "\(output.standardOutput)")
        #expect(!output.standardOutput.hasSuffix("ok\n"))
    }

    @Test("auto-init absent with FirebaseDataCollectionDefaultEnabled NO is checked, not a problem (the SDK falls back to it)")
    func autoInitFollowsDataCollection() {
        var info = Self.info
        info["FirebaseMessagingAutoInitEnabled"] = nil
        info["FirebaseDataCollectionDefaultEnabled"] = false
        let output = run(Self.fcm, info: info, google: ["PROJECT_ID": "my-app-1a2b3"])
        #expect(output.status == 0, "\(output.standardOutput)")
        #expect(output.standardOutput.contains("info-plist.FirebaseMessagingAutoInitEnabled: absent, and FirebaseDataCollectionDefaultEnabled is NO"))
    }

    @Test("a missing GoogleService-Info.plist is a problem naming where it was looked for")
    func missingGoogleServiceInfo() {
        let output = run(Self.twoMarkets, info: Self.info, google: nil)
        #expect(output.status == 1)
        #expect(output.standardOutput.contains("GoogleService-Info.plist: not found at App/GoogleService-Info.plist"), "\(output.standardOutput)")
    }

    @Test("another project's GoogleService-Info.plist is a problem")
    func otherProject() {
        let output = run(Self.fcm, info: Self.info, google: ["PROJECT_ID": "other-project"])
        #expect(output.status == 1)
        #expect(output.standardOutput.contains("GoogleService-Info.plist.PROJECT_ID: other-project is not fcm.projectId (my-app-1a2b3)"))
    }

    @Test("without FCM among the providers nothing of Firebase is checked")
    func notFCM() {
        let output = run(#"{"provider": "apns"}"#, info: ["UIBackgroundModes": ["remote-notification"]], google: nil)
        #expect(output.status == 0)
        #expect(!output.standardOutput.contains("Firebase"))
        #expect(!output.standardOutput.contains("GoogleService"))
    }
}
