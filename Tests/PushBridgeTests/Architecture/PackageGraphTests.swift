import Foundation
import Testing

/// The package's module graph, read from `Package.swift`: the backend (`PushBridgeServer` and the
/// `*Server` adapters), the validator and the service extension (with the vendors' reporters)
/// depend on the vocabulary (`PushBridgeCore`, `PushBridgeProviderKit`, the vendors' definitions),
/// never on the client runtime or an iOS adapter; and no file of the package imports anything with
/// `@_spi` (issue 44).
@Suite struct PackageGraphTests {
    static var root: URL {
        var root = URL(fileURLWithPath: #filePath)
        while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path), root.path != "/" {
            root.deleteLastPathComponent()
        }
        return root
    }

    /// Each target of `Package.swift` and the targets it names in `dependencies:`.
    static func targets() throws -> [String: [String]] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let body = try #require(manifest.components(separatedBy: "    targets: [").dropFirst().first)
        var graph: [String: [String]] = [:]
        for chunk in body.split(separator: /\.(?:target|testTarget|executableTarget)\(/).dropFirst() {
            guard let name = chunk.firstMatch(of: /name:\s*"(\w+)"/)?.1 else { continue }
            var dependencies: [String] = []
            if let list = chunk.firstMatch(of: /dependencies:\s*\[([^\]]*)\]/)?.1 {
                dependencies = list.matches(of: /"(\w+)"/).map { String($0.1) }
            }
            graph[String(name)] = dependencies
        }
        return graph
    }

    /// `target` and every target it depends on, transitively.
    static func closure(of target: String, in graph: [String: [String]]) -> Set<String> {
        var found: Set<String> = []
        var todo = [target]
        while let next = todo.popLast() {
            guard found.insert(next).inserted else { continue }
            todo += graph[next] ?? []
        }
        return found
    }

    /// The client runtime and everything an app's side adds on it: what a backend, a validator or
    /// an extension must not link.
    static let appSide: Set<String> = [
        "PushBridge", "PushBridgeUIKit", "PushBridgePushKit", "PushBridgeMultiplex", "PushBridgeRouting", "PushBridgeModel", "PushBridgeTesting",
        "PushBridgeAdapterSupport",
        "PushBridgeAPNs", "PushBridgeJPush", "PushBridgeGetui", "PushBridgeAPNsTesting", "PushBridgeJPushTesting", "PushBridgeGetuiTesting",
    ]

    @Test func theManifestIsRead() throws {
        let graph = try Self.targets()
        #expect(graph.count >= 30, "every target was found")
        #expect(graph["PushBridgeCore"] == [])
        #expect(graph["PushBridge"]?.contains("PushBridgeCore") == true)
        #expect(Self.closure(of: "PushBridgeJPush", in: graph).isSuperset(of: ["PushBridge", "PushBridgeCore", "PushBridgeJPushDefinition"]))
    }

    @Test(arguments: [
        "PushBridgeServer", "PushBridgeAPNsServer", "PushBridgeJPushServer", "PushBridgeGetuiServer", "PushBridgeFCMServer", "PushBridgeValidation",
        "PushBridgeServiceExtension", "PushBridgeJPushServiceExtension", "PushBridgeGetuiServiceExtension",
    ])
    func theBackendTheValidatorAndTheExtensionDependOnTheVocabularyOnly(target: String) throws {
        let graph = try Self.targets()
        #expect(graph[target] != nil, "\(target) is a target")
        let linked = Self.closure(of: target, in: graph)
        #expect(linked.contains("PushBridgeCore"))
        #expect(linked.isDisjoint(with: Self.appSide), "\(target) links \(linked.intersection(Self.appSide).sorted())")
    }

    /// The lock-held queue behind each event stream is a target of its own (issue 44 item 3, as
    /// NIO keeps `_NIODataStructures`): on the vocabulary only, used by the runtime, tested beside
    /// it, and no product an app could name.
    @Test func theFastQueueIsFencedInAnInternalTarget() throws {
        let graph = try Self.targets()
        #expect(graph["_PushBridgeEventQueue"] == ["PushBridgeCore"])
        #expect(graph["PushBridge"]?.contains("_PushBridgeEventQueue") == true)
        #expect(graph["_PushBridgeEventQueueTests"]?.contains("_PushBridgeEventQueue") == true)
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(!manifest.contains(#".library(name: "_PushBridgeEventQueue""#), "not a product")
        let runtime = try Self.swiftFiles(in: ["Sources/PushBridge"])
        #expect(!runtime.contains { $0.text.contains("@exclusivity(unchecked)") }, "the unchecked buffers live in the fenced target only")
    }

    @Test func theVocabularyDependsOnNothingAndTheKitOnTheVocabularyOnly() throws {
        let graph = try Self.targets()
        #expect(graph["PushBridgeCore"] == [])
        #expect(graph["PushBridgeProviderKit"] == ["PushBridgeCore"])
        #expect(graph["PushBridgeJPushDefinition"] == ["PushBridgeCore"])
        #expect(graph["PushBridgeGetuiDefinition"] == ["PushBridgeCore"])
        #expect(graph["PushBridgeFCMDefinition"] == ["PushBridgeCore"])
    }

    /// The example notification service extension (`Examples/iOSApp/NotificationService`), which
    /// `.ci/ios-link` links as an app's extension, imports the service extension's modules and
    /// nothing of the client runtime: importing `PushBridge` there linked the whole runtime into
    /// the extension (129 KB of arm64 `__TEXT` it never calls; issue 44).
    @Test func theExampleExtensionLinksNoClientRuntime() throws {
        let graph = try Self.targets()
        let folder = Self.root.appendingPathComponent("Examples/iOSApp/NotificationService")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty, "the example extension's sources were found")
        var imported: Set<String> = []
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            imported.formUnion(
                text.matches(of: /^\s*(?:@\w+\s+)*import\s+(\w+)/.anchorsMatchLineEndings()).map { String($0.1) }.filter { graph[$0] != nil })
        }
        #expect(imported.contains("PushBridgeServiceExtension"))
        let linked = imported.reduce(into: Set<String>()) { $0.formUnion(Self.closure(of: $1, in: graph)) }
        #expect(linked.isDisjoint(with: Self.appSide), "the example extension links \(linked.intersection(Self.appSide).sorted())")
    }

    /// The Swift files under `folders` of the package's root, by path; the vendors' test targets
    /// (`Adapters/<Vendor>/Tests`) only when `tests` is true.
    static func swiftFiles(in folders: [String], tests: Bool = false) throws -> [(path: String, text: String)] {
        var found: [(path: String, text: String)] = []
        for folder in folders {
            let base = root.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
            while let file = files?.nextObject() as? URL {
                // The vendors' test targets sit in their folders (`Adapters/<Vendor>/Tests`): tests,
                // not the package's products, counted with `Tests/`.
                guard file.pathExtension == "swift", tests || !file.path.contains("/Tests/") else { continue }
                found.append((folder + file.path.dropFirst(base.path.count), try String(contentsOf: file, encoding: .utf8)))
            }
        }
        return found
    }

    /// The package's sources and adapters (`Sources/`, `Adapters/`): the text of each Swift file,
    /// by path.
    static func productionSources() throws -> [(path: String, text: String)] {
        try swiftFiles(in: ["Sources", "Adapters"])
    }

    /// Every target of the root package, its tests and test support included: none imports with
    /// `@_spi` (the package's own modules use `package` declarations or the public API), but
    /// `Tests/FourthProviderTests`, the stand-in for a provider author outside the package: CI
    /// type-checks it with no package access (`.ci/run`'s "fourth provider" step), so it enters
    /// the pipeline as an outside harness does, through the SPI that stays.
    @Test func noFileOfThePackageImportsAnythingWithSPI() throws {
        let files = try Self.swiftFiles(in: ["Sources", "Adapters", "Tests"], tests: true)
        #expect(files.count >= 400, "the sources and tests were found (\(files.count))")
        #expect(files.contains { $0.path.hasPrefix("Adapters/JPush/Tests/") }, "the vendors' tests were read")
        let importing = files.filter { $0.text.contains(/(?m)^\s*@_spi\([^)]*\)[^\n]*\bimport\s/) }.map(\.path)
        #expect(importing == ["Tests/FourthProviderTests/FourthProviderTests.swift"], "imports with @_spi: \(importing.sorted())")
    }

    /// The SPI that stays is for users outside the package only, and these are all of it:
    /// `PushClient.systemCallbacks`, the client's sink for a harness outside the package that
    /// plays iOS (`Benchmarks/`, and `Tests/FourthProviderTests`, compiled as an outside
    /// author's), and the deep link's parser for the fuzzers (`Fuzz/`). The package's own modules
    /// and tests use the same sink by its `package` name (`PushClient.callbacks`); the
    /// provider's start, registration and consent are `package` (no outside user), and the
    /// second registry (`PushProviderFactories`) is gone: the list of ``PushAdapter``s is the one.
    @Test func theSPIThatStaysIsListed() throws {
        var declared: [String] = []
        for (path, text) in try Self.productionSources() {
            for line in text.split(separator: "\n") where line.contains(/^\s*@_spi\(/) && !line.contains(/\bimport\s/) {
                let name = line.firstMatch(of: /(?:func|init|struct|class|enum|protocol|var|let)\b\s*(\w*)/).map { "\($0.0)" } ?? "?"
                declared.append("\(path.split(separator: "/").last ?? ""): \(line.firstMatch(of: /@_spi\((\w+)\)/)?.1 ?? "") \(name)")
            }
        }
        #expect(
            declared.sorted() == [
                "DeepLink.swift: Fuzzing struct DeepLink",
                "PushClient+SystemCallbacks.swift: ProviderAuthor var systemCallbacks",
            ])
        // The package itself enters the pipeline by the `package` name, never by the SPI.
        let callers = try Self.productionSources().filter { source in
            source.text.split(separator: "\n").contains { line in
                !line.contains(/^\s*\/\//) && line.contains(/\.systemCallbacks\./) && !line.contains("public var systemCallbacks")
            }
        }
        #expect(callers.isEmpty, "PushClient.systemCallbacks used inside the package: \(callers.map(\.path))")
        // Each stays because a package outside this one uses it.
        let outside = try Self.swiftFiles(in: ["Benchmarks/Sources", "Fuzz/Sources", "Tests/FourthProviderTests"])
        #expect(
            outside.contains { $0.text.contains("@_spi(ProviderAuthor) import PushBridge") && $0.text.contains("client.systemCallbacks.handle(") })
        #expect(outside.contains { $0.text.contains("@_spi(Fuzzing) import PushBridgeRouting") && $0.text.contains("DeepLink.parse(") })
    }
}
