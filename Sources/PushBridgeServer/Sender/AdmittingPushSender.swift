import PushBridgeCore

/// A sender that asks its caller before each target's request begins: the caller can hold a
/// request back (to bound the requests in flight of several sends together) or stop the send
/// between requests (a campaign worker stops a batch's send at another batch's credential
/// refusal or rate limit), and knows exactly which targets were sent.
///
/// APNs and FCM, which send one request per target, adopt it. JPush and Getui, whose one
/// request carries many targets, do not: a caller stops them by sending smaller audiences.
public protocol AdmittingPushSender: PushSender {
    /// Sends `message` to `audience` as ``PushSender/send(_:to:report:)`` does, but awaits
    /// `admit` before each target's request begins.
    ///
    /// - `admit` answering `true` lets the target's request begin; it may wait before answering
    ///   (for a permit shared with other sends).
    /// - `admit` answering `false` stops the send: no other request begins, `admit` is not asked
    ///   again, and the targets not admitted are never reported (the caller knows them unsent).
    ///   Requests already begun finish, with their retries, and are reported.
    /// - `report` is called exactly once for every admitted target, and only for those: a
    ///   target the sender turns down without a request (a malformed token, the sender's own
    ///   stop after a credential refusal, ``PushRejection/stopsTheSend``) is admitted first.
    ///
    /// - Throws: the same errors as ``PushSender/send(_:to:report:)``, before `admit` is asked.
    func send(
        _ message: PushMessage, to audience: PushAudience, admitting admit: @escaping @Sendable () async -> Bool,
        report: @escaping @Sendable (PushSendResult) -> Void
    ) async throws(PushError)
}

/// One send's admission: `admit` asked until it first answers `false`, never again after.
package final class Admission: Sendable {
    private let admit: @Sendable () async -> Bool
    private let refused = Locked(false)

    /// The admission of one send, asking `admit`.
    package init(_ admit: @escaping @Sendable () async -> Bool) { self.admit = admit }

    /// Whether the next target's request may begin.
    package func next() async -> Bool {
        if refused.withLock({ $0 }) { return false }
        if await admit() { return true }
        refused.withLock { $0 = true }
        return false
    }
}
