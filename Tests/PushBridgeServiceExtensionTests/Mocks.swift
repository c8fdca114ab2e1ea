import Foundation
import PushBridge
import PushBridgeServiceExtension
import PushBridgeTesting

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A reporter that claims payloads with `key` and answers only when the test says so (or never).
final class MockReporter: ServiceExtensionReporter, @unchecked Sendable {
    // @unchecked: `pending` and `calls` are guarded by `lock`.
    let provider: PushProviderID
    let key: String
    let answerAtOnce: ServiceExtensionReport?
    private let lock = NSLock()
    private var pending: [@Sendable (ServiceExtensionReport) -> Void] = []
    private(set) var calls = 0

    init(_ provider: PushProviderID, key: String, answerAtOnce: ServiceExtensionReport? = nil) {
        self.provider = provider
        self.key = key
        self.answerAtOnce = answerAtOnce
    }

    func claims(_ payload: JSONObject) -> Bool { payload[key] != nil }

    func report(_ request: ServiceExtensionRequest, completion: @escaping @Sendable (ServiceExtensionReport) -> Void) {
        lock.lock()
        calls += 1
        if answerAtOnce == nil { pending.append(completion) }
        lock.unlock()
        if let answerAtOnce { completion(answerAtOnce) }
    }

    /// Answers every pending report with `report`.
    func answer(_ report: ServiceExtensionReport = .reported()) {
        lock.lock()
        let waiting = pending
        pending = []
        lock.unlock()
        for completion in waiting { completion(report) }
    }
}

/// A downloader that answers after `delay` seconds on the manual scheduler (or at once), and
/// records what it was asked and whether it was cancelled.
final class MockDownloader: MediaDownloader, @unchecked Sendable {
    // @unchecked: the counters are guarded by `lock`.
    let scheduler: ManualScheduler?
    let delay: Double
    let result: Result<DownloadedMedia, PushError>
    private let lock = NSLock()
    private(set) var requested: [(url: URL, maxBytes: Int)] = []
    private(set) var cancelled = 0
    private var manual: [@Sendable () -> Void] = []

    init(scheduler: ManualScheduler? = nil, delay: Double = 0, result: Result<DownloadedMedia, PushError>) {
        self.scheduler = scheduler
        self.delay = delay
        self.result = result
    }

    /// A downloader whose file is `bytes` long with `type`.
    convenience init(scheduler: ManualScheduler? = nil, delay: Double = 0, bytes: Int = 1_000, type: String? = "image/png") {
        self.init(
            scheduler: scheduler, delay: delay,
            result: .success(DownloadedMedia(fileURL: URL(fileURLWithPath: "/tmp/media"), byteCount: bytes, mediaType: type)))
    }

    func download(_ url: URL, maxBytes: Int, completion: @escaping @Sendable (Result<DownloadedMedia, PushError>) -> Void) -> ScheduledWork {
        lock.lock()
        requested.append((url, maxBytes))
        lock.unlock()
        let result = self.result
        let cancel = ScheduledWork { [self] in
            lock.lock()
            cancelled += 1
            lock.unlock()
        }
        if let scheduler {
            // Deliberately not cancelled with the token: a slow network still answers late.
            _ = scheduler.schedule(after: delay) { completion(result) }
        } else if delay < 0 {
            lock.lock()
            manual.append { completion(result) }
            lock.unlock()
        } else {
            completion(result)
        }
        return cancel
    }

    /// Answers the downloads held back (made with a negative delay and no scheduler).
    func answer() {
        lock.lock()
        let waiting = manual
        manual = []
        lock.unlock()
        for answer in waiting { answer() }
    }
}

/// Collects every call of a content handler.
final class HandlerCalls: @unchecked Sendable {
    // @unchecked: `outcomes` is guarded by `lock`.
    private let lock = NSLock()
    private var stored: [ServiceExtensionSessionOutcome] = []

    var outcomes: [ServiceExtensionSessionOutcome] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    var handler: @Sendable (ServiceExtensionSessionOutcome) -> Void {
        { [self] outcome in
            lock.lock()
            stored.append(outcome)
            lock.unlock()
        }
    }
}

/// A payload with `mutable-content` and `extra` members.
func payload(_ extra: [(String, JSONValue)] = []) -> JSONObject {
    var members: [(String, JSONValue)] = [("aps", ["alert": "Hello", "mutable-content": 1])]
    members += extra
    return JSONObject(members)
}

/// A payload naming `url` at Firebase's key.
func payload(image url: String, _ extra: [(String, JSONValue)] = []) -> JSONObject {
    payload([("fcm_options", ["image": .string(url)])] + extra)
}

/// A fresh empty directory.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("pb-ledger-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Another process's hold on a ledger's lock: an exclusive `flock` on its own descriptor of the
/// lock file (a second open file, so it excludes this process's ledger calls too).
final class LockHolder: Sendable {
    private let descriptor: Int32

    init(_ lockFile: URL) throws {
        descriptor = open(lockFile.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { throw CocoaError(.fileLocking) }
    }

    func release() { close(descriptor) }
}
