import Foundation
import PushBridgeCore

/// What became of one target of a send: accepted with the provider's message ID, rejected with
/// the provider's code, or failed after the retry budget ran out.
public struct PushSendResult: Sendable, Hashable, CustomStringConvertible {
    /// The target.
    public var target: PushTarget
    /// What became of it.
    public var outcome: Outcome
    /// How many requests carried it (1 when no retry was needed).
    public var attempts: Int

    /// A result from its parts.
    public init(target: PushTarget, outcome: Outcome, attempts: Int) {
        self.target = target
        self.outcome = outcome
        self.attempts = attempts
    }

    /// What became of a target.
    public enum Outcome: Sendable, Hashable {
        /// The provider took it. `messageID` is what the app's events report for this message:
        /// APNs' `apns-id`, JPush's `msg_id` (`_j_msgid` on the device), Getui's task ID.
        case accepted(messageID: String)
        /// The provider refused it; sending it again as it is would be refused again.
        case rejected(PushRejection)
        /// It could not be sent within the retry budget (the last reason attached).
        case failed(PushRejection)
    }

    /// The provider's message ID, when accepted.
    public var messageID: String? {
        if case .accepted(let id) = outcome { return id }
        return nil
    }

    /// Whether the target's token or ID is dead: remove it from your database.
    public var tokenIsDead: Bool {
        if case .rejected(let rejection) = outcome { return rejection.tokenIsDead }
        return false
    }

    /// Whether the provider found no target for the audience (JPush's 1011): not that the
    /// target is gone. Keep it; see ``PushRejection/audienceMatchedNothing``.
    public var audienceMatchedNothing: Bool {
        if case .rejected(let rejection) = outcome { return rejection.audienceMatchedNothing }
        return false
    }

    /// `deviceToken ••••cf77: accepted 6E2F… (1 attempt)`.
    public var description: String {
        let what: String
        switch outcome {
        case .accepted(let id): what = "accepted \(id)"
        case .rejected(let rejection): what = "rejected \(rejection)"
        case .failed(let rejection): what = "failed \(rejection)"
        }
        return "\(target): \(what) (\(attempts) attempt\(attempts == 1 ? "" : "s"))"
    }
}

/// Why a provider refused a target.
public struct PushRejection: Sendable, Hashable, CustomStringConvertible {
    /// The HTTP status (0 when no response came).
    public var status: Int
    /// The provider's code: APNs' `reason` (`Unregistered`), JPush's and Getui's number as text.
    public var code: String
    /// The provider's message, or the transport's.
    public var message: String
    /// Whether the token or ID will never work again: the provider says the target is gone.
    public var tokenIsDead: Bool
    /// Since when, when the provider says (APNs' `timestamp` with 410).
    public var deadSince: Date?
    /// Whether the provider found no target satisfying the audience, which says nothing of
    /// whether the target is gone: JPush's 1011 ("没有满足条件的推送目标"), which also answers a
    /// registration ID whose device has not uploaded its APNs token yet (JPush advises waiting
    /// 10 minutes after a first integration), or an ID of another platform. Never dead.
    public var audienceMatchedNothing: Bool
    /// Whether the reason holds for every target of the send, not this one alone: the
    /// credentials were refused (APNs' `InvalidProviderToken`, `ExpiredProviderToken` after one
    /// new token; JPush's 1004; Getui's 10001 after one new token; FCM's 401 after one new token)
    /// or the server's TLS certificate is not trusted. The send stops at the first such
    /// rejection: the targets not yet sent carry it with no request (`attempts` 0).
    public var stopsTheSend: Bool
    /// How long the provider asked to wait before trying again, in seconds, when the sender
    /// gave up on a refusal that said so: HTTP `Retry-After` (APNs' 429, FCM's
    /// `QUOTA_EXCEEDED`, any 503 that carries it) or JPush's `X-Rate-Limit-Reset` on its rate
    /// limit; `nil` when the last answer named no wait. For a caller that tries later (a
    /// campaign holding its workers back): the sender's own retries already honoured it.
    public var retryAfter: Double? = nil

    /// A rejection from its parts.
    public init(
        status: Int, code: String, message: String, tokenIsDead: Bool = false, deadSince: Date? = nil, audienceMatchedNothing: Bool = false,
        stopsTheSend: Bool = false
    ) {
        self.status = status
        self.code = code
        self.message = message
        self.tokenIsDead = tokenIsDead
        self.deadSince = deadSince
        self.audienceMatchedNothing = audienceMatchedNothing
        self.stopsTheSend = stopsTheSend
    }

    /// `410 Unregistered (dead token)`.
    public var description: String {
        var text = status == 0 ? code : "\(status) \(code)"
        if !message.isEmpty, message != code { text += ": \(message)" }
        if tokenIsDead { text += " (dead token)" }
        if audienceMatchedNothing { text += " (no target matched the audience)" }
        if stopsTheSend { text += " (the send stopped)" }
        return text
    }
}
