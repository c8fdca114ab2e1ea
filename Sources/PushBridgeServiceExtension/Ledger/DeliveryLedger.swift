import Foundation
import PushBridgeCore

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// What each notification's service extension did, kept in a JSON Lines file in the app
/// group's container: the extensions append, the app drains.
///
/// One ``DeliveryRecord`` a line, the newest last, at most ``maxRecords``. The extension and
/// the app are separate processes sharing the directory through the app group
/// (https://developer.apple.com/documentation/xcode/configuring-app-groups), and the system may
/// run several extension processes, or several requests in one, at once (an inference: Apple does
/// not say; app developers report the second). Nothing is lost between them:
///
/// - Every change — ``append(_:)``, ``drain()``, ``removeAll()`` — reads and rewrites the file
///   while it holds an exclusive `flock(2)` on a lock file beside it
///   (`PushBridgeDeliveries.lock`), so no record appended by one process is overwritten by
///   another's write, and ``drain()`` reads and empties the file in one step: a record is
///   drained exactly once. `flock` locks an open file, so two threads of one process exclude
///   each other too; the lock goes with the process if it dies.
/// - The file is replaced atomically (written aside, then renamed), so ``records()``, which
///   takes no lock, never sees half a line — the "atomic safe save operations on flat files"
///   Apple recommends to extensions instead of file coordination (TN2408,
///   https://developer.apple.com/library/archive/technotes/tn2408/_index.html).
/// - The lock is held for one read and one write of a few kilobytes, never across a
///   suspension: iOS ends a process that holds a file lock in a shared container when it is
///   suspended (exception code `0xdead10cc`, "Understanding the exception types in a crash
///   report",
///   https://developer.apple.com/documentation/xcode/understanding-the-exception-types-in-a-crash-report).
///   A process waits for the lock at most ``lockTimeout`` seconds, then the call throws
///   (`timeout`) rather than hold back a notification.
///
/// Beyond ``maxRecords`` (an app that has not drained for a long time) the oldest records are
/// dropped, and counted: ``Drained/dropped`` says how many. Lines that cannot be read (from
/// another version, say) are skipped by ``records()`` and counted by ``drain()``.
///
/// ```swift
/// // In the app:
/// let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.app")!
/// let ledger = try DeliveryLedger(directory: container)
/// let drained = try ledger.drain()
/// for record in drained.records { print(record.provider, record.ending) }
/// ```
public struct DeliveryLedger: Sendable {
    /// What ``DeliveryLedger/drain()`` took out of the ledger.
    public struct Drained: Sendable, Hashable {
        /// The records, oldest first.
        public var records: [DeliveryRecord]
        /// Records dropped since the last drain because the ledger held ``DeliveryLedger/maxRecords``.
        public var dropped: Int
        /// Lines that could not be read as a record (another version's, a damaged file), removed
        /// with the rest.
        public var unreadable: Int
    }

    /// The file's name in the directory.
    public static let fileName = "PushBridgeDeliveries.jsonl"
    /// The lock file's name in the directory: every change holds an exclusive `flock` on it.
    public static let lockFileName = "PushBridgeDeliveries.lock"
    /// The file.
    public let fileURL: URL
    /// The lock file.
    public let lockFileURL: URL
    /// The most records kept.
    public let maxRecords: Int
    /// The longest a change waits for another process's lock, in seconds, before it throws.
    public let lockTimeout: Double

