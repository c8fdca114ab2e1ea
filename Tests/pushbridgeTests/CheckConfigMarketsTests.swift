import Foundation
import Testing

@testable import pushbridge

/// `pushbridge check-config` on a file for one binary in several markets: the markets listed,
/// a bad one named, and JPush's environment left to the signing.
@Suite struct CheckConfigMarketsTests {
    static let markets = #"{"provider": "apns", "markets": {"CHN": "jpush"}, "jpush": {"appKey": "5a6e94518f6bd85ba173cf77"}}"#

    private func run(_ arguments: [String], files: [String: [UInt8]]) -> CommandOutput {
        CommandLineTool(io: .memory(files: files)).run(arguments)
    }

    @Test func theMarketsAreListedAndJPushFollowsTheSigning() {
        let output = run(["check-config", "c.json"], files: ["c.json": Array(Self.markets.utf8)])
        #expect(output.status == 0)
        #expect(
            output.standardOutput == """
                provider: apns
                markets.CHN: jpush
                jpush.appKey: ••••cf77
                jpush.channel: App Store
                jpush.production: from the signing (embedded.mobileprovision's aps-environment)
                ok

                """)
    }

    @Test func withoutJPushProductionTheEntitlementIsCheckedNotCompared() throws {
        let entitlements = try PropertyListSerialization.data(fromPropertyList: ["aps-environment": "development"], format: .xml, options: 0)
        let output = run(["check-config", "--entitlements", "e", "c.json"], files: ["c.json": Array(Self.markets.utf8), "e": Array(entitlements)])
        #expect(output.status == 0)
        #expect(
            output.standardOutput.contains(
                "entitlements.aps-environment: development (expected development or production; jpush.production follows the signing)\n"))
        #expect(!output.standardOutput.contains("note:"))
    }

    @Test func aMarketsProviderIsCheckedInTheAppsFilesToo() throws {
        let file =
            #"{"provider": "apns", "markets": {"CHN": "getui"}, "getui": {"appId": "AppId123456", "appKey": "AppKey123456", "appSecret": "Secret123456789"}}"#
        let info = try PropertyListSerialization.data(fromPropertyList: ["UIBackgroundModes": ["audio"]], format: .xml, options: 0)
        let output = run(["check-config", "--info-plist", "i", "c.json"], files: ["c.json": Array(file.utf8), "i": Array(info)])
        // Getui needs remote-notification: a problem though it serves one market only.
        #expect(output.status == 1)
        #expect(output.standardOutput.contains("info-plist.UIBackgroundModes: "))
    }

    @Test func aBadMarketIsNamed() {
        let output = run(
            ["check-config", "c.json"], files: ["c.json": Array(#"{"provider": "apns", "markets": {"CN": "jpush", "HKG": "onesignal"}}"#.utf8)])
        #expect(output.status == 1)
        #expect(output.standardOutput.contains("markets.CN: "))
        #expect(output.standardOutput.contains("ISO 3166-1 alpha-3"))
        #expect(output.standardOutput.contains("markets.HKG: "))
    }
}
