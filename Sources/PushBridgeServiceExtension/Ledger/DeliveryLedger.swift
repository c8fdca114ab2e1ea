import Foundation
@_spi(ProviderAuthor) import PushBridge

/// The deliveries a service extension handled, as a bounded JSON Lines file in the app group's
/// container: the extension appends, the app reads.
///
/// One ``DeliveryRecord`` a line, the newest last, at most ``maxRecords`` (the oldest dropped).
/// Every write replaces the file atomically, so a reader never sees half a line; lines that
/// cannot be read (from another version, say) are skipped. The extension and the app are
/// separate processes sharing the directory through the app group
/// (https://developer.apple.com/documentation/xcode/configuring-app-groups); two extension
/// processes writing at the same instant may lose one record (the last writer wins — a known
/// limit, not guarded by a file lock).
///
/// ```swift
/// // In the app:
/// let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.app")!
/// let ledger = try DeliveryLedger(directory: container)
/// for record in try ledger.records() { print(record.provider, record.ending) }
/// try ledger.removeAll()
/// ```
public struct DeliveryLedger: Sendable {
    /// The file's name in the directory.
    public static let fileName = "PushBridgeDeliveries.jsonl"

    /// The file.
    public let fileURL: URL
    /// The most records kept.
    public let maxRecords: Int

    /// The ledger in `directory` (the app group's container), keeping at most `maxRecords`.
    ///
    /// - Parameters:
    ///   - directory: An existing directory both the app and the extension can write.
    ///   - maxRecords: The bound, at least 1 (200 by default: a few tens of kilobytes).
    /// - Throws: `PushError` with code `invalidConfiguration` when `directory` is not a directory.
    public init(directory: URL, maxRecords: Int = 200) throws(PushError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw PushError(.invalidConfiguration, field: "directory", "the delivery ledger's directory does not exist: is the app group set up?")
        }
        fileURL = directory.appendingPathComponent(Self.fileName)
        self.maxRecords = max(1, maxRecords)
    }

    /// Appends `record`, dropping the oldest beyond ``maxRecords``.
    ///
    /// - Parameter record: The record.
    /// - Throws: `PushError` with code `providerFailure` when the file cannot be written.
    public func append(_ record: DeliveryRecord) throws(PushError) {
        var lines = readLines()
        lines.append(Self.encode(record))
        if lines.count > maxRecords { lines.removeFirst(lines.count - maxRecords) }
        try write(lines)
    }

    /// Every record, oldest first.
    ///
    /// - Returns: The records; empty when there is no file yet.
    public func records() -> [DeliveryRecord] {
        let decoder = JSONDecoder()
        return readLines().compactMap { try? decoder.decode(DeliveryRecord.self, from: Data($0.utf8)) }
    }

    /// Empties the ledger (the app, once it has read what it needs).
    ///
    /// - Throws: `PushError` with code `providerFailure` when the file cannot be written.
    public func removeAll() throws(PushError) { try write([]) }

    // MARK: The file

    /// The file's non-empty lines; none if it is absent or unreadable. A file grown past the
    /// bound's reasonable size (by another writer) is read only from its end.
    private func readLines() -> [String] {
        guard let data = try? Data(contentsOf: fileURL) else { return [] }
        let limit = maxRecords * 4_096
        let tail = data.count > limit ? data.suffix(limit) : data
        let lines = String(decoding: tail, as: UTF8.self).split(separator: "\n").map(String.init)
        // A tail cut mid-line starts with a fragment: drop it.
        return data.count > limit ? Array(lines.dropFirst()) : lines
    }

    private func write(_ lines: [String]) throws(PushError) {
        let text = lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
        do {
            try Data(text.utf8).write(to: fileURL, options: .atomic)
        } catch {
            throw PushError(.providerFailure, field: "directory", "the delivery ledger cannot be written", underlying: error)
        }
    }

    private static func encode(_ record: DeliveryRecord) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(record) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
