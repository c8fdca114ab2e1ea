import Foundation
import Testing

@testable import pushbridge

/// `pushbridge check-config --entitlements FILE --info-plist FILE`: what the app's own files show
/// of each provider's checklist, one line per key, problems exiting 1 — and, without the options,
/// exactly the output the command always printed.
@Suite struct CheckConfigAppFilesTests {
    static let jpush = #"{"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77", "channel": "App Store", "production": true}}"#
    static let jpushDevelopment = #"{"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77", "production": false}}"#
    static let getui = #"{"provider": "getui", "getui": {"appId": "AppId123456", "appKey": "AppKey123456", "appSecret": "Secret123456789"}}"#
    static let apns = #"{"provider": "apns"}"#

    private func run(_ arguments: [String], files: [String: [UInt8]]) -> CommandOutput {
        CommandLineTool(io: .memory(files: files)).run(arguments)
    }

    /// A property list of `root`, XML or binary, as Xcode writes one.
    fileprivate static func plist(_ root: [String: Any], format: PropertyListSerialization.PropertyListFormat = .xml) -> [UInt8] {
        // A test fixture: a value PropertyListSerialization cannot write is a bug in the test.
        [UInt8]((try? PropertyListSerialization.data(fromPropertyList: root, format: format, options: 0)) ?? Data())
    }

    private static let entitlementsDevelopment = plist(["aps-environment": "development"])
    private static let infoWithRemoteNotification = plist(["UIBackgroundModes": ["remote-notification"], "CFBundleName": "App"])

