import Foundation
import PushBridgeCore
import PushBridgeServer

/// Reads an audience file in batches, in bounded memory: one target per line (blank lines and
/// lines starting with `#` skipped, spaces around a target trimmed), or, when the file starts
/// with `[` or `{`, the JSON of a list of strings or `{"targets": [...]}` (read whole: for
/// millions of targets, use lines).
public struct AudienceReader {
    /// The file's path, or `-` for standard input.
    public var path: String
    /// Targets per batch.
    public var batchSize: Int

    /// A reader of `path`, `batchSize` targets per batch (1,000 by default).
    public init(path: String, batchSize: Int = 1_000) {
        self.path = path
        self.batchSize = max(1, batchSize)
    }

    /// Calls `body` with each batch, in order; the number of targets read.
    ///
    /// - Throws: ``CampaignError`` naming `--audience` and the line of a target that is not
    ///   one (it contains a space, a comma or a control character), or a JSON file of another
    ///   shape; `body`'s errors.
    @discardableResult
    public func forEachBatch(_ body: ([String]) async throws -> Void) async throws -> Int {
        let handle: FileHandle
        if path == "-" {
            handle = .standardInput
        } else {
            guard let file = FileHandle(forReadingAtPath: path) else { throw CampaignError("--audience", "\(path) cannot be opened") }
            handle = file
        }
        defer { if path != "-" { try? handle.close() } }
        var batch: [String] = []
        batch.reserveCapacity(batchSize)
        var total = 0
        var buffer: [UInt8] = []
        var lineNumber = 0
        var first = true
        while true {
            let chunk = [UInt8](try handle.read(upToCount: 1 << 16) ?? Data())
            if first, let start = chunk.first(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }),
                start == UInt8(ascii: "[") || start == UInt8(ascii: "{")
            {
                var all = chunk
                while let more = try handle.read(upToCount: 1 << 20), !more.isEmpty { all += more }
                let ids = try Self.json(all)
                for part in ids.chunked(batchSize) { try await body(part) }
                return ids.count
            }
            first = false
            var lines: [ArraySlice<UInt8>] = []
            if chunk.isEmpty {
                if !buffer.isEmpty { lines.append(buffer[...]) }
                buffer = []
            } else {
                buffer += chunk
                var start = buffer.startIndex
                while let newline = buffer[start...].firstIndex(of: 0x0A) {
                    lines.append(buffer[start..<newline])
                    start = newline + 1
                }
                buffer.removeSubrange(..<start)
            }
            for bytes in lines {
                lineNumber += 1
                let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                if line.isEmpty || line.hasPrefix("#") { continue }
                guard line.unicodeScalars.allSatisfy({ !$0.properties.isWhitespace && $0 != "," && $0.value >= 0x20 }) else {
                    throw CampaignError("--audience", "line \(lineNumber) is not one target (expected one token or ID per line, no spaces or commas)")
                }
                batch.append(line)
                total += 1
                if batch.count == batchSize {
                    try await body(batch)
                    batch.removeAll(keepingCapacity: true)
                }
            }
            if chunk.isEmpty { break }
        }
        if !batch.isEmpty { try await body(batch) }
        return total
    }

    static func json(_ bytes: [UInt8]) throws -> [String] {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes, limits: .init(maxDepth: 8, maxBytes: Int.max))
        } catch {
            throw CampaignError("--audience", "is not JSON: \(error)")
        }
        let list: [JSONValue]
        switch value {
        case .array(let items): list = items
        case .object(let object):
            guard case .array(let items)? = object["targets"] else {
                throw CampaignError("--audience", "expected {\"targets\": [\"…\", …]} or a list of strings")
            }
            list = items
        default: throw CampaignError("--audience", "expected a list of strings")
        }
        return try list.enumerated().map { index, item in
            guard case .string(let id) = item, !id.isEmpty else { throw CampaignError("--audience", "target \(index) is not a non-empty string") }
            return id
        }
    }
}

extension Array {
    fileprivate func chunked(_ size: Int) -> [[Element]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}
