/// What an opt-in module keeps beside a ``PushClient`` (`PushBridgePushKit`: the subscribers of
/// `pushKitEvents()` and the last token of each kind), told what the client's provider reports
/// for it and when the client goes away.
///
/// The runtime knows it by this protocol only, so an app that does not link the module does not
/// link its code: VoIP and Live Activities are opt-in (issue 43: what an app links stays below
/// what the SDK it wraps adds).
package protocol PushClientAttachment: AnyObject, Sendable {
    /// A provider's SDK did not accept a token.
    func tokenForwardingFailed(_ kind: PushTokenKind, provider: PushProviderID, error: PushError)
    /// The client went away: ends what the module publishes.
    func finish()
}

/// The attachment of one client, and what its provider reported before the attachment came.
///
/// A class, not a struct: it never leaves its lock (`PushClientCore.attached`), which is what
/// makes it `Sendable` (hence `@unchecked`), and a struct needed a value witness table.
final class AttachmentRecord: @unchecked Sendable {
    var attachment: (any PushClientAttachment)?
    /// Token failures reported with nothing attached (a provider calling its SDK on its own):
    /// held for the attachment, never dropped in silence.
    var waiting: [(PushTokenKind, PushProviderID, PushError)] = []
    var isClosed = false
}

extension PushClientCore {
    /// A provider's SDK did not accept a token: to the attachment, or held for it.
    func tokenForwardingFailed(_ kind: PushTokenKind, provider: PushProviderID, error: PushError) {
        let attachment = attached.withLock { record -> (any PushClientAttachment)? in
            if record.attachment == nil, !record.isClosed { record.waiting.append((kind, provider, error)) }
            return record.attachment
        }
        attachment?.tokenForwardingFailed(kind, provider: provider, error: error)
    }

    /// The client went away: the attachment finishes.
    func closeAttachment() {
        let attachment = attached.withLock { record in
            record.isClosed = true
            record.waiting.removeAll()
            return record.attachment
        }
        attachment?.finish()
    }
}
