import Foundation
import PushBridgeCore

/// Handles one notification in a service extension: reports it to its provider, downloads the
/// media it names, runs the app's content hook and calls the content handler exactly once.
///
/// The three jobs run at once. The handler is called with the best outcome so far at the first
/// of: every job finished, the ``ServiceExtensionOptions/deadline`` passed, or
/// ``timeWillExpire()`` was called. Whatever answers later is ignored; the download and the
/// hook's task are cancelled. Before the handler, the outcome is appended to the
/// ``DeliveryLedger``, if one was given (a failure to write is not the notification's: the
/// notification is delivered, and the failure is the outcome's
/// ``ServiceExtensionSessionOutcome/ledgerProblem``).
///
/// The content hook is where an app changes what is shown — decrypts the body, sets a thread
/// identifier or a communication intent — without giving up the report, the ledger or the
/// deadline: `PushNotificationServiceExtension` runs its `modifyContent(_:for:)` here. The
/// system gives the extension limited time and then calls `serviceExtensionTimeWillExpire()`
/// "on a separate thread to give you one last chance to execute the block"
/// (https://developer.apple.com/documentation/usernotifications/unnotificationserviceextension/serviceextensiontimewillexpire()):
/// a hook that throws, or is still running then, leaves the content as received — with the
/// media, delivered once — and the outcome says so (``ServiceExtensionSessionOutcome/contentChange``).
///
/// Time is the injected `PushScheduler`, so tests advance a manual clock.
///
/// ```swift
/// let session = ServiceExtensionSession(
///     request: request, reporters: [jpush, getui], downloader: URLSessionMediaDownloader(),
///     ledger: try? DeliveryLedger(directory: groupURL))
/// session.start { outcome in deliver(outcome) }
/// // in serviceExtensionTimeWillExpire():
/// session.timeWillExpire()
/// ```
public final class ServiceExtensionSession: Sendable {
    private struct State: Sendable {
        var handler: (@Sendable (ServiceExtensionSessionOutcome) -> Void)?
        var started = false
        var finished = false
        var report: ServiceExtensionSessionOutcome.Report = .unfinished
        var attachment: ServiceExtensionSessionOutcome.Attachment = .unfinished
        var attachmentKey: AttachmentKey?
        var startedAt: Double = 0
        var contentChange: ServiceExtensionSessionOutcome.ContentChange = .none
        var deadline: ScheduledWork?
        var download: ScheduledWork?
        var hook: Task<Void, Never>?

        /// Whether every job has answered.
        var isComplete: Bool { report != .unfinished && attachment != .unfinished && contentChange != .unfinished }
    }

    private let request: ServiceExtensionRequest
    private let options: ServiceExtensionOptions
    private let reporters: [any ServiceExtensionReporter]
    private let downloader: any MediaDownloader
    private let scheduler: any PushScheduler
    private let ledger: DeliveryLedger?
    private let wallClock: @Sendable () -> Double
    private let modifyContent: (@Sendable (ServiceExtensionRequest) async throws -> Void)?
    private let state = Locked(State())

