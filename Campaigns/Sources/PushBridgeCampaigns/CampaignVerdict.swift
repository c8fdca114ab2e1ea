import PushBridgeCore
import PushBridgeServer

/// What a worker does with one target's result: record it, or leave the target unrecorded and
/// stop (a credential refusal pauses the campaign; a rate limit holds every worker back).
public enum CampaignVerdict: Sendable, Hashable {
    /// Record this result.
    case record(RecordedResult.Outcome)
    /// The provider refused the credentials or the connection's trust: pause the campaign with
    /// this reason; the target stays unrecorded, to be sent after `resume`.
    case pause(reason: String)
    /// The provider's rate limit held after the sender's retries: every worker of the campaign
    /// waits; the target stays unrecorded.
    case holdBack

    /// The verdict for `result` from `provider`'s sender.
    ///
    /// Credential and trust refusals are the senders' own fail-fast list, one list for both:
    /// a rejection the sender marked ``PushRejection/stopsTheSend`` (APNs `InvalidProviderToken`,
    /// `MissingProviderToken`, `ExpiredProviderToken` after one new token, `BadCertificate`,
    /// `BadCertificateEnvironment`; JPush 1004, 1008, 2003, 2004 or any 401; Getui 10001 after
    /// one new token; FCM 401 after one new access token, 403 but `SENDER_ID_MISMATCH`; no
    /// credential could be made; a server certificate the system does not trust, as the
    /// transports report it: see each sender's response reader for its sources).
    ///
    /// Rate limits: 429 from any provider, FCM `QUOTA_EXCEEDED`, APNs `TooManyRequests`, JPush
    /// 2001 and 2002, Getui 10003 and 10005, when still refused after the sender's retries.
    public static func of(_ result: PushSendResult, provider: PushProviderID) -> (verdict: CampaignVerdict, rejection: PushRejection?) {
        let rejection: PushRejection
        let final: Bool
        switch result.outcome {
        case .accepted: return (.record(.accepted), nil)
        case .rejected(let value): (rejection, final) = (value, true)
        case .failed(let value): (rejection, final) = (value, false)
        }
        if rejection.stopsTheSend {
            let what = rejection.code == "untrustedServer" ? "the server's TLS certificate is not trusted" : "refused the credentials"
            return (.pause(reason: "\(provider.rawValue) \(what): \(rejection)"), rejection)
        }
        if isRateLimit(rejection) { return (.holdBack, rejection) }
        if rejection.tokenIsDead { return (.record(.dead), rejection) }
        return (.record(final ? .rejected : .failed), rejection)
    }

    /// Whether `rejection` is a rate limit.
    static func isRateLimit(_ rejection: PushRejection) -> Bool {
        rejection.status == 429 || ["QUOTA_EXCEEDED", "TooManyRequests", "2001", "2002", "10003", "10005"].contains(rejection.code)
    }
}
