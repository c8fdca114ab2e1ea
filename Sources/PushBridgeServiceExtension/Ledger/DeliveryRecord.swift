import PushBridgeCore

/// One notification a service extension handled, as the ledger keeps it: which provider, which
/// request, how it ended — and nothing from the payload.
///
/// Only names PushBridge chose (the provider, the ending, the report's and the attachment's
/// state, error codes) and sizes; never a payload value, a URL or an error's message (which may
/// quote one).
public struct DeliveryRecord: Sendable, Hashable, Codable {
    /// Seconds since 1970 when the content handler was called.
    public var time: Double
    /// The provider the notification was attributed to (`jpush`, `getui`, `apns`).
    public var provider: String
    /// The system's request identifier (`UNNotificationRequest.identifier`).
    public var requestIdentifier: String
    /// Why the handler was called: `completed`, `deadline` or `timeWillExpire`.
    public var ending: String
    /// The report: `notNeeded`, `reported`, `failed` or `unfinished`.
    public var report: String
    /// The attachment: `none`, `image`, `audio`, `video`, `failed` or `unfinished`.
    public var attachment: String
    /// The attachment's size in bytes, when one was downloaded.
    public var attachmentBytes: Int?
    /// The app's content hook: `none`, `applied`, `failed` or `unfinished`; `nil` in a record
    /// written before the hook existed.
    public var content: String?
    /// Attachments the vendor's SDK supplied itself (Getui).
    public var vendorAttachments: Int
    /// The `PushError` code of each failure (the report's, the attachment's, then the content hook's).
    public var problems: [String]
    /// Seconds the extension took, on its scheduler.
    public var elapsed: Double

    /// A record of `outcome` at `time`.
    ///
    /// - Parameters:
    ///   - outcome: The session's outcome.
    ///   - time: Seconds since 1970.
    public init(_ outcome: ServiceExtensionSessionOutcome, time: Double) {
        self.time = time
        provider = outcome.provider.rawValue
        requestIdentifier = outcome.requestIdentifier
        ending = outcome.ending.rawValue
        var problems: [String] = []
        vendorAttachments = 0
        switch outcome.report {
        case .notNeeded: report = "notNeeded"
        case .reported(let attachments, _):
            report = "reported"
            vendorAttachments = attachments
        case .failed(let error):
            report = "failed"
            problems.append(error.code.rawValue)
        case .unfinished: report = "unfinished"
        }
        attachmentBytes = nil
        switch outcome.attachment {
        case .none: attachment = "none"
        case .downloaded(let media, let kind, _):
            attachment = kind.rawValue
            attachmentBytes = media.byteCount
        case .failed(let error):
            attachment = "failed"
            problems.append(error.code.rawValue)
        case .unfinished: attachment = "unfinished"
        }
        switch outcome.contentChange {
        case .none: content = "none"
        case .applied: content = "applied"
        case .failed(let error):
            content = "failed"
            problems.append(error.code.rawValue)
        case .unfinished: content = "unfinished"
        }
        self.problems = problems
        elapsed = outcome.elapsed
    }
}
