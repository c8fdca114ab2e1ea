import PushBridgeCore

/// What a service extension did with one notification: the content handler's one argument.
public struct ServiceExtensionSessionOutcome: Sendable, Equatable {
    /// Why the content handler was called.
    public enum Ending: String, Sendable, Hashable, CaseIterable {
        /// The report and the download both finished.
        case completed
        /// The session's own deadline passed first.
        case deadline
        /// The system called `serviceExtensionTimeWillExpire()` first.
        case timeWillExpire

        /// Whether the two are the same case (by case, not by comparing raw strings).
        public static func == (lhs: Ending, rhs: Ending) -> Bool { lhs.ordinal == rhs.ordinal }

        /// Hashes the case, not its raw value.
        public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }

        /// The case's position in the declaration, which `==` compares and `hash(into:)` hashes:
        /// `RawRepresentable`'s defaults, which a raw-value enum gets otherwise, build and compare the
        /// raw strings at each use (`Benchmarks/README.md`, "What an app ships").
        private var ordinal: Int {
            switch self {
            case .completed: 0
            case .deadline: 1
            case .timeWillExpire: 2
            }
        }
    }

    /// How the provider's report went.
    public enum Report: Sendable, Equatable {
        /// No reporter claimed the notification (APNs: nothing to report).
        case notNeeded
        /// The SDK answered.
        case reported(vendorAttachments: Int, vendorErrors: Int)
        /// The report failed.
        case failed(PushError)
        /// The SDK had not answered when the handler was called.
        case unfinished
    }

    /// What became of the rich-media attachment.
    public enum Attachment: Sendable, Equatable {
        /// The payload names none (or downloads are off).
        case none
        /// Downloaded, of a supported kind and within its limit.
        case downloaded(DownloadedMedia, kind: MediaKind, fileExtension: String)
        /// Not fetched, or fetched and refused: a bad URL, a wrong type, too large, a failed download.
        case failed(PushError)
        /// Still downloading when the handler was called.
        case unfinished
    }

    /// What became of the app's content hook (`PushNotificationServiceExtension`'s
    /// `modifyContent(_:for:)`; the session's `modifyContent`).
    public enum ContentChange: Sendable, Equatable {
        /// The session was given no hook: the content is delivered as received.
        case none
        /// The hook returned before the handler was called: its content is delivered.
        case applied
        /// The hook threw: the content is delivered as received, and this is the error (a
        /// `PushError` it threw as is; any other wrapped as `providerFailure`, field
        /// `modifyContent`, the original as its `underlying` error).
        case failed(PushError)
        /// The hook had not returned when the handler was called (the deadline, or
        /// `serviceExtensionTimeWillExpire()`): it is cancelled, its late result ignored, and the
        /// content delivered as received.
        case unfinished
    }

    /// The provider the notification was attributed to (`apns` when no reporter claimed it).
    public var provider: PushProviderID
    /// The request's identifier.
    public var requestIdentifier: String
    /// Why the handler was called.
    public var ending: Ending
    /// The report's outcome.
    public var report: Report
    /// The attachment's outcome.
    public var attachment: Attachment
    /// The content hook's outcome.
    public var contentChange: ContentChange = .none
    /// Why the outcome could not be appended to the ``DeliveryLedger``, if it could not (the
    /// notification is delivered all the same).
    public var ledgerProblem: PushError?
    /// The payload key the attachment URL came from, if any.
    public var attachmentKey: AttachmentKey?
    /// Seconds from the start to the handler, on the session's scheduler.
    public var elapsed: Double

    /// The downloaded file, when there is one.
    public var downloadedMedia: DownloadedMedia? {
        if case .downloaded(let media, _, _) = attachment { return media }
        return nil
    }
}
