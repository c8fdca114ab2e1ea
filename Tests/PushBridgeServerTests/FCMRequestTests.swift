import PushBridge
import PushBridgeFCMServer
import PushBridgeServer
import Testing

/// The FCM sender without a network: the message as FCM HTTP v1's request, what FCM cannot
/// carry refused by name, FCM's answers read, the `server.fcm` section read with every problem
/// named and no secret shown.
@Suite struct FCMRequestTests {
    static func sender(_ validateOnly: Bool = false) -> FCMSender {
        let account = FCMServiceAccount(
            clientEmail: "a@b.iam.gserviceaccount.com", privateKey: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n")
        return FCMSender(
            projectID: "demo-project", serviceAccount: account, validateOnly: validateOnly, options: PushSenderOptions(now: { 1_767_225_600 }))
    }

    static func body(_ message: PushMessage, to audience: PushAudience = .registrationIDs(["fcm-token_1:abc"]), validateOnly: Bool = false) throws
        -> JSONValue
    {
        let plan = try sender(validateOnly).plan(message, to: audience)
        return try JSONParser.parse(plan[1].request.body)
    }

    /// A plain alert is FCM's `notification`; the rest of `aps` is `apns.payload`; custom data
    /// is `data`, every value a string.
    @Test func aMessageBecomesFCMsMessage() throws {
        var message = PushMessage(
            alert: .init(title: "Order shipped", body: "Arrives Thursday"), badge: 1, sound: "default", category: "ORDER",
            threadID: "orders", mutableContent: true, customData: ["orderID": "A-1042", "count": 3, "gift": true, "meta": ["a": 1]],
            collapseID: "order-42", timeToLive: 3600, priority: .immediate)
        message.interruptionLevel = .timeSensitive
        message.richMedia = [.init(url: "https://example.com/parcel.jpg", kind: .image)]
        let expected: JSONValue = [
            "message": [
                "token": "fcm-token_1:abc",
                "notification": ["title": "Order shipped", "body": "Arrives Thursday"],
                "data": ["orderID": "A-1042", "count": "3", "gift": "true", "meta": "{\"a\":1}"],
                "apns": [
                    "headers": ["apns-push-type": "alert", "apns-priority": "10", "apns-expiration": "1767229200", "apns-collapse-id": "order-42"],
                    "payload": [
                        "aps": [
                            "badge": 1, "sound": "default", "thread-id": "orders", "category": "ORDER", "mutable-content": 1,
                            "interruption-level": "time-sensitive",
                        ]
                    ],
                    "fcm_options": ["image": "https://example.com/parcel.jpg"],
                ],
            ]
        ]
        #expect(try Self.body(message) == expected)
    }

    /// A subtitle or localisation keys have no place in `notification`: the whole alert goes in `aps`.
    @Test func aLocalizedAlertStaysInAps() throws {
        let body = try Self.body(PushMessage(alert: .init(title: "T", subtitle: "S", locKey: "BODY", locArgs: ["x"])))
        #expect(body["message"]?["notification"] == nil)
        #expect(body["message"]?["apns"]?["payload"]?["aps"]?["alert"] == ["title": "T", "subtitle": "S", "loc-key": "BODY", "loc-args": ["x"]])
    }

    /// A background push: `apns-push-type: background` and priority 5 (FCM's default, 10, is refused by APNs).
    @Test func aBackgroundPushIsPriorityFive() throws {
        let body = try Self.body(PushMessage(contentAvailable: true, customData: ["sync": "1"]))
        #expect(body["message"]?["apns"]?["headers"] == ["apns-push-type": "background", "apns-priority": "5"])
        #expect(body["message"]?["apns"]?["payload"] == ["aps": ["content-available": 1]])
    }

    /// One topic is `topic`, several a `condition` (a device in two gets it once); `validate_only` for a check.
    @Test func tagsAreTopicsOrAConditionAndValidateOnlyIsSent() throws {
        #expect(try Self.body(PushMessage(alert: .init(body: "x")), to: .tags(["/topics/news"]))["message"]?["topic"] == "news")
        #expect(
            try Self.body(PushMessage(alert: .init(body: "x")), to: .tags(["news", "sport"]))["message"]?["condition"]
                == "'news' in topics || 'sport' in topics")
        #expect(try Self.body(PushMessage(alert: .init(body: "x")), validateOnly: true)["validate_only"] == true)
        #expect(try Self.body(PushMessage(alert: .init(body: "x")))["validate_only"] == nil)
    }

