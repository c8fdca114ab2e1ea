import Foundation
import SDKBindingChecks
import Testing

@testable import PushBridgeJPush

/// The check-only modules CI type-checks against JPush's and JCore's real headers
/// (`Tests/iOSBindingChecks/`) are generated here from ``JPushSDKSymbols`` and the
/// bridge's source, and must be what is committed: a table and its compiler check cannot drift.
///
/// After changing a table or the bridge: `PUSHBRIDGE_REGENERATE_BINDING_CHECKS=1 swift test --filter CheckOnlySourceTests`.
@Suite struct JPushCheckOnlySourceTests {
    static let regenerate = "PUSHBRIDGE_REGENERATE_BINDING_CHECKS=1 swift test --filter CheckOnlySourceTests"
    static let bindingsPath = "Tests/iOSBindingChecks/Bindings/JPushBindings.swift"
    static let probePath = "Tests/iOSBindingChecks/Selectors/JPushSelectors.swift"

    static func source() throws -> CheckOnlySource {
        let bridge = try JPushSDKBindingTests.bridge()
        // The three tag changes share one call, their selector chosen by a switch.
        #expect(bridge.bindingsThroughLocals(symbols: "JPushSDKSymbols").map(\.alias) == ["TagsChangeIMP"])
        let tagChanges = [JPushSDKSymbols.addTags, JPushSDKSymbols.setTags, JPushSDKSymbols.deleteTags].map { ($0, "TagsChangeIMP") }
        return CheckOnlySource(
            moduleName: "JPushBindings", imports: ["UserNotifications", "JPush", "JCore", "PushBridgeJPush"], bridgeModule: "PushBridgeJPush",
            delegateClass: "PushBridgeJPush.JPushRegisterDelegateProxy", delegateProtocol: JPushSDKSymbols.delegateProtocol,
            classMethods: try CheckOnlySource.classMethods(
                entries: JPushSDKSymbols.classMethods + JPushSDKSymbols.optionalClassMethods, bridge: bridge,
                symbols: try BridgeSource(JPushSDKBindingTests.symbolsPath), symbolsType: "JPushSDKSymbols", module: "PushBridgeJPush",
                names: JPushImportedNames.classMethods, throughLocals: Dictionary(uniqueKeysWithValues: tagChanges)),
            delegateMethods: try CheckOnlySource.delegateMethods(
                selectors: JPushSDKSymbols.delegateSelectors, bridge: bridge, names: JPushImportedNames.delegateMethods, optional: false),
            keyValueProperties: JPushSDKSymbols.keyValueProperties.flatMap { entry in
                entry.keys.map { CheckOnlySource.KeyValueProperty(className: entry.className, key: $0) }
            },
            typealiases: bridge.typealiases, regenerate: regenerate)
    }

    /// Every selector of a method the tables spell (a property's setter draws no answer from the
    /// probe: the key paths in the bindings module hold the keys).
    static var allSelectors: [String] {
        (JPushSDKSymbols.classMethods + JPushSDKSymbols.optionalClassMethods).flatMap(\.selectors) + JPushSDKSymbols.delegateSelectors
    }

    @Test func everyImportedNameSpellsItsSelector() {
        for (selector, name) in JPushImportedNames.classMethods {
            #expect(CheckOnlySource.spells(name, selector, droppingTypeWords: true), "\(name) does not spell \(selector)")
        }
        for (selector, name) in JPushImportedNames.delegateMethods {
            #expect(CheckOnlySource.spells(name, selector, droppingTypeWords: true), "\(name) does not spell \(selector)")
        }
        #expect(
            Set(JPushImportedNames.classMethods.keys)
                == Set((JPushSDKSymbols.classMethods + JPushSDKSymbols.optionalClassMethods).flatMap(\.selectors)))
        #expect(Set(JPushImportedNames.delegateMethods.keys) == Set(JPushSDKSymbols.delegateSelectors))
    }

    @Test func theCommittedCheckOnlyModulesAreGeneratedFromTheTables() throws {
        let bindings = try Self.source().source
        let probe = CheckOnlySource.selectorProbe(
            moduleName: "JPushBindings", imports: ["UserNotifications", "JPush", "JCore"], selectors: Self.allSelectors, regenerate: Self.regenerate)
        try GeneratedFile.expect(bindings, at: Self.bindingsPath)
        try GeneratedFile.expect(probe, at: Self.probePath)
        try GeneratedFile.expect(
            CheckOnlySource.conversionsFile(regenerate: Self.regenerate), at: "Tests/iOSBindingChecks/Bindings/Conversions.swift")
    }
}

/// The rule that ties an imported Swift name to the selector a table spells.
@Suite struct ImportedNameSpellingTests {
    @Test(arguments: [
        ("setup(withOption:appKey:)", "setupWithOption:appKey:", true),
        ("register(forRemoteNotificationConfig:delegate:)", "registerForRemoteNotificationConfig:delegate:", true),
        ("resetBadge()", "resetBadge", true),
        ("resetBadge()", "resetBadges", false),
        ("resetBadge()", "resetBadge:", false),
        ("setBadge(_:)", "setBadge:", true),
        ("setBadge(_:)", "setBadges:", false),
        ("jCollectionAuth(_:)", "JCollectionAuth:", true),
        (
            "jpushNotificationCenter(_:willPresent:withCompletionHandler:)", "jpushNotificationCenter:willPresentNotification:withCompletionHandler:",
            true
        ),
        (
            "jpushNotificationCenter(_:willPresent:withCompletionHandler:)",
            "jpushNotificationCenter:willPresentNotification:withCompletionHandlers:", false
        ),
        ("start(withAppId:appKey:)", "startSdkWithAppId:appKey:", true),
        ("start(withAppId:appKey:)", "startSdkWithAppID:appKey:", false),
        ("geTuiSdkDidRegisterPush(toStartToken:result:)", "GeTuiSdkDidRegisterPushToStartToken:result:", true),
        ("handleSceneWillConnect(with:)", "handleSceneWillConnectWithOptions:", true),
        ("handleSceneWillConnect(with:)", "handleSceneDidConnectWithOptions:", false),
    ])
    func aNameSpellsItsSelectorWithOnlyTypeWordsLeftOut(name: String, selector: String, spells: Bool) {
        #expect(CheckOnlySource.spells(name, selector, droppingTypeWords: true) == spells)
    }

    @Test func withoutLeavingWordsOutTheNameMustSpellTheSelectorExactly() {
        #expect(CheckOnlySource.spells("setup(withOption:appKey:)", "setupWithOption:appKey:"))
        #expect(!CheckOnlySource.spells("start(withAppId:appKey:)", "startSdkWithAppId:appKey:"))
        #expect(CheckOnlySource.selector(ofSwiftName: "resetBadge()") == "resetBadge")
    }
}
