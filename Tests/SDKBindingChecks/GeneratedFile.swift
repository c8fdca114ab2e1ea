import Foundation

/// A file the tests generate and the repository commits: the test fails when the committed one
/// differs, and rewrites it when `PUSHBRIDGE_REGENERATE_BINDING_CHECKS=1` is set.
package enum GeneratedFile {
    /// The error of a committed file that is not what the tables generate.
    package struct Stale: Error, CustomStringConvertible {
        package var path: String
        package var description: String {
            "\(path) is not what the tables generate: run PUSHBRIDGE_REGENERATE_BINDING_CHECKS=1 swift test --filter CheckOnlySourceTests and commit it"
        }
    }

    /// Throws ``Stale`` unless the file at `path` (relative to the package root) holds `text`;
    /// writes it instead when regenerating.
    package static func expect(_ text: String, at path: String) throws {
        let url = BridgeSource.packageRoot().appendingPathComponent(path)
        if ProcessInfo.processInfo.environment["PUSHBRIDGE_REGENERATE_BINDING_CHECKS"] == "1" {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
            return
        }
        let committed = try? String(contentsOf: url, encoding: .utf8)
        guard committed == text else { throw Stale(path: path) }
    }
}
