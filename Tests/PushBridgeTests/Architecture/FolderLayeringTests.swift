import Foundation
import Testing

/// The runtime's folders are layers: a folder may use the types of another, or be used by it,
/// never both. The vocabulary (`PushBridgeCore`), the provider-author kit (`PushBridgeProviderKit`)
/// and the runtime (`PushBridge`) keep the folder names they had as one module, and a folder is
/// read across the three (the modules themselves use each other one way only: the compiler
/// holds that). Read from the sources (comments and string literals left out), so a file moved
/// or a type used across a layer shows here.
@Suite struct FolderLayeringTests {
    /// The runtime's sources and the vocabulary's, by folder (`Events/Normalizer/` counts as
    /// `Events/`; `PushBridgeCore/Events/` and `PushBridge/Events/` are one folder).
    static func sources() throws -> [String: [String]] {
        var root = URL(fileURLWithPath: #filePath)
        while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path), root.path != "/" {
            root.deleteLastPathComponent()
        }
        var byFolder: [String: [String]] = [:]
        for module in ["PushBridgeCore", "PushBridgeProviderKit", "PushBridge"] {
            let runtime = root.appendingPathComponent("Sources/\(module)")
            let files = FileManager.default.enumerator(at: runtime, includingPropertiesForKeys: nil)
            while let file = files?.nextObject() as? URL {
                guard file.pathExtension == "swift" else { continue }
                let relative = file.path.dropFirst(runtime.path.count + 1)
                let folder = relative.split(separator: "/").count > 1 ? String(relative.split(separator: "/")[0]) : "."
                byFolder[folder, default: []].append(withoutCommentsAndStrings(try String(contentsOf: file, encoding: .utf8)))
            }
        }
        return byFolder
    }

    /// `source` with its comments and string literals removed.
    static func withoutCommentsAndStrings(_ source: String) -> String {
        var text = source.replacing(/\/\*[\s\S]*?\*\//, with: "")
        text = text.replacing(/\/\/[^\n]*/, with: "")
        text = text.replacing(/"""[\s\S]*?"""/, with: "\"\"")
        return text.replacing(/"(?:\\.|[^"\\\n])*"/, with: "\"\"")
    }

    /// The types each folder declares at the top level of its files.
    static func declaredTypes(_ sources: [String: [String]]) -> [String: String] {
        var owner: [String: String] = [:]
        let declaration =
            /(?m)^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|final|indirect)\s+)*(?:struct|class|enum|protocol|typealias|actor)\s+(\w+)/
        for (folder, files) in sources {
            for file in files {
                for match in file.matches(of: declaration) where owner[String(match.1)] == nil { owner[String(match.1)] = folder }
            }
        }
        return owner
    }

    /// For each folder, the folders whose types it uses.
    static func dependencies() throws -> [String: Set<String>] {
        let sources = try sources()
        let owner = declaredTypes(sources)
        var uses: [String: Set<String>] = [:]
        for (folder, files) in sources {
            for file in files {
                for match in file.matches(of: /\b[A-Z]\w*\b/) {
                    if let other = owner[String(match.output)], other != folder { uses[folder, default: []].insert(other) }
                }
            }
        }
        return uses
    }

    @Test func noTwoFoldersUseEachOther() throws {
        let uses = try Self.dependencies()
        #expect(uses.count >= 6, "the runtime's folders were found and read")
        var twoWay: [String] = []
        for (folder, used) in uses {
            for other in used where folder < other && uses[other]?.contains(folder) == true { twoWay.append("\(folder) <-> \(other)") }
        }
        #expect(twoWay.isEmpty, "folders that use each other: \(twoWay.sorted())")
    }

    @Test func theLayersAreTheOnesTheReadmeDraws() throws {
        let uses = try Self.dependencies()
        // The leaves and the top: nothing below Support, nothing above Integration.
        #expect(uses["Support", default: []].isEmpty)
        #expect(uses.values.allSatisfy { !$0.contains("Integration") })
        #expect(uses["Events", default: []].isDisjoint(with: ["Client", "Provider", "Config", "Integration"]))
        #expect(uses["Provider", default: []].isDisjoint(with: ["Client", "Integration"]))
    }
}