    /// The ledger in `directory` (the app group's container), keeping at most `maxRecords`.
    ///
    /// - Parameters:
    ///   - directory: An existing directory both the app and the extension can write.
    ///   - maxRecords: The bound, at least 1 (200 by default: a few tens of kilobytes).
    ///   - lockTimeout: The longest wait for the lock, in seconds; 2 by default: far longer than
    ///     one change holds it (milliseconds), far shorter than the margin the session's default
    ///     deadline leaves before the system's (5 s, ``ServiceExtensionOptions/deadline``).
    /// - Throws: `PushError` with code `invalidConfiguration` when `directory` is not a directory.
    public init(directory: URL, maxRecords: Int = 200, lockTimeout: Double = 2) throws(PushError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw PushError(.invalidConfiguration, field: "directory", "the delivery ledger's directory does not exist: is the app group set up?")
        }
        fileURL = directory.appendingPathComponent(Self.fileName)
        lockFileURL = directory.appendingPathComponent(Self.lockFileName)
        self.maxRecords = max(1, maxRecords)
        self.lockTimeout = max(0, lockTimeout)
    }

    /// Appends `record`, dropping (and counting) the oldest beyond ``maxRecords``.
    ///
    /// - Parameter record: The record.
    /// - Throws: `PushError` with code `timeout` when another process held the lock for
    ///   ``lockTimeout`` seconds, `providerFailure` when the file cannot be written.
    public func append(_ record: DeliveryRecord) throws(PushError) {
        try locked { () throws(PushError) in
            var contents = read()
            contents.lines.append(Self.encode(record))
            let excess = contents.lines.count - maxRecords
            if excess > 0 {
                contents.lines.removeFirst(excess)
                contents.dropped += excess
            }
            try write(contents)
        }
    }

    /// Every record, oldest first, left in the ledger: a look, not a take (``drain()`` takes).
    ///
    /// - Returns: The records; empty when there is no file yet.
    public func records() -> [DeliveryRecord] {
        let decoder = JSONDecoder()
        return read().lines.compactMap { try? decoder.decode(DeliveryRecord.self, from: Data($0.utf8)) }
    }

    /// Takes every record out of the ledger in one step: what it returns is gone from the file,
    /// and a record an extension appends meanwhile is either returned now or left for the next
    /// drain — never both, never neither.
    ///
    /// - Returns: The records, oldest first, and what was dropped or unreadable.
    /// - Throws: `PushError` with code `timeout` when another process held the lock for
    ///   ``lockTimeout`` seconds, `providerFailure` when the file cannot be written.
    public func drain() throws(PushError) -> Drained {
        try locked { () throws(PushError) -> Drained in
            let contents = read()
            try write(Contents())
            let decoder = JSONDecoder()
            let records = contents.lines.compactMap { try? decoder.decode(DeliveryRecord.self, from: Data($0.utf8)) }
            return Drained(records: records, dropped: contents.dropped, unreadable: contents.lines.count - records.count)
        }
    }

    /// Empties the ledger, whatever it holds. Reading with ``records()`` and then calling this
    /// loses what an extension appended in between: ``drain()`` reads and empties at once.
    ///
    /// - Throws: `PushError` with code `timeout` when another process held the lock for
    ///   ``lockTimeout`` seconds, `providerFailure` when the file cannot be written.
    public func removeAll() throws(PushError) {
        try locked { () throws(PushError) in try write(Contents()) }
    }

    // MARK: The file

    /// The file's record lines and the count of records the bound dropped, kept as its first
    /// line (`{"dropped":N}`) until the next drain.
    private struct Contents {
        var lines: [String] = []
        var dropped = 0
    }

    private static let droppedPrefix = #"{"dropped":"#

    /// The file's contents; none if it is absent or unreadable. A file grown past the bound's
    /// reasonable size (by a writer of another version) is read only from its end.
    private func read() -> Contents {
        guard let data = try? Data(contentsOf: fileURL) else { return Contents() }
        let limit = maxRecords * 4_096
        let tail = data.count > limit ? data.suffix(limit) : data
        var lines = String(decoding: tail, as: UTF8.self).split(separator: "\n").map(String.init)
        // A tail cut mid-line starts with a fragment: drop it.
        if data.count > limit { lines.removeFirst(min(1, lines.count)) }
        var contents = Contents()
        for line in lines {
            if line.hasPrefix(Self.droppedPrefix), line.hasSuffix("}"), let count = Int(line.dropFirst(Self.droppedPrefix.count).dropLast()) {
                contents.dropped += count
            } else {
                contents.lines.append(line)
            }
        }
        return contents
    }

    private func write(_ contents: Contents) throws(PushError) {
        let lines = (contents.dropped > 0 ? [Self.droppedPrefix + "\(contents.dropped)}"] : []) + contents.lines
        let text = lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
        do {
            try Data(text.utf8).write(to: fileURL, options: .atomic)
        } catch {
            throw PushError(.providerFailure, field: "directory", "the delivery ledger cannot be written", underlying: error)
        }
    }

    /// Runs `body` holding an exclusive `flock` on the lock file, waiting at most
    /// ``lockTimeout`` seconds for it; closing the descriptor releases the lock.
    private func locked<Value>(_ body: () throws(PushError) -> Value) throws(PushError) -> Value {
        let descriptor = open(lockFileURL.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw PushError(.providerFailure, field: "directory", "the delivery ledger's lock file cannot be opened (errno \(errno))")
        }
        defer { close(descriptor) }
        let start = ProcessInfo.processInfo.systemUptime
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let reason = errno
            guard reason == EWOULDBLOCK || reason == EINTR else {
                throw PushError(.providerFailure, field: "directory", "the delivery ledger cannot be locked (errno \(reason))")
            }
            guard ProcessInfo.processInfo.systemUptime - start < lockTimeout else {
                throw PushError(.timeout, field: "directory", "another process held the delivery ledger's lock for \(lockTimeout) s")
            }
            usleep(1_000)
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    private static func encode(_ record: DeliveryRecord) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(record) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
