import PushBridgeCore
import PushBridgeServer

/// What JPush's answer to one push means.
///
/// Source: JPush "REST API v3 Push" §调用返回 (https://docs.jiguang.cn/jpush/server/push/rest_api_v3_push/)
/// and "HTTP status codes" (https://docs.jiguang.cn/jpush/server/push/http_status_code/):
/// success is 200 with `{"sendno": "…", "msg_id": "…"}`; a failure is `{"error": {"code": …,
/// "message": …}}` with a 4xx or 5xx status. Rate limits: every response carries
/// `X-Rate-Limit-Limit`, `X-Rate-Limit-Remaining` and `X-Rate-Limit-Reset` (seconds until the
/// window resets); over the limit is 429 with code 2001 or 2002 (JPush's rate-limit page, in
/// jpush/jpush-docs `zh/jpush/server/待删除/api_rate_limiting.md`).
///
/// JPush reports one result for the whole push, not per registration ID: a push to many IDs is
/// accepted if any matches. Code 1011 says only "没有满足条件的推送目标" (no push target satisfies
/// the audience; [v3] §调用返回 advises checking the audience, or waiting 10 minutes after a
/// first integration): a device that has not yet uploaded its APNs token, or an ID of another
/// platform, gets it too. It is reported as ``PushRejection/audienceMatchedNothing``, never as a
/// dead token: JPush does not say the target is gone.
package enum JPushResponseReader {
    /// Codes worth trying again later: internal error (1000), internal timeout (1030), rate
    /// limits (2001, 2002).
    package static let retryableCodes: Set<Int> = [1000, 1030, 2001, 2002]
    /// Codes that refuse the app key, its master secret or the calling server, so every other
    /// push of the send would be refused too ([v3] §调用返回): 1004 authentication failed, 1008
    /// the app key is invalid, 2003 the app key may not use the API, 2004 the source IP is not in
    /// the app's allow list. The send stops at the first, as it does at any 401 (HTTP
    /// "Unauthorized": JPush's "HTTP status codes" page gives 401 for failed authentication,
    /// whatever the code).
    package static let credentialCodes: Set<Int> = [1004, 1008, 2003, 2004]

    /// The verdict for `response` to a push that carried `targets`.
    package static func verdict(_ response: PushHTTPResponse, targets: [PushTarget]) -> AttemptVerdict {
        let body = response.jsonBody?.objectValue
        if response.status == 200, let id = body?["msg_id"].flatMap(Self.text) {
            return .done([.accepted(messageID: id)])
        }
        let error = body?["error"]?.objectValue
        let code = error?["code"]?.integerValue.map(Int.init)
        let message = error?["message"]?.stringValue ?? "HTTP \(response.status)"
        let codeText = code.map(String.init) ?? "HTTP \(response.status)"
        let rejection = PushRejection(
            status: response.status, code: codeText, message: JPushCode.explanation(code) ?? message, audienceMatchedNothing: code == 1011,
            stopsTheSend: code.map(credentialCodes.contains) == true || response.status == 401)
        // Over the rate limit, the next attempt waits for the window to reset; other failures
        // worth retrying wait the backoff (every answer carries X-Rate-Limit-Reset).
        if response.status == 429 || code == 2001 || code == 2002 {
            let reset = RetryPolicy.seconds(retryAfter: response[header: "x-rate-limit-reset"])
            return .retry(rejection, after: reset ?? RetryPolicy.seconds(retryAfter: response[header: "retry-after"]))
        }
        if response.status >= 500 || code.map(retryableCodes.contains) == true {
            return .retry(rejection, after: RetryPolicy.seconds(retryAfter: response[header: "retry-after"]))
        }
        return .done([.rejected(rejection)])
    }

    /// The cids of a `GET /v3/push/cid` answer (`{"cidlist": [...]}`), or what its failure means:
    /// none when it is refused for good.
    package static func cids(_ response: PushHTTPResponse) -> AttemptStep<[String]> {
        if response.status == 200, case .array(let list)? = response.jsonBody?["cidlist"] { return .done(list.compactMap(\.stringValue)) }
        switch verdict(response, targets: []) {
        case .retry(let rejection, let after): return .retry(rejection, after: after)
        case .reauthenticate(let rejection): return .retry(rejection, after: nil)
        case .done:
            // Refused for good (bad credentials, say): no cids; the push itself reports why.
            return .done([])
        }
    }

    private static func text(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text) where !text.isEmpty: text
        case .integer(let number): String(number)
        case .bigInteger(let digits): digits
        default: nil
        }
    }
}

/// JPush's error codes ([v3] §调用返回).
package enum JPushCode {
    package static func explanation(_ code: Int?) -> String? {
        switch code {
        case 1000: "internal error: retry later"
        case 1001: "only HTTP POST is supported"
        case 1002: "a required parameter is missing"
        case 1003: "a parameter's value is invalid"
        case 1004: "authentication failed: check the app key and master secret"
        case 1005: "the message is too long"
        case 1008: "the app key is invalid"
        case 1009: "the push object has a key JPush does not support"
        case 1011: "no push target satisfies the audience (not registered, or the alias or tag is not bound)"
        case 1012: "the throttled push's limit was exceeded"
        case 1020: "only HTTPS is supported"
        case 1030: "internal service timeout: retry later"
        case 2001, 2002: "rate limit exceeded"
        case 2003: "this app key may not use the API"
        case 2004: "the source IP is not in the app's allow list"
        case 2005: "the message volume is beyond a reasonable range"
        case 2006: "a VIP-only API"
        case 2007: "no permission for this API"
        default: nil
        }
    }
}
