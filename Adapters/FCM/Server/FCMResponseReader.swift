import PushBridgeCore
import PushBridgeServer

/// What FCM's answer to one send means.
///
/// Source: FCM's reference, "projects.messages.send" (success: the `Message`, whose `name` is
/// `projects/*/messages/{message_id}`) and "ErrorCode"
/// (https://firebase.google.com/docs/reference/fcm/rest/v1/ErrorCode); the error's shape, a
/// `google.rpc.Status` `{"error": {"code", "message", "status", "details": [{"@type":
/// "type.googleapis.com/google.firebase.fcm.v1.FcmError", "errorCode": …}]}}`, from Firebase's
/// "FCM error codes" page (https://firebase.google.com/docs/cloud-messaging/error-codes). The
/// retry rules are "Best practices when sending at scale" (…/cloud-messaging/scale-fcm): honour
/// `Retry-After`, else back off with jitter; retry 500 and 503, never 400, 401, 403 or 404.
///
/// | `errorCode` (HTTP) | Verdict |
/// |---|---|
/// | `UNREGISTERED` (404) | rejected, the token dead: remove it |
/// | `INVALID_ARGUMENT` (400), `SENDER_ID_MISMATCH` (403) | rejected, not retried |
/// | `QUOTA_EXCEEDED` (429) | retried, no sooner than `Retry-After` |
/// | `UNAVAILABLE` (503), `INTERNAL` (500), any 5xx | retried with backoff |
/// | `THIRD_PARTY_AUTH_ERROR` (401) | rejected: the APNs key or certificate in Firebase's console is wrong; the whole send stops |
/// | 401 without an FCM code (the access token refused) | a new access token once; a second refusal stops the whole send |
package enum FCMResponseReader {
    /// The `@type` of FCM's own error detail.
    package static let fcmErrorType = "type.googleapis.com/google.firebase.fcm.v1.FcmError"
    /// Codes worth trying again later.
    package static let retryableCodes: Set<String> = ["QUOTA_EXCEEDED", "UNAVAILABLE", "INTERNAL"]

    /// The verdict for `response`.
    package static func verdict(_ response: PushHTTPResponse) -> AttemptVerdict {
        let body = response.jsonBody?.objectValue
        if response.status == 200 {
            guard let name = body?["name"]?.stringValue, let id = messageID(name: name) else {
                return .done([
                    .rejected(PushRejection(status: 200, code: "unread", message: "FCM's answer has no message name (projects/…/messages/…)"))
                ])
            }
            return .done([.accepted(messageID: id)])
        }
        let rejection = self.rejection(response)
        if response.status == 401, rejection.code != "THIRD_PARTY_AUTH_ERROR" { return .reauthenticate(rejection) }
        if retryableCodes.contains(rejection.code) || response.status == 429 || response.status >= 500 {
            return .retry(rejection, after: RetryPolicy.seconds(retryAfter: response[header: "retry-after"]))
        }
        return .done([.rejected(rejection)])
    }

    /// The rejection an error answer says: FCM's `errorCode` when its detail is there, else the
    /// canonical `error.status` (`UNAUTHENTICATED`, `PERMISSION_DENIED`), else the HTTP status.
    package static func rejection(_ response: PushHTTPResponse) -> PushRejection {
        let error = response.jsonBody?["error"]?.objectValue
        var code: String?
        if case .array(let details)? = error?["details"] {
            code = details.first { $0["@type"]?.stringValue == fcmErrorType }?["errorCode"]?.stringValue
        }
        let status = error?["status"]?.stringValue
        let chosen = code ?? status ?? "HTTP \(response.status)"
        let message = explanation(chosen) ?? error?["message"]?.stringValue ?? ""
        var rejection = PushRejection(status: response.status, code: chosen, message: message, tokenIsDead: chosen == "UNREGISTERED")
        rejection.stopsTheSend = isCredentialFailure(rejection)
        return rejection
    }

    /// Whether `rejection` ends the whole send: no other target can succeed with these
    /// credentials (the access token refused twice, the service account not allowed to send,
    /// the APNs credentials in Firebase's console wrong).
    package static func isCredentialFailure(_ rejection: PushRejection) -> Bool {
        rejection.stopsTheSend || rejection.status == 401 || (rejection.status == 403 && rejection.code != "SENDER_ID_MISMATCH")
    }

    /// The `{message_id}` of `projects/{project}/messages/{message_id}`: what the device sees as
    /// `gcm.message_id`.
    package static func messageID(name: String) -> String? {
        guard let range = name.range(of: "/messages/"), name.hasPrefix("projects/") else { return nil }
        let id = String(name[range.upperBound...])
        return id.isEmpty ? nil : id
    }

    /// FCM's explanation of each code (the ErrorCode reference).
    package static func explanation(_ code: String) -> String? {
        switch code {
        case "UNREGISTERED": "the registration token is no longer valid (the app was uninstalled, or the token expired): stop sending to it"
        case "INVALID_ARGUMENT": "a field of the request is invalid (the token's format, a data key, the size)"
        case "SENDER_ID_MISMATCH": "the registration token belongs to another Firebase project"
        case "QUOTA_EXCEEDED": "the project's, the device's or the topic's sending rate was exceeded"
        case "UNAVAILABLE": "FCM is overloaded: retry later"
        case "INTERNAL": "FCM had an internal error: retry later"
        case "THIRD_PARTY_AUTH_ERROR":
            "APNs refused Firebase's credentials: the APNs authentication key (or certificate) uploaded in Firebase's console (Project settings → Cloud Messaging → Apple app configuration) is missing, wrong or revoked"
        case "UNAUTHENTICATED": "FCM refused the access token (the service account's key may have been deleted)"
        case "PERMISSION_DENIED": "the service account may not send through this project (it needs the Firebase Cloud Messaging API Admin role)"
        default: nil
        }
    }
}