    /// A session for `request`.
    ///
    /// - Parameters:
    ///   - request: The notification.
    ///   - options: The deadline and attachment keys.
    ///   - reporters: The providers' reporters; the first that claims the payload reports it.
    ///   - downloader: What fetches the media.
    ///   - scheduler: The clock (`DispatchScheduler` in an extension).
    ///   - ledger: Where the outcome is recorded for the app, if anywhere.
    ///   - wallClock: Seconds since 1970 for the ledger's records.
    ///   - modifyContent: The app's content hook, if any: changes the content the caller
    ///     delivers, started with the other jobs and cancelled when the handler is called; what it
    ///     throws is the outcome's ``ServiceExtensionSessionOutcome/contentChange``.
    public init(
        request: ServiceExtensionRequest, options: ServiceExtensionOptions = ServiceExtensionOptions(),
        reporters: [any ServiceExtensionReporter] = [], downloader: any MediaDownloader, scheduler: any PushScheduler = DispatchScheduler(),
        ledger: DeliveryLedger? = nil, wallClock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 },
        modifyContent: (@Sendable (ServiceExtensionRequest) async throws -> Void)? = nil
    ) {
        self.request = request
        self.options = options
        self.reporters = reporters
        self.downloader = downloader
        self.scheduler = scheduler
        self.ledger = ledger
        self.wallClock = wallClock
        self.modifyContent = modifyContent
    }

    /// The provider the notification is attributed to: the first reporter's that claims it, else APNs.
    public var provider: PushProviderID { reporter?.provider ?? .apns }

    private var reporter: (any ServiceExtensionReporter)? { reporters.first { $0.claims(request.payload) } }

    /// Starts the report, the download, the content hook and the deadline; `contentHandler` is
    /// called exactly once, on whichever thread finishes the work (or the scheduler's). A second
    /// call is ignored.
    ///
    /// - Parameter contentHandler: Receives the outcome.
    public func start(_ contentHandler: @escaping @Sendable (ServiceExtensionSessionOutcome) -> Void) {
        let now = scheduler.now
        let first = state.withLock { state -> Bool in
            guard !state.started else { return false }
            state.started = true
            state.handler = contentHandler
            state.startedAt = now
            // Before any job can answer: the report or the download may complete at once.
            if modifyContent != nil { state.contentChange = .unfinished }
            return true
        }
        guard first else { return }
        let deadline = scheduler.schedule(after: options.deadline) { [self] in finish(.deadline) }
        state.withLock { $0.deadline = deadline }

        if let reporter {
            reporter.report(request) { [self] report in
                settle { state in
                    guard state.report == .unfinished else { return }
                    switch report {
                    case .reported(let attachments, let errors): state.report = .reported(vendorAttachments: attachments, vendorErrors: errors)
                    case .failed(let error): state.report = .failed(error)
                    }
                }
            }
        } else {
            state.withLock { $0.report = .notNeeded }
        }
        startDownload()
        startHook()
        let done = state.withLock { !$0.finished && $0.isComplete }
        if done { finish(.completed) }
    }

    /// Records one job's answer with `record` — the report, the download or the hook, each
    /// answering once — unless the session has finished, and finishes it when that answer was the
    /// last one awaited.
    private func settle(_ record: (inout State) -> Void) {
        let done = state.withLock { state -> Bool in
            guard !state.finished else { return false }
            record(&state)
            return state.isComplete
        }
        if done { finish(.completed) }
    }

    /// The system's `serviceExtensionTimeWillExpire()`: calls the content handler now with what
    /// is ready, unless it was called already.
    public func timeWillExpire() { finish(.timeWillExpire) }

    // MARK: The download

    private func startDownload() {
        guard options.downloadsMedia, let (key, url) = AttachmentLocator.locate(in: request.payload, keys: options.attachmentKeys) else {
            state.withLock { $0.attachment = .none }
            return
        }
        state.withLock { $0.attachmentKey = key }
        switch url {
        case .failure(let error):
            state.withLock { $0.attachment = .failed(error) }
        case .success(let url):
            let token = downloader.download(url, maxBytes: MediaKind.largestLimit) { [self] result in
                let attachment = Self.check(result, url: url, key: key)
                settle { state in
                    if state.attachment == .unfinished { state.attachment = attachment }
                }
            }
            let cancelNow = state.withLock { state -> Bool in
                state.download = token
                return state.finished
            }
            if cancelNow { token.cancel() }
        }
    }

    // MARK: The content hook

    private func startHook() {
        guard let modifyContent else { return }
        let request = request
        let task = Task { [self] in
            let change: ServiceExtensionSessionOutcome.ContentChange
            do {
                try await modifyContent(request)
                change = .applied
            } catch {
                change = .failed(Self.hookProblem(error))
            }
            settle { state in
                if state.contentChange == .unfinished { state.contentChange = change }
            }
        }
        let cancelNow = state.withLock { state -> Bool in
            state.hook = task
            return state.finished
        }
        if cancelNow { task.cancel() }
    }

    /// What the hook threw, as the outcome reports it: a `PushError` as is, any other error
    /// wrapped, named by its type only (its message may quote the payload).
    static func hookProblem(_ error: any Error) -> PushError {
        if let error = error as? PushError { return error }
        return PushError(.providerFailure, field: "modifyContent", "the content hook threw \(type(of: error))", underlying: error)
    }

    /// The download's result checked for kind and size.
    static func check(_ result: Result<DownloadedMedia, PushError>, url: URL, key: AttachmentKey) -> ServiceExtensionSessionOutcome.Attachment {
        switch result {
        case .failure(let error): return .failed(error)
        case .success(let media):
            guard let (kind, fileExtension) = MediaKind.classify(mediaType: media.mediaType, pathExtension: url.pathExtension) else {
                return .failed(
                    PushError(.unsupported, field: key.description, "the attachment is not an image, audio or video file the system accepts"))
            }
            guard media.byteCount <= kind.maximumBytes else {
                return .failed(
                    PushError(
                        .outOfRange, field: key.description,
                        "the \(kind.rawValue) attachment has \(media.byteCount) bytes, more than the system's \(kind.maximumBytes)"))
            }
            return .downloaded(media, kind: kind, fileExtension: fileExtension)
        }
    }

    // MARK: The end

    private func finish(_ ending: ServiceExtensionSessionOutcome.Ending) {
        let now = scheduler.now
        let taken = state.withLock {
            state -> (ServiceExtensionSessionOutcome, @Sendable (ServiceExtensionSessionOutcome) -> Void, [ScheduledWork], Task<Void, Never>?)? in
            guard state.started, !state.finished, let handler = state.handler else { return nil }
            state.finished = true
            state.handler = nil
            let outcome = ServiceExtensionSessionOutcome(
                provider: reporter?.provider ?? .apns, requestIdentifier: request.identifier, ending: ending, report: state.report,
                attachment: state.attachment, contentChange: state.contentChange, attachmentKey: state.attachmentKey, elapsed: now - state.startedAt)
            let tokens = [state.deadline, state.download].compactMap { $0 }
            return (outcome, handler, tokens, state.hook)
        }
        guard let (finished, handler, tokens, hook) = taken else { return }
        var outcome = finished
        for token in tokens { token.cancel() }
        hook?.cancel()
        if let ledger {
            do {
                try ledger.append(DeliveryRecord(outcome, time: wallClock()))
            } catch {
                outcome.ledgerProblem = error
            }
        }
        handler(outcome)
    }
}
