import Foundation
import SDKBindingChecks
import Testing

@testable import PushBridgeGetui

/// The check-only modules CI type-checks against Getui's real header
/// (`Tests/iOSBindingChecks/`) are generated here from ``GetuiSDKSymbols`` and the bridge's
/// source, and must be what is committed: a table and its compiler check cannot drift.
///
/// After changing a table or the bridge: `PUSHBRIDGE_REGENERATE_BINDING_CHECKS=1 swift test --filter CheckOnlySourceTests`.
@Suite struct GetuiCheckOnlySourceTests {
    static let regenerate = "PUSHBRIDGE_REGENERATE_BINDING_CHECKS=1 swift test --filter CheckOnlySourceTests"
    static let bindingsPath = "Tests/iOSBindingChecks/Bindings/GetuiBindings.swift"
    static let probePath = "Tests/iOSBindingChecks/Selectors/GetuiSelectors.swift"
    static let classMethodEntries = [
        (className: GetuiSDKSymbols.sdkClass, selectors: GetuiSDKSymbols.requiredClassMethods + GetuiSDKSymbols.optionalClassMethods)
    ]

    static func source() throws -> CheckOnlySource {
        let bridge = try GetuiSDKBindingTests.bridge()
        return CheckOnlySource(
            moduleName: "GetuiBindings", imports: ["UIKit", "UserNotifications", "GTSDK", "PushBridgeGetui"], bridgeModule: "PushBridgeGetui",
            delegateClass: "PushBridgeGetui.GeTuiSdkBridge", delegateProtocol: GetuiSDKSymbols.delegateProtocol,
            classMethods: try CheckOnlySource.classMethods(
                entries: classMethodEntries, bridge: bridge, symbols: try BridgeSource(GetuiSDKBindingTests.symbolsPath),
                symbolsType: "GetuiSDKSymbols",
                module: "PushBridgeGetui", names: GetuiImportedNames.classMethods),
            delegateMethods: try CheckOnlySource.delegateMethods(
                selectors: GetuiSDKSymbols.delegateSelectors, bridge: bridge, names: GetuiImportedNames.delegateMethods, optional: true),
            keyValueProperties: [], typealiases: bridge.typealiases, regenerate: regenerate)
    }

    @Test func everyImportedNameSpellsItsSelector() {
        for (selector, name) in GetuiImportedNames.classMethods {
            #expect(CheckOnlySource.spells(name, selector, droppingTypeWords: true), "\(name) does not spell \(selector)")
        }
        for (selector, name) in GetuiImportedNames.delegateMethods {
            #expect(CheckOnlySource.spells(name, selector, droppingTypeWords: true), "\(name) does not spell \(selector)")
        }
        #expect(Set(GetuiImportedNames.classMethods.keys) == Set(Self.classMethodEntries.flatMap(\.selectors)))
        #expect(Set(GetuiImportedNames.delegateMethods.keys) == Set(GetuiSDKSymbols.delegateSelectors))
    }

    @Test func theCommittedCheckOnlyModulesAreGeneratedFromTheTables() throws {
        let probe = CheckOnlySource.selectorProbe(
            moduleName: "GetuiBindings", imports: ["UserNotifications", "GTSDK"],
            selectors: Self.classMethodEntries.flatMap(\.selectors) + GetuiSDKSymbols.delegateSelectors, regenerate: Self.regenerate)
        try GeneratedFile.expect(try Self.source().source, at: Self.bindingsPath)
        try GeneratedFile.expect(probe, at: Self.probePath)
        try GeneratedFile.expect(
            CheckOnlySource.conversionsFile(regenerate: Self.regenerate), at: "Tests/iOSBindingChecks/Bindings/Conversions.swift")
    }
}
