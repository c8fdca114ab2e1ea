import PushBridge
import PushBridgeServer
import Testing

@testable import PushBridgeAPNsServer
@testable import PushBridgeGetuiServer
@testable import PushBridgeJPushServer

/// Every code each sender handles, read as its provider documents it: final or retried, dead or
/// not. (The emulator tests send a few of them over the wire; these hold the whole tables.)
@Suite struct ResponseReaderTests {
    enum Kind: Equatable {
        case accepted, rejected, dead, matchedNothing, retried, reauthenticated
    }

    static func kind(_ verdict: AttemptVerdict) -> Kind {
        switch verdict {
        case .done(let outcomes):
            switch outcomes.first {
            case .accepted?: return .accepted
            case .rejected(let rejection)?: return rejection.tokenIsDead ? .dead : rejection.audienceMatchedNothing ? .matchedNothing : .rejected
            default: return .rejected
            }
        case .retry: return .retried
        case .reauthenticate: return .reauthenticated
        }
    }

    static func apns(_ status: Int, _ reason: String) -> Kind {
        kind(APNsResponseReader.verdict(PushHTTPResponse(status: status, body: Array(#"{"reason":"\#(reason)"}"#.utf8)), sentID: "ID"))
    }

    @Test(arguments: [
        (400, "BadCollapseId", Kind.rejected), (400, "BadDeviceToken", .rejected), (400, "BadExpirationDate", .rejected),
        (400, "BadMessageId", .rejected),
        (400, "BadPriority", .rejected), (400, "BadTopic", .rejected), (400, "DeviceTokenNotForTopic", .rejected),
        (400, "DuplicateHeaders", .rejected),
        (400, "IdleTimeout", .retried), (400, "InvalidPushType", .rejected), (400, "MissingDeviceToken", .rejected), (400, "MissingTopic", .rejected),
        (400, "PayloadEmpty", .rejected), (400, "TopicDisallowed", .rejected), (403, "BadCertificate", .rejected),
        (403, "BadCertificateEnvironment", .rejected), (403, "ExpiredProviderToken", .reauthenticated), (403, "Forbidden", .rejected),
        (403, "InvalidProviderToken", .rejected), (403, "MissingProviderToken", .rejected), (404, "BadPath", .rejected),
        (405, "MethodNotAllowed", .rejected),
        (410, "ExpiredToken", .dead), (410, "Unregistered", .dead), (413, "PayloadTooLarge", .rejected),
        (429, "TooManyProviderTokenUpdates", .rejected),
        (429, "TooManyRequests", .retried), (500, "InternalServerError", .retried), (503, "ServiceUnavailable", .retried),
        (503, "Shutdown", .retried),
    ])
    func apnsReasons(status: Int, reason: String, expected: Kind) {
        #expect(Self.apns(status, reason) == expected)
        #expect(APNsReason.explanation(reason) != reason, "Apple's explanation of \(reason)")
    }

    /// The fail-fast list the senders stop on and a campaign pauses on (``PushRejection/stopsTheSend``).
    @Test func credentialRefusalsStopTheSend() {
        func apnsStops(_ status: Int, _ reason: String) -> Bool {
            let verdict = APNsResponseReader.verdict(PushHTTPResponse(status: status, body: Array(#"{"reason":"\#(reason)"}"#.utf8)), sentID: "ID")
            switch verdict {
            case .done(let outcomes): if case .rejected(let rejection)? = outcomes.first { return rejection.stopsTheSend }
            case .reauthenticate(let rejection): return rejection.stopsTheSend
            case .retry: break
            }
            return false
        }
        for reason in ["InvalidProviderToken", "MissingProviderToken", "ExpiredProviderToken", "BadCertificate", "BadCertificateEnvironment"] {
            #expect(apnsStops(403, reason), "\(reason)")
        }
        #expect(!apnsStops(400, "BadDeviceToken") && !apnsStops(403, "Forbidden") && !apnsStops(410, "Unregistered"))
        func jpushStops(_ status: Int, _ code: Int) -> Bool {
            let response = PushHTTPResponse(status: status, body: Array(#"{"error":{"code":\#(code),"message":"m"}}"#.utf8))
            if case .done(let outcomes) = JPushResponseReader.verdict(response, targets: Self.one), case .rejected(let rejection)? = outcomes.first {
                return rejection.stopsTheSend
            }
            return false
        }
        #expect(jpushStops(401, 1004) && jpushStops(400, 1008) && jpushStops(403, 2003) && jpushStops(403, 2004) && jpushStops(401, 1009))
        #expect(!jpushStops(400, 1011) && !jpushStops(400, 1003))
    }

    /// A refusal the sender gave up on carries the wait its last answer named, for a caller
    /// that tries later (a campaign's `not_before`).
    @Test func theLastRetryAfterTravelsWithTheFailure() async {
        struct Limited: PushHTTPTransport {
            func send(_ request: PushHTTPRequest) async throws(PushTransportError) -> PushHTTPResponse {
                PushHTTPResponse(status: 429, headers: ["Retry-After": "7"], body: Array(#"{"reason":"TooManyRequests"}"#.utf8))
            }
        }
        let loop = AttemptLoop(transport: Limited(), policy: .never, sleeper: TaskSleeper(), random: { 0 })
        let results = await loop.run(
            targets: [PushTarget(kind: .deviceToken, id: "ab")],
            build: { _ in PushHTTPRequest(method: "POST", url: "https://api.push.apple.com/3/device/ab") },
            interpret: { APNsResponseReader.verdict($0, sentID: "ID") })
        guard case .failed(let rejection)? = results.first?.outcome else {
            Issue.record("\(results)")
            return
        }
        #expect(rejection.code == "TooManyRequests" && rejection.retryAfter == 7)
    }

    @Test func apnsSuccessIsTheEchoedID() {
        let verdict = APNsResponseReader.verdict(PushHTTPResponse(status: 200, headers: ["Apns-Id": "ECHO"]), sentID: "SENT")
        guard case .done(let outcomes) = verdict, case .accepted(let id)? = outcomes.first else {
            Issue.record("\(verdict)")
            return
        }
        #expect(id == "ECHO")
    }

    static let one = [PushTarget(kind: .registrationID, id: "r1")]
    static let two = [PushTarget(kind: .registrationID, id: "r1"), PushTarget(kind: .registrationID, id: "r2")]

    @Test(arguments: [
        (400, 1002, Kind.rejected), (400, 1003, .rejected), (401, 1004, .rejected), (400, 1005, .rejected), (400, 1008, .rejected),
        (400, 1009, .rejected),
        (400, 1011, .matchedNothing), (400, 1012, .rejected), (404, 1020, .rejected), (500, 1000, .retried), (503, 1030, .retried),
        (429, 2001, .retried),
        (429, 2002, .retried), (403, 2003, .rejected), (403, 2004, .rejected), (403, 2005, .rejected), (403, 2006, .rejected), (403, 2007, .rejected),
    ])
    func jpushCodes(status: Int, code: Int, expected: Kind) {
        let response = PushHTTPResponse(status: status, body: Array(#"{"error":{"code":\#(code),"message":"m"}}"#.utf8))
        #expect(Self.kind(JPushResponseReader.verdict(response, targets: Self.one)) == expected)
        #expect(JPushCode.explanation(code) != nil)
        // JPush never says a target is gone: with one ID or several, 1011 is not a dead token.
        #expect(Self.kind(JPushResponseReader.verdict(response, targets: Self.two)) == expected)
    }

    @Test(arguments: [
        (200, 1, "not JSON", Kind.rejected), (200, 2, "starting", .retried), (401, 10001, "token expired", .reauthenticated),
        (401, 10002, "blacklisted", .rejected),
        (401, 10003, "auth too often", .retried), (401, 10005, "too often", .retried), (400, 20001, "target user is invalid", .dead),
        (400, 20001, "request_id is invalid", .rejected), (500, 50000, "", .retried),
    ])
    func getuiCodes(status: Int, code: Int, message: String, expected: Kind) {
        let response = PushHTTPResponse(status: status, body: Array(#"{"code":\#(code),"msg":"\#(message)"}"#.utf8))
        #expect(Self.kind(GetuiResponseReader.verdict(response, targets: [PushTarget(kind: .clientID, id: "c1")])) == expected)
    }

    @Test func getuiPerClientStatuses() {
        let body = #"{"code":0,"msg":"","data":{"TASK":{"c1":"successed_online","c2":"successed_offline","c3":"successed_ignore"}}}"#
        let targets = ["c1", "c2", "c3"].map { PushTarget(kind: .clientID, id: SecretText($0)) }
        guard case .done(let outcomes) = GetuiResponseReader.verdict(PushHTTPResponse(status: 200, body: Array(body.utf8)), targets: targets) else {
            Issue.record("not final")
            return
        }
        #expect(outcomes.count == 3)
        #expect(outcomes[0] == .accepted(messageID: "TASK"))
        #expect(outcomes[1] == .accepted(messageID: "TASK"))
        guard case .rejected(let ignored) = outcomes[2] else {
            Issue.record("\(outcomes[2])")
            return
        }
        #expect(ignored.code == "successed_ignore")
    }

    /// A tag or broadcast push answers `{"taskid": "…"}`: the value is the task ID, not the key
    /// (getui-pushapi-java-client-v2 `TaskIdDTO`, `@SerializedName("taskid")`); a single or list
    /// push keeps reading `{taskid: {cid: status}}`.
    @Test func getuiTagAndBroadcastAnswersCarryTheTaskIDInDataTaskid() {
        let target = PushAudience.tags(["vip"]).targets
        let answer = PushHTTPResponse(status: 200, body: Array(#"{"code":0,"msg":"success","data":{"taskid":"RASA_1126_abc"}}"#.utf8))
        guard case .done(let outcomes) = GetuiResponseReader.verdict(answer, targets: target, shape: .taskIDField) else {
            Issue.record("not final")
            return
        }
        #expect(outcomes == [.accepted(messageID: "RASA_1126_abc")])
        let empty = PushHTTPResponse(status: 200, body: Array(#"{"code":0,"msg":"success","data":{}}"#.utf8))
        #expect(Self.kind(GetuiResponseReader.verdict(empty, targets: target, shape: .taskIDField)) == .rejected)
        let single = PushHTTPResponse(status: 200, body: Array(#"{"code":0,"data":{"TASK":{"c1":"successed_online"}}}"#.utf8))
        guard case .done(let singles) = GetuiResponseReader.verdict(single, targets: [PushTarget(kind: .clientID, id: "c1")]) else {
            Issue.record("not final")
            return
        }
        #expect(singles == [.accepted(messageID: "TASK")])
        #expect(GetuiRoute.answerShape("/push/tag") == .taskIDField)
        #expect(GetuiRoute.answerShape("/push/all") == .taskIDField)
        #expect(GetuiRoute.answerShape("/push/single/cid") == .statusesByTask)
    }
}
