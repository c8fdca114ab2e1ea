import Foundation
import PushBridge
import PushBridgeAPNs
import PushBridgeAPNsServer
import PushBridgeAPNsTesting
import PushBridgeCore
import PushBridgeFCMServer
import PushBridgeGetui
import PushBridgeGetuiServer
import PushBridgeGetuiTesting
import PushBridgeJPush
import PushBridgeJPushServer
import PushBridgeJPushTesting
import PushBridgeModel
import PushBridgeMultiplex
import PushBridgeProviderKit
import PushBridgeRouting
import PushBridgeServer
import PushBridgeServiceExtension
import PushBridgeTesting
import PushBridgeUIKit
import Testing

/// An app's test target links every product at once: this file imports them all, and names,
/// unqualified, the types that once had a namesake in another module (`PlatformObject`, the
/// expected event, the manual clock, the delivery record) — it compiles only while each name
/// means one type. The test below holds the rest, read from the sources.
@Suite struct ProductsTogetherTests {
    @Test func theNamesOnceDeclaredTwiceMeanOneTypeEach() throws {
        let options: PlatformObject? = nil
        let expected: [ExpectedPushEvent] = [.received(.foreground)]
        let clock = ManualScheduler()
        clock.elapse(1)
        let record: DeliveryRecord.Type = DeliveryRecord.self
        let provider: PushProviderID = .apns
        #expect(options == nil && expected.count == 1 && clock.now == 1 && record == DeliveryRecord.self && provider == .apns)
    }

    @Test func noPublicTypeNameIsDeclaredByTwoModules() throws {
        var root = URL(fileURLWithPath: #filePath)
        while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path), root.path != "/" {
            root.deleteLastPathComponent()
        }
        // A public type at the top level of a file (or of its `#if`): the name an import brings.
        let declaration =
            /(?m)^(?: {4})?(?:@\w+(?:\([^)]*\))?\s+)*(?:public|open)\s+(?:final\s+)?(?:struct|class|enum|protocol|typealias|actor)\s+(\w+)/
        var modules: [String: Set<String>] = [:]
        var files = 0
        for folder in ["Sources", "Adapters"] {
            let base = root.appendingPathComponent(folder)
            let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
            while let file = walker?.nextObject() as? URL {
                guard file.pathExtension == "swift" else { continue }
                files += 1
                let module = String(file.path.dropFirst(base.path.count + 1).split(separator: "/")[0])
                let text = try String(contentsOf: file, encoding: .utf8)
                for match in text.matches(of: declaration) {
                    // A nested type indented under a type is not top level: only `#if`-wrapped ones count.
                    if text[match.range].hasPrefix("    "), !Self.isInsideConditionalOnly(text, before: match.range.lowerBound) { continue }
                    modules[String(match.1), default: []].insert(module)
                }
            }
        }
        #expect(files > 100, "the sources were found")
        let twice = modules.filter { $0.value.count > 1 }.map { "\($0.key): \($0.value.sorted())" }.sorted()
        #expect(twice.isEmpty, "public types of the same name in two modules: \(twice)")
    }

    /// Whether the only thing open at `index` is an `#if` (the declaration's indentation is the
    /// conditional's, not a type's).
    static func isInsideConditionalOnly(_ text: String, before index: String.Index) -> Bool {
        let prefix = text[..<index]
        let opens = prefix.filter { $0 == "{" }.count
        let closes = prefix.filter { $0 == "}" }.count
        return opens == closes && prefix.contains("#if")
    }
}
