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
    /// Credential and trust refusals (each the provider's documented code):
    /// - APNs: `InvalidProviderToken`, `ExpiredProviderToken` (the sender already made a new
    ///   token once), `MissingProviderToken`, `BadCertificate`, `BadCertificateEnvironment`
    ///   (403: https://developer.apple.com/documentation/usernotifications/handling-notification-responses-from-apns);
    /// - JPush: 1004, "authentication failed" (https://docs.jiguang.cn/jpush/server/push/rest_api_v3_push/);
    /// - Getui: 10001 after the sender's one new token (https://docs.getui.com/getui/server/rest_v2/code);
    /// - FCM: 401 after one new access token, 403 but `SENDER_ID_MISMATCH`, as `FCMSender` stops on;
    /// - any: `credentials` (status 0: the sender could not make its credentials), and a failed
    ///   connection whose message names a certificate or trust (an inference: the transports
    ///   report an untrusted certificate as `couldNotConnect` with the system's text).
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
        if let reason = credentialFailure(rejection, provider: provider) { return (.pause(reason: reason), rejection) }
        if isRateLimit(rejection) { return (.holdBack, rejection) }
        if rejection.tokenIsDead { return (.record(.dead), rejection) }
        return (.record(final ? .rejected : .failed), rejection)
    }

    /// Why `rejection` is a credential or trust refusal, or `nil`.
    static func credentialFailure(_ rejection: PushRejection, provider: PushProviderID) -> String? {
        let reason = "\(provider.rawValue) refused the credentials: \(rejection)"
        if rejection.status == 0, rejection.code == "credentials" { return reason }
        if rejection.status == 0, rejection.code == "couldNotConnect" {
            let text = rejection.message.lowercased()
            if ["certificate", "trust", "ssl", "tls"].contains(where: { text.contains($0) }) {
                return "\(provider.rawValue): the connection's TLS certificate is not trusted: \(rejection.message)"
            }
        }
        switch provider.rawValue {
        case "apns":
            let codes: Set<String> = [
                "InvalidProviderToken", "ExpiredProviderToken", "MissingProviderToken", "BadCertificate", "BadCertificateEnvironment",
            ]
            return codes.contains(rejection.code) ? reason : nil
        case "jpush":
            return rejection.code == "1004" || rejection.status == 401 ? reason : nil
        case "getui":
            return rejection.code == "10001" ? reason : nil
        case "fcm":
            return rejection.status == 401 || (rejection.status == 403 && rejection.code != "SENDER_ID_MISMATCH") ? reason : nil
        default:
            return rejection.status == 401 ? reason : nil
        }
    }

    /// Whether `rejection` is a rate limit.
    static func isRateLimit(_ rejection: PushRejection) -> Bool {
        rejection.status == 429 || ["QUOTA_EXCEEDED", "TooManyRequests", "2001", "2002", "10003", "10005"].contains(rejection.code)
    }
}
