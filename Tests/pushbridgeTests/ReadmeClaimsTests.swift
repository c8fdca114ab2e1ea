import Foundation
import Testing

@testable import pushbridge

/// What the README claims that a test can hold: its layout table names every product, every
/// library target's folder and every folder of the runtime; its drawing is the command's whole
/// output. (Its code blocks are compiled by `.ci/doc-snippets`; its options are each command's,
/// `CommandHelpTests`.)
@Suite struct ReadmeClaimsTests {
    static let root: URL = {
        var root = URL(fileURLWithPath: #filePath)
        while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) { root.deleteLastPathComponent() }
        return root
    }()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The README's layout table: its rows, as (path, products, text).
    static func layoutRows() throws -> [(path: String, product: String, text: String)] {
        let readme = try text("README.md")
        let section = readme.components(separatedBy: "## Layout").dropFirst().first?.components(separatedBy: "\n## ").first ?? ""
        return section.components(separatedBy: "\n").filter { $0.hasPrefix("| `") }.map { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            return (cells[1].replacingOccurrences(of: "`", with: ""), cells[2], cells[3])
        }
    }

    /// `name: "…"` of every `.library` / `.executable` product, and every non-test target with its folder.
    static func manifest() throws -> (products: [String], targets: [(name: String, path: String)]) {
        let manifest = try text("Package.swift")
        func names(after marker: String) -> [String] {
            manifest.components(separatedBy: marker).dropFirst().compactMap { chunk in
                guard let start = chunk.range(of: "name: \""), let end = chunk[start.upperBound...].firstIndex(of: "\"") else { return nil }
                return String(chunk[start.upperBound..<end])
            }
        }
        let products = names(after: ".library(") + names(after: ".executable(")
        let targets = (manifest.components(separatedBy: ".target(").dropFirst() + manifest.components(separatedBy: ".executableTarget(").dropFirst())
            .compactMap { chunk -> (String, String)? in
                let head = chunk.components(separatedBy: ")").first ?? chunk
                guard let start = head.range(of: "name: \""), let end = head[start.upperBound...].firstIndex(of: "\"") else { return nil }
                let name = String(head[start.upperBound..<end])
                if let path = head.range(of: "path: \""), let close = head[path.upperBound...].firstIndex(of: "\"") {
                    return (name, String(head[path.upperBound..<close]))
                }
                return (name, "Sources/\(name)")
            }
        return (products, targets)
    }

    @Test func theLayoutTableNamesEveryProduct() throws {
        let rows = try Self.layoutRows()
        let (products, _) = try Self.manifest()
        #expect(products.count >= 11)
        let named = rows.map(\.product).joined(separator: " ")
        for product in products {
            let short = product.replacingOccurrences(of: "PushBridge", with: "…")
            #expect(named.contains("`\(product)`") || named.contains("`\(short)`"), "the layout table lacks the product \(product)")
        }
    }

    @Test func theLayoutTableNamesEveryTargetsFolder() throws {
        let rows = try Self.layoutRows()
        let (_, targets) = try Self.manifest()
        for (name, path) in targets where !path.hasPrefix("Tests/") {
            // `Adapters/<Provider>/App/`, `…/Testing/`, `…/ServiceExtension/` and `…/Server/` stand for
            // every vendor's folders; `Adapters/Shared/` is named as it is.
            let parts = path.split(separator: "/")
            let isVendors = parts.count == 3 && parts[0] == "Adapters" && parts[1] != "Shared"
            let pattern = isVendors ? "Adapters/<Provider>/\(parts[2])/" : path + "/"
            #expect(rows.contains { $0.path == pattern }, "the layout table lacks \(pattern) (target \(name))")
        }
    }

    @Test func theRuntimesRowsNameEachOfTheirFolders() throws {
        // The vocabulary, the provider-author kit and the runtime: one row each.
        var count = 0
        for module in ["PushBridgeCore", "PushBridgeProviderKit", "PushBridge"] {
            let row = try #require(try Self.layoutRows().first { $0.path == "Sources/\(module)/" })
            let folders = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Sources/\(module)").path)
                .filter { !$0.hasSuffix(".docc") && !$0.hasSuffix(".swift") }
            count += folders.count
            for folder in folders { #expect(row.text.contains("`\(folder)/`"), "Sources/\(module)'s row lacks \(folder)/") }
        }
        #expect(count >= 9, "the folders of the vocabulary, the kit and the runtime were found")
    }

    @Test func theDrawingIsTheCommandsWholeOutput() throws {
        let readme = try Self.text("README.md")
        let block = try #require(readme.components(separatedBy: "```mermaid\n").dropFirst().first?.components(separatedBy: "```").first)
        let output = CommandLineTool(io: .memory()).run(["matrix", "--format", "mermaid"])
        #expect(output.status == 0)
        #expect(block == output.standardOutput, "regenerate the README's drawing with `swift run pushbridge matrix --format mermaid`")
    }
}