    /// The plan: the token exchange, then one request per token, credentials as placeholders.
    @Test func thePlanIsTheExchangeAndOneRequestPerToken() throws {
        let plan = try Self.sender().plan(PushMessage(alert: .init(body: "x")), to: .registrationIDs(["tokenA", "tokenB"]))
        #expect(plan.count == 3)
        #expect(plan[0].request.bodyText.hasPrefix("grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=<RS256-signed JWT>"))
        #expect(plan[1].request.url == "https://fcm.googleapis.com/v1/projects/demo-project/messages:send")
        #expect(plan[1].request[header: "authorization"] == "Bearer <access token>")
        #expect(plan.dropFirst().map(\.targets.count) == [1, 1])
        #expect(
            try Self.sender().devicePayload(PushMessage(alert: .init(body: "x"), customData: ["n": 1])) == [
                "aps": ["alert": ["body": "x"]], "n": "1", "gcm.message_id": "0",
            ])
    }

    @Test(arguments: [
        (
            {
                var m = PushMessage(alert: .init(body: "x"))
                m.passthrough = .init(content: "c")
                return m
            }(), PushAudience.registrationIDs(["t1"]), "passthrough"
        ),
        (
            {
                var m = PushMessage(alert: .init(body: "x"))
                m.badgeIncrement = 1
                return m
            }(), .registrationIDs(["t1"]), "badgeIncrement"
        ),
        (PushMessage(alert: .init(body: "x"), pushType: .voip), .registrationIDs(["t1"]), "pushType"),
        (PushMessage(alert: .init(body: "x"), customData: ["google.x": "1"]), .registrationIDs(["t1"]), "customData.google.x"),
        (PushMessage(alert: .init(body: "x"), customData: ["from": "1"]), .registrationIDs(["t1"]), "customData.from"),
        (
            {
                var m = PushMessage(alert: .init(body: "x"))
                m.richMedia = [.init(url: "https://e.com/a.jpg", kind: .image)]
                return m
            }(), .registrationIDs(["t1"]), "richMedia"
        ),
        (
            {
                var m = PushMessage(alert: .init(body: "x"), mutableContent: true)
                m.richMedia = [.init(url: "https://e.com/a.mp4", kind: .video)]
                return m
            }(), .registrationIDs(["t1"]), "richMedia"
        ),
        (PushMessage(alert: .init(body: "x")), .deviceTokens(["a1b2c3d4"]), "audience"),
        (PushMessage(alert: .init(body: "x")), .aliases(["user"]), "audience"),
        (PushMessage(alert: .init(body: "x")), .everyone, "audience"),
        (PushMessage(alert: .init(body: "x")), .tags(["a", "b", "c", "d", "e", "f"]), "audience"),
        (PushMessage(alert: .init(body: "x")), .tags(["no spaces"]), "audience.tags[0]"),
        (PushMessage(alert: .init(body: "x")), .registrationIDs(["bad token"]), "audience.registrationIDs[0]"),
        (PushMessage(alert: .init(body: "x"), collapseID: String(repeating: "c", count: 65)), .registrationIDs(["t1"]), "collapseID"),
    ])
    func whatFCMCannotCarryIsRefusedByName(message: PushMessage, audience: PushAudience, field: String) {
        #expect(throws: PushError.self) { try Self.sender().plan(message, to: audience) }
        do {
            _ = try Self.sender().plan(message, to: audience)
        } catch {
            #expect(error.field == field, "\(error)")
        }
    }

    static func response(_ status: Int, _ code: String?, retryAfter: String? = nil) -> PushHTTPResponse {
        var error: JSONObject = ["code": .integer(Int64(status)), "message": "m", "status": "X"]
        if let code { error["details"] = [["@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", "errorCode": .string(code)]] }
        return PushHTTPResponse(
            status: status, headers: retryAfter.map { ["Retry-After": $0] } ?? [:], body: JSONWriter.bytes(from: ["error": .object(error)]))
    }

    /// Each documented code's verdict (FCM's ErrorCode reference; scale-fcm's retry rules).
    @Test func fcmsAnswersAreRead() {
        let accepted = FCMResponseReader.verdict(PushHTTPResponse(status: 200, body: Array(#"{"name": "projects/p/messages/0:15%ab"}"#.utf8)))
        guard case .done(let outcomes) = accepted, case .accepted(let id) = outcomes.first else {
            Issue.record("\(accepted)")
            return
        }
        #expect(id == "0:15%ab")
        func rejected(_ verdict: AttemptVerdict) -> PushRejection? {
            if case .done(let outcomes) = verdict, case .rejected(let rejection) = outcomes.first { return rejection }
            return nil
        }
        #expect(rejected(FCMResponseReader.verdict(Self.response(404, "UNREGISTERED")))?.tokenIsDead == true)
        #expect(rejected(FCMResponseReader.verdict(Self.response(400, "INVALID_ARGUMENT")))?.tokenIsDead == false)
        #expect(rejected(FCMResponseReader.verdict(Self.response(403, "SENDER_ID_MISMATCH")))?.code == "SENDER_ID_MISMATCH")
        let thirdParty = rejected(FCMResponseReader.verdict(Self.response(401, "THIRD_PARTY_AUTH_ERROR")))
        #expect(thirdParty?.message.contains("Firebase's console") == true)
        #expect(thirdParty.map(FCMResponseReader.isCredentialFailure) == true)
        guard case .retry(_, let after) = FCMResponseReader.verdict(Self.response(429, "QUOTA_EXCEEDED", retryAfter: "7")) else {
            Issue.record("429")
            return
        }
        #expect(after == 7)
        guard case .retry = FCMResponseReader.verdict(Self.response(503, "UNAVAILABLE")),
            case .retry = FCMResponseReader.verdict(Self.response(500, "INTERNAL"))
        else {
            Issue.record("5xx")
            return
        }
        guard case .reauthenticate(let stale) = FCMResponseReader.verdict(Self.response(401, nil)) else {
            Issue.record("401")
            return
        }
        #expect(stale.code == "X")
    }
}
