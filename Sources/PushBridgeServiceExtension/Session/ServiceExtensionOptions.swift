import PushBridgeCore

/// How a ``ServiceExtensionSession`` spends its time and where it looks for media.
public struct ServiceExtensionOptions: Sendable, Hashable {
    /// The time the system gives an extension: "no more than 30 seconds" to call the content
    /// handler before `serviceExtensionTimeWillExpire()`
    /// (https://developer.apple.com/documentation/usernotifications/unnotificationserviceextension).
    public static let systemBudget: Double = 30

    /// Seconds after `didReceive` by which the content handler is called with whatever is ready.
    /// The default, 25, leaves 5 s of the system's ~30 s for writing the ledger, building the
    /// attachment and delivering — a margin chosen here, not one Apple states.
    public var deadline: Double
    /// Where to look for the rich-media URL, in order.
    public var attachmentKeys: [AttachmentKey]
    /// Whether to download media at all.
    public var downloadsMedia: Bool

    /// Options with a deadline and the attachment keys.
    ///
    /// - Parameters:
    ///   - deadline: Seconds before the content handler is called regardless; clamped to
    ///     between 0 and ``systemBudget``.
    ///   - attachmentKeys: Where the payload may name its media (``AttachmentKey/defaults``).
    ///   - downloadsMedia: Whether to download it.
    public init(deadline: Double = 25, attachmentKeys: [AttachmentKey] = AttachmentKey.defaults, downloadsMedia: Bool = true) {
        self.deadline = min(max(0, deadline), Self.systemBudget)
        self.attachmentKeys = attachmentKeys
        self.downloadsMedia = downloadsMedia
    }
}
