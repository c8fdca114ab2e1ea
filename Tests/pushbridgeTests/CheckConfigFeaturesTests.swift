import Foundation
import PushBridge
import Testing

@testable import pushbridge

/// The features a configuration switches on — a service extension, VoIP, Live Activities — read
/// with every problem named by its key, and `check-config` telling what the app and its extension
/// still need.
@Suite struct CheckConfigFeaturesTests {
    static let base = #""provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77", "channel": "App Store", "production": true}"#
    static let all =
        "{\(base), " + #""serviceExtension": {"appGroup": "group.com.example.app"}, "voip": true, "liveActivities": {"pushToStart": true}}"#

    private func run(_ arguments: [String], files: [String: [UInt8]]) -> CommandOutput {
        CommandLineTool(io: .memory(files: files)).run(arguments)
    }

    private static func plist(_ root: [String: Any]) -> [UInt8] {
        [UInt8]((try? PropertyListSerialization.data(fromPropertyList: root, format: .xml, options: 0)) ?? Data())
    }

    @Test func theFeaturesAreReadAndOffWhenAbsent() throws {
        let on = try PushConfiguration(jsonBytes: Array(Self.all.utf8))
        #expect(
            on.features
                == PushFeatures(
                    serviceExtension: ServiceExtensionFeature(appGroup: "group.com.example.app"), voip: true,
                    liveActivities: LiveActivitiesFeature(pushToStart: true)))
        #expect(on.description.contains("features: serviceExtension(appGroup: group.com.example.app), voip, liveActivities(pushToStart)"))
        let off = try PushConfiguration(jsonBytes: Array("{\(Self.base)}".utf8))
        #expect(off.features.isEmpty)
        #expect(!off.description.contains("features"))
        let plain = try PushConfiguration(jsonBytes: Array("{\(Self.base), \"liveActivities\": true, \"voip\": false}".utf8))
        #expect(plain.features == PushFeatures(liveActivities: LiveActivitiesFeature()))
    }

    @Test(arguments: [
        (#""serviceExtension": {}"#, "serviceExtension.appGroup"),
        (#""serviceExtension": {"appGroup": "com.example.app"}"#, "serviceExtension.appGroup"),
        (#""serviceExtension": {"appGroup": "group..x"}"#, "serviceExtension.appGroup"),
        (#""serviceExtension": {"appGroup": "group.x", "appgroup": "y"}"#, "serviceExtension.appgroup"),
        (#""serviceExtension": "group.x""#, "serviceExtension"),
        (#""voip": "yes""#, "voip"),
        (#""liveActivities": 1"#, "liveActivities"),
        (#""liveActivities": {"pushToStart": "yes"}"#, "liveActivities.pushToStart"),
        (#""liveActivities": {"start": true}"#, "liveActivities.start"),
    ])
    func eachBadFeatureNamesItsKey(fields: String, key: String) {
        do {
            _ = try PushConfiguration(jsonBytes: Array("{\(Self.base), \(fields)}".utf8))
            Issue.record("accepted \(fields)")
        } catch {
            #expect(error.problems.map(\.field) == [key], "\(error.problems)")
        }
    }

    @Test func withoutTheAppsFilesEachFeatureSaysWhatItNeeds() {
        let output = run(["check-config", "c.json"], files: ["c.json": Array(Self.all.utf8)])
        #expect(output.status == 0)
        let lines = output.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("serviceExtension.appGroup: group.com.example.app"))
        #expect(lines.contains("voip: on"))
        #expect(lines.contains("liveActivities: on (pushToStart)"))
        #expect(lines.contains { $0.hasPrefix("serviceExtension: note: needs a Notification Service Extension target") })
        #expect(lines.contains { $0.hasPrefix("voip: note: needs Background Modes > Voice over IP") })
        #expect(lines.contains { $0.hasPrefix("liveActivities: note: needs NSSupportsLiveActivities") })
        #expect(lines.last == "ok")
    }

    @Test func everythingInPlaceIsCheckedAndOk() {
        let files: [String: [UInt8]] = [
            "c.json": Array(Self.all.utf8),
            "App.entitlements": Self.plist(["aps-environment": "production", "com.apple.security.application-groups": ["group.com.example.app"]]),
            "Info.plist": Self.plist(["UIBackgroundModes": ["remote-notification", "voip"], "NSSupportsLiveActivities": true]),
            "Ext.plist": Self.plist([
                "NSExtension": [
                    "NSExtensionPointIdentifier": "com.apple.usernotifications.service", "NSExtensionPrincipalClass": "App.NotificationService",
                ]
            ]),
            "Ext.entitlements": Self.plist(["com.apple.security.application-groups": ["group.com.example.app", "group.other"]]),
        ]
        let output = run(
            [
                "check-config", "--entitlements", "App.entitlements", "--info-plist", "Info.plist", "--extension-info-plist", "Ext.plist",
                "--extension-entitlements", "Ext.entitlements", "c.json",
            ], files: files)
        #expect(output.status == 0, "\(output.standardOutput)")
        let lines = output.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("entitlements.com.apple.security.application-groups: contains group.com.example.app"))
        #expect(lines.contains("extension-entitlements.com.apple.security.application-groups: contains group.com.example.app"))
        #expect(lines.contains("extension-info-plist.NSExtension.NSExtensionPointIdentifier: com.apple.usernotifications.service"))
        #expect(lines.contains("extension-info-plist.NSExtension.NSExtensionPrincipalClass: App.NotificationService"))
        #expect(lines.contains("info-plist.UIBackgroundModes: contains voip"))
        #expect(lines.contains("info-plist.NSSupportsLiveActivities: true"))
        #expect(!lines.contains { $0.hasPrefix("serviceExtension: note") })
    }

    @Test func whatIsMissingIsAProblemNamingItsKey() {
        let files: [String: [UInt8]] = [
            "c.json": Array(Self.all.utf8),
            "App.entitlements": Self.plist(["aps-environment": "production"]),
            "Info.plist": Self.plist(["UIBackgroundModes": ["remote-notification"], "NSSupportsLiveActivities": false]),
            "Ext.plist": Self.plist(["NSExtension": ["NSExtensionPointIdentifier": "com.apple.widgetkit-extension"]]),
            "Ext.entitlements": Self.plist(["com.apple.security.application-groups": ["group.other"]]),
        ]
        let output = run(
            [
                "check-config", "--entitlements", "App.entitlements", "--info-plist", "Info.plist", "--extension-info-plist", "Ext.plist",
                "--extension-entitlements", "Ext.entitlements", "c.json",
            ], files: files)
        #expect(output.status == 1)
        let keys = output.standardOutput.split(separator: "\n").compactMap { $0.split(separator: ":").first.map(String.init) }
        #expect(
            keys == [
                "entitlements.com.apple.security.application-groups", "extension-entitlements.com.apple.security.application-groups",
                "extension-info-plist.NSExtension.NSExtensionPointIdentifier", "extension-info-plist.NSExtension.NSExtensionPrincipalClass",
                "info-plist.UIBackgroundModes", "info-plist.NSSupportsLiveActivities",
            ])
        #expect(output.standardOutput.contains("info-plist.NSSupportsLiveActivities: false"))
    }
}
