import PushBridgeCore
import PushBridgeServer

/// What Getui's answers mean.
///
/// Sources: Getui "RestAPI V2 返回码" (https://docs.getui.com/getui/server/rest_v2/code) and
/// "推送" (https://docs.getui.com/getui/server/rest_v2/push); the official SDK's handling in
/// getui-pushapi-java-client-v2 `core/client/DefaultApiClient.java`, cited as [sdk]. Every
/// answer is `{"code": …, "msg": …, "data": …}`; a single or list push's `data` is `{taskid:
/// {cid: status}}` with `successed_online`, `successed_offline` (through the vendor's channel,
/// APNs here) or `successed_ignore` (not sent: the device has been inactive 90 days). A tag or
/// broadcast push (`/push/tag`, `/push/all`) answers `{"taskid": "…"}` instead: [sdk]
/// `PushApi.java` returns `ApiResult<TaskIdDTO>` for both, and `TaskIdDTO` reads its task ID from
/// the key `taskid` (`@SerializedName("taskid")`).
///
/// | code | Meaning | Here |
/// |---|---|---|
/// | 0 | success | accepted, with the task ID |
/// | 2 | the service is starting | retried |
/// | 10001 | the token is wrong or expired | a new token, then retried once ([sdk] does the same) |
/// | 10003, 10005 | too many calls per minute | retried after the backoff |
/// | 20001 `target user is invalid` | the client ID is not this app's, or wrong | rejected; dead when it was the only target |
/// | any other | | rejected with its code and `msg` |
package enum GetuiResponseReader {
    /// Codes worth trying again.
    package static let retryableCodes: Set<Int> = [2, 10003, 10005]
    /// Codes that refuse the credentials, so every other push of the send would be refused too:
    /// 10001, "token 错误或失效" (docs.getui.com/getui/server/rest_v2/code), final only after
    /// one new token from `/auth` was refused again (as [sdk] `DefaultApiClient` retries once).
    /// The send stops at it. (`/auth` refusing the app key or master secret throws before
    /// anything is sent.)
    package static let credentialCodes: Set<Int> = [10001]
    /// The statuses of a target Getui took.
    package static let acceptedStatuses: Set<String> = ["successed_online", "successed_offline"]

    /// How a push's answer carries its task ID.
    package enum AnswerShape: Sendable {
        /// `data` is `{taskid: {cid: status}}`: a single or list push.
        case statusesByTask
        /// `data` is `{"taskid": "…"}`: a tag or broadcast push ([sdk] `TaskIdDTO`).
        case taskIDField
    }

    /// The verdict for a push's `response` that carried `targets`, its `data` in `shape`.
    package static func verdict(_ response: PushHTTPResponse, targets: [PushTarget], shape: AnswerShape = .statusesByTask) -> AttemptVerdict {
        let body = response.jsonBody?.objectValue
        let code = body?["code"]?.integerValue.map(Int.init)
        let message = body?["msg"]?.stringValue ?? ""
        guard code == 0, response.status == 200 else { return failure(response, code: code, message: message, targets: targets) }
        if shape == .taskIDField {
            guard let taskID = body?["data"]?["taskid"]?.stringValue, !taskID.isEmpty else {
                return .done([.rejected(PushRejection(status: 200, code: "0", message: "no data.taskid in the answer"))])
            }
            return .done(targets.map { _ in .accepted(messageID: taskID) })
        }
        switch body?["data"] {
        case .object(let tasks)?:
            guard let (taskID, statuses) = tasks.first(where: { _ in true }) else {
                return .done([.rejected(PushRejection(status: 200, code: "0", message: "no task in the answer"))])
            }
            guard case .object(let byID) = statuses else { return .done([.accepted(messageID: taskID)]) }
            return .done(
                targets.map { target in
                    let status = target.id.flatMap { byID[$0.revealed]?.stringValue }
                    guard let status else { return .accepted(messageID: taskID) }
                    return acceptedStatuses.contains(status)
                        ? .accepted(messageID: taskID)
                        : .rejected(
                            PushRejection(
                                status: 200, code: status, message: status == "successed_ignore" ? "not sent: inactive for 90 days" : status))
                })
        case .string(let taskID)?: return .done([.accepted(messageID: taskID)])
        default: return .done([.rejected(PushRejection(status: response.status, code: "0", message: "no data in the answer"))])
        }
    }

    /// The task ID of `/push/list/message`'s answer, or what its failure means.
    package static func taskID(_ response: PushHTTPResponse) -> AttemptStep<String> {
        let body = response.jsonBody?.objectValue
        if body?["code"]?.integerValue == 0, let id = body?["data"]?["taskid"]?.stringValue { return .done(id) }
        switch failure(response, code: body?["code"]?.integerValue.map(Int.init), message: body?["msg"]?.stringValue ?? "", targets: []) {
        case .retry(let rejection, let after): return .retry(rejection, after: after)
        case .reauthenticate(let rejection): return .reauthenticate(rejection)
        case .done(let outcomes):
            if case .rejected(let rejection)? = outcomes.first { return .retry(rejection, after: nil) }
            return .retry(PushRejection(status: response.status, code: "taskid", message: "no taskid in the answer"), after: nil)
        }
    }

    /// The token and its expiry (milliseconds since 1970) of `/auth`'s answer, or what its
    /// failure means.
    package static func token(_ response: PushHTTPResponse) -> AttemptStep<(token: String, expiresAt: Double)> {
        let body = response.jsonBody?.objectValue
        if body?["code"]?.integerValue == 0, let token = body?["data"]?["token"]?.stringValue, let expiry = body?["data"]?["expire_time"] {
            let milliseconds = expiry.stringValue.flatMap(Double.init) ?? expiry.integerValue.map(Double.init) ?? 0
            return .done((token, milliseconds / 1000))
        }
        let code = body?["code"]?.integerValue.map(Int.init)
        let rejection = PushRejection(
            status: response.status, code: code.map(String.init) ?? "HTTP \(response.status)", message: body?["msg"]?.stringValue ?? "")
        if response.status >= 500 || code.map(retryableCodes.contains) == true { return .retry(rejection, after: nil) }
        return .reauthenticate(rejection)  // a refused signature: one more try with a new timestamp, then final
    }

    private static func failure(_ response: PushHTTPResponse, code: Int?, message: String, targets: [PushTarget]) -> AttemptVerdict {
        let codeText = code.map(String.init) ?? "HTTP \(response.status)"
        let invalidTarget = code == 20001 && message.contains("target user is invalid")
        let rejection = PushRejection(
            status: response.status, code: codeText, message: message.isEmpty ? "HTTP \(response.status)" : message,
            tokenIsDead: invalidTarget && targets.count == 1 && targets[0].kind == .clientID, stopsTheSend: credentialCodes.contains(code ?? -1))
        if code == 10001 { return .reauthenticate(rejection) }
        if response.status >= 500 || code.map(retryableCodes.contains) == true {
            return .retry(rejection, after: RetryPolicy.seconds(retryAfter: response[header: "retry-after"]))
        }
        return .done([.rejected(rejection)])
    }
}
