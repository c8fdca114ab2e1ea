import Foundation
import PushBridgeCore
import PushBridgeServer

/// What APNs' answer to one request means.
///
/// Apple, "Handling notification responses from APNs"
/// (https://developer.apple.com/documentation/usernotifications/handling-notification-responses-from-apns):
/// 200 with the `apns-id` header is success (empty body); any other status has a JSON body
/// `{"reason": …}`, with `"timestamp"` (milliseconds since 1970) when the status is 410.
/// Apple's guidance, quoted at https://developer.apple.com/forums/thread/807380: "Don't retry
/// BadDeviceToken, DeviceTokenNotForTopic, Forbidden, ExpiredToken, Unregistered, or
/// PayloadTooLarge. You can retry with a delay if TooManyRequests"; 5xx may be retried with
/// back-off.
package enum APNsResponseReader {
    /// The reasons that mean the device token will never work again for this topic: 410's
    /// `Unregistered` and `ExpiredToken`. `BadDeviceToken` is not among them: Apple's staff say
    /// it also answers a token sent to the wrong environment (sandbox vs production).
    package static let deadTokenReasons: Set<String> = ["Unregistered", "ExpiredToken"]

    /// The reasons a later retry may get through: the device's rate, APNs' own trouble.
    package static let retryableReasons: Set<String> = ["TooManyRequests", "InternalServerError", "ServiceUnavailable", "Shutdown", "IdleTimeout"]

    /// The reasons that refuse the provider token, so every other request of the send would be
    /// refused too (Apple's table: 403 `InvalidProviderToken`, "the provider token is not valid,
    /// or the token signature can't be verified"; `MissingProviderToken`; `ExpiredProviderToken`,
    /// final only after one new token was refused again; and for a provider certificate, 403
    /// `BadCertificate`, "the certificate is invalid", and `BadCertificateEnvironment`, "the client
    /// certificate is for the wrong environment"): the send stops at the first
    /// (https://developer.apple.com/documentation/usernotifications/handling-notification-responses-from-apns).
    /// The campaign worker pauses a campaign on the same list (``PushRejection/stopsTheSend``).
    package static let credentialReasons: Set<String> = [
        "InvalidProviderToken", "MissingProviderToken", "ExpiredProviderToken", "BadCertificate", "BadCertificateEnvironment",
    ]

    /// The verdict for `response`; `sentID` is the `apns-id` the request carried.
    package static func verdict(_ response: PushHTTPResponse, sentID: String) -> AttemptVerdict {
        if response.status == 200 {
            return .done([.accepted(messageID: response[header: "apns-id"] ?? sentID)])
        }
        let body = response.jsonBody?.objectValue
        let reason = body?["reason"]?.stringValue ?? "HTTP \(response.status)"
        var deadSince: Date?
        if let timestamp = body?["timestamp"], let milliseconds = timestamp.integerValue ?? timestamp.numberValue.map(Int64.init) {
            deadSince = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        }
        let rejection = PushRejection(
            status: response.status, code: reason, message: APNsReason.explanation(reason),
            tokenIsDead: response.status == 410 || deadTokenReasons.contains(reason), deadSince: deadSince,
            stopsTheSend: credentialReasons.contains(reason))
        if reason == "ExpiredProviderToken" { return .reauthenticate(rejection) }
        if response.status >= 500 || retryableReasons.contains(reason) || (response.status == 429 && reason != "TooManyProviderTokenUpdates") {
            return .retry(rejection, after: RetryPolicy.seconds(retryAfter: response[header: "retry-after"]))
        }
        return .done([.rejected(rejection)])
    }
}

/// Apple's explanation of each `reason` (the response page's table).
package enum APNsReason {
    package static func explanation(_ reason: String) -> String {
        switch reason {
        case "BadCollapseId": "the collapse identifier exceeds the maximum allowed size"
        case "BadDeviceToken": "the device token is invalid, or belongs to the other environment (sandbox vs production)"
        case "BadExpirationDate": "the apns-expiration value is invalid"
        case "BadMessageId": "the apns-id value is invalid"
        case "BadPriority": "the apns-priority value is invalid"
        case "BadTopic": "the apns-topic value is invalid"
        case "DeviceTokenNotForTopic": "the device token doesn't match the specified topic"
        case "DuplicateHeaders": "one or more headers are repeated"
        case "IdleTimeout": "idle timeout"
        case "InvalidPushType": "the apns-push-type value is invalid"
        case "MissingDeviceToken": "the device token isn't specified in the request :path"
        case "MissingTopic": "the apns-topic header is required and missing"
        case "PayloadEmpty": "the message payload is empty"
        case "TopicDisallowed": "pushing to this topic is not allowed"
        case "BadCertificate": "the certificate is invalid"
        case "BadCertificateEnvironment": "the client certificate is for the wrong environment"
        case "ExpiredProviderToken": "the provider token is stale and a new token should be generated"
        case "Forbidden": "the specified action is not allowed"
        case "InvalidProviderToken": "the provider token is not valid, or the token signature can't be verified"
        case "MissingProviderToken": "no provider certificate was used and no authorization header was provided"
        case "BadPath": "the request contained an invalid :path value"
        case "MethodNotAllowed": "the specified :method value isn't POST"
        case "ExpiredToken": "the device token has expired"
        case "Unregistered": "the device token is inactive for the specified topic"
        case "PayloadTooLarge": "the message payload is too large"
        case "TooManyProviderTokenUpdates": "the provider's authentication token is being updated too often"
        case "TooManyRequests": "too many requests were made consecutively to the same device token"
        case "InternalServerError": "an internal server error occurred"
        case "ServiceUnavailable": "the service is unavailable"
        case "Shutdown": "the APNs server is shutting down"
        default: reason
        }
    }
}