    @Test func withoutTheOptionsTheOutputIsWhatItAlwaysWas() {
        let configuration =
            #"{"provider": "jpush", "additionalProviders": ["getui"], "jpush": {"appKey": "5a6e94518f6bd85ba173cf77", "channel": "App Store", "production": true}, "getui": {"appId": "AppId123456", "appKey": "AppKey123456", "appSecret": "Secret123456789"}}"#
        let output = run(["check-config", "c.json"], files: ["c.json": Array(configuration.utf8)])
        #expect(output.status == 0)
        #expect(output.standardError.isEmpty)
        #expect(
            output.standardOutput == """
                provider: jpush
                additionalProviders: getui
                jpush.appKey: ••••cf77
                jpush.channel: App Store
                jpush.production: true
                getui.appId: ••••3456
                getui.appKey: ••••3456
                getui.appSecret: ••••6789
                ok

                """)
    }

    @Test func theChecksComeAfterTheSettingsAndBeforeOk() {
        let output = run(
            ["check-config", "--entitlements", "App.entitlements", "--info-plist", "Info.plist", "c.json"],
            files: [
                "c.json": Array(Self.getui.utf8), "App.entitlements": Self.entitlementsDevelopment, "Info.plist": Self.infoWithRemoteNotification,
            ])
        #expect(output.status == 0)
        let lines = output.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "provider: getui", "getui.appId: ••••3456", "getui.appKey: ••••3456", "getui.appSecret: ••••6789",
                "entitlements.aps-environment: development (expected development or production)",
                "info-plist.UIBackgroundModes: contains remote-notification",
                "info-plist.NSUserTrackingUsageDescription: absent (needed only if the app asks for tracking to hand Getui an IDFA through advertisingIdentifier:)",
                "ok",
            ])
        for secret in ["AppId123456", "AppKey123456", "Secret123456789"] { #expect(!output.standardOutput.contains(secret)) }
    }

    @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func xmlAndBinaryPropertyListsAreRead(format: PropertyListSerialization.PropertyListFormat) {
        let files = [
            "c.json": Array(Self.apns.utf8), "e": Self.plist(["aps-environment": "production"], format: format),
            "i": Self.plist(["UIBackgroundModes": ["audio", "remote-notification"]], format: format),
        ]
        let output = run(["check-config", "--entitlements", "e", "--info-plist", "i", "c.json"], files: files)
        #expect(output.status == 0)
        #expect(output.standardOutput.contains("entitlements.aps-environment: production (expected development or production)\n"))
        #expect(output.standardOutput.contains("info-plist.UIBackgroundModes: contains remote-notification\n"))
    }

    /// Entitlements whose `aps-environment` is wrong, and the line each gives.
    enum WrongEnvironment: String, CaseIterable, Sendable {
        case missing, staging, number

        var entitlements: [UInt8] {
            switch self {
            case .missing: CheckConfigAppFilesTests.plist([:])
            case .staging: CheckConfigAppFilesTests.plist(["aps-environment": "staging"])
            case .number: CheckConfigAppFilesTests.plist(["aps-environment": 1])
            }
        }

        var line: String {
            switch self {
            case .missing: "entitlements.aps-environment: missing (expected development or production: add the Push Notifications capability"
            case .staging: "entitlements.aps-environment: \"staging\" is not development or production"
            case .number: "entitlements.aps-environment: is a number or a Boolean, expected the string development or production"
            }
        }
    }

    @Test(arguments: WrongEnvironment.allCases)
    func aMissingOrWrongAPSEnvironmentIsAProblem(wrong: WrongEnvironment) {
        let (entitlements, line) = (wrong.entitlements, wrong.line)
        for configuration in [Self.apns, Self.jpush, Self.getui] {
            let output = run(
                ["check-config", "--entitlements", "e", "c.json"], files: ["c.json": Array(configuration.utf8), "e": entitlements])
            #expect(output.status == 1)
            #expect(output.standardError.isEmpty)
            #expect(output.standardOutput.hasPrefix(line))
            #expect(!output.standardOutput.contains("ok\n"))
            #expect(!output.standardOutput.contains("provider:"))
        }
    }

    @Test func theEnvironmentAgainstJPushProductionIsOnlyANote() {
        let mismatch = run(
            ["check-config", "--entitlements", "e", "c.json"], files: ["c.json": Array(Self.jpush.utf8), "e": Self.entitlementsDevelopment])
        #expect(mismatch.status == 0)
        #expect(
            mismatch.standardOutput.contains(
                "entitlements.aps-environment: note: development while jpush.production is true; Xcode signs with the provisioning profile's value"))
        #expect(mismatch.standardOutput.hasSuffix("\nok\n"))

        let reverse = run(
            ["check-config", "--entitlements", "e", "c.json"],
            files: ["c.json": Array(Self.jpushDevelopment.utf8), "e": Self.plist(["aps-environment": "production"])])
        #expect(reverse.status == 0)
        #expect(reverse.standardOutput.contains("entitlements.aps-environment: note: production while jpush.production is false;"))

        let match = run(
            ["check-config", "--entitlements", "e", "c.json"],
            files: ["c.json": Array(Self.jpush.utf8), "e": Self.plist(["aps-environment": "production"])])
        #expect(
            match.standardOutput.contains(
                "entitlements.aps-environment: production (expected development or production; matches jpush.production true)\n"))
    }

    @Test func withoutRemoteNotificationGetuiFailsAndTheOthersGetANote() {
        let info = Self.plist(["UIBackgroundModes": ["audio"]])
        let getui = run(["check-config", "--info-plist", "i", "c.json"], files: ["c.json": Array(Self.getui.utf8), "i": info])
        #expect(getui.status == 1)
        #expect(
            getui.standardOutput.hasPrefix(
                "info-plist.UIBackgroundModes: no remote-notification (Getui's integration adds Background Modes > Remote notifications"))

        // Getui as an additional provider (a migration) needs it as much.
        let migrating =
            #"{"provider": "apns", "additionalProviders": ["getui"], "getui": {"appId": "AppId123456", "appKey": "AppKey123456", "appSecret": "Secret123456789"}}"#
        #expect(run(["check-config", "--info-plist", "i", "c.json"], files: ["c.json": Array(migrating.utf8), "i": info]).status == 1)

        for configuration in [Self.jpush, Self.apns] {
            let output = run(["check-config", "--info-plist", "i", "c.json"], files: ["c.json": Array(configuration.utf8), "i": Self.plist([:])])
            #expect(output.status == 0)
            #expect(
                output.standardOutput.contains(
                    "info-plist.UIBackgroundModes: note: no remote-notification; add Background Modes > Remote notifications if the app relies on background (content-available) pushes\n"
                ))
        }
    }

    @Test func backgroundModesThatAreNotAnArrayOfStringsAreAProblem() {
        for modes in ["remote-notification", ["remote-notification", 3]] as [Any] {
            let output = run(
                ["check-config", "--info-plist", "i", "c.json"],
                files: ["c.json": Array(Self.jpush.utf8), "i": Self.plist(["UIBackgroundModes": modes])])
            #expect(output.status == 1)
            #expect(output.standardOutput.hasPrefix("info-plist.UIBackgroundModes: "))
            #expect(output.standardOutput.contains("expected an array of strings"))
        }
    }

    @Test func theTrackingDescriptionRemindsWhereTheIDFAComesFrom() {
        let info = Self.plist(["UIBackgroundModes": ["remote-notification"], "NSUserTrackingUsageDescription": "Ads that fit"])
        let jpush = run(["check-config", "--info-plist", "i", "c.json"], files: ["c.json": Array(Self.jpush.utf8), "i": info])
        #expect(jpush.status == 0)
        #expect(
            jpush.standardOutput.contains(
                "info-plist.NSUserTrackingUsageDescription: note: present; the IDFA reaches JPush only through the provider's advertisingIdentifier: closure"
            ))
        #expect(!jpush.standardOutput.contains("Ads that fit"))

        // Plain APNs takes no IDFA: nothing to say.
        let apns = run(["check-config", "--info-plist", "i", "c.json"], files: ["c.json": Array(Self.apns.utf8), "i": info])
        #expect(!apns.standardOutput.contains("NSUserTrackingUsageDescription"))

        let empty = Self.plist(["UIBackgroundModes": ["remote-notification"], "NSUserTrackingUsageDescription": ""])
        let output = run(["check-config", "--info-plist", "i", "c.json"], files: ["c.json": Array(Self.getui.utf8), "i": empty])
        #expect(output.status == 1)
        #expect(output.standardOutput.hasPrefix("info-plist.NSUserTrackingUsageDescription: is empty"))
    }

    @Test func aFileThatIsNoPropertyListOrMissingExitsTwoAndAWrongRootIsAProblem() {
        let configuration = Array(Self.jpush.utf8)
        let notAPlist = run(["check-config", "--info-plist", "i", "c.json"], files: ["c.json": configuration, "i": Array("{\"json\": true}".utf8)])
        #expect(notAPlist.status == 2)
        #expect(notAPlist.standardOutput.isEmpty)
        #expect(notAPlist.standardError == "error: --info-plist: i: not a property list (expected an XML or binary plist)\n")

        let array = run(["check-config", "--entitlements", "e", "c.json"], files: ["c.json": configuration, "e": Self.plistArray()])
        #expect(array.status == 1)
        #expect(array.standardOutput == "entitlements: is an array, expected a dictionary at the root\n")

        let missing = run(["check-config", "--entitlements", "missing.entitlements", "c.json"], files: ["c.json": configuration])
        #expect(missing.status == 2)
        #expect(missing.standardOutput.isEmpty)
        #expect(missing.standardError == "error: --entitlements: missing.entitlements: cannot open the file\n")

        let noValue = run(["check-config", "c.json", "--info-plist"], files: ["c.json": configuration])
        #expect(noValue.status == 2)
        #expect(noValue.standardError == "error: --info-plist: missing value\n")
    }

    @Test func everyProblemIsListedTheConfigurationsFirst() {
        let bad = #"{"provider": "getui", "getui": {"appId": "A", "masterSecret": "TopSecretValue1"}}"#
        let output = run(
            ["check-config", "--entitlements", "e", "--info-plist", "i", "c.json"],
            files: ["c.json": Array(bad.utf8), "e": Self.plist([:]), "i": Self.plist([:])])
        #expect(output.status == 1)
        let keys = output.standardOutput.split(separator: "\n").map { $0.prefix { $0 != ":" } }
        #expect(keys == ["getui.masterSecret", "getui.appKey", "getui.appSecret", "entitlements.aps-environment"])
        #expect(!output.standardOutput.contains("TopSecretValue1"))
    }

    private static func plistArray() -> [UInt8] {
        [UInt8]((try? PropertyListSerialization.data(fromPropertyList: ["a"], format: .xml, options: 0)) ?? Data())
    }
}
