import PushBridgeCore
import PushBridgeFCMDefinition
import PushBridgeServer
import PushBridgeValidation

/// A message as FCM HTTP v1's request, `POST /v1/projects/{project}/messages:send` with
/// `{"message": Message, "validate_only": true?}`.
///
/// Source for every field: FCM's reference, "REST Resource: projects.messages"
/// (https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages) and
/// "projects.messages.send" (…/projects.messages/send), cited below as [v1];
/// `../shared/research/anchors-2026.md` §1.2 holds the excerpts.
///
/// | Message | FCM field | Rule ([v1] unless said) |
/// |---|---|---|
/// | a registration ID (FCM's registration token) | `message.token` | one request per token: [v1] has one target per message |
/// | one tag | `message.topic` | `[a-zA-Z0-9-_.~%]+`; a leading `/topics/` is dropped (firebase-admin does the same) |
/// | two to five tags | `message.condition`: `'a' in topics \|\| 'b' in topics` | a device in several gets it once; at most five topics per condition |
/// | ``PushMessage/alert`` with only a title and a body | `message.notification.title`, `.body` | FCM writes them into `aps.alert` |
/// | ``PushMessage/alert`` with a subtitle or localisation keys | `apns.payload.aps.alert` | `apns.payload` is APNs' payload, passed through |
/// | ``PushMessage/badge``, `sound`, `category`, `threadID`, `interruptionLevel`, `relevanceScore`, `targetContentID`, `contentAvailable`, `mutableContent`, ``PushMessage/criticalSound`` | `apns.payload.aps` | Apple's keys, as the APNs sender writes them |
/// | ``PushMessage/customData`` | `message.data` | strings only ([v1]: "map (key: string, value: string)"): a value that is not a string is sent as its compact JSON text, which the app decodes (`"3"`, `"true"`, `"{\"a\":1}"`); FCM delivers each key beside `aps` |
/// | ``PushMessage/effectivePushType`` | `apns.headers.apns-push-type` | `alert`, `background`, or `liveactivity` with ``PushMessage/liveActivityToken`` |
/// | ``PushMessage/liveActivityToken`` | `apns.live_activity_token` | [v1] `ApnsConfig.live_activity_token`: "Apple Live Activity token to send updates to. This token can either be a push token or push-to-start token from Apple"; the audience stays the app's registration token (Firebase, "Get started with Live Activity": `message.token` and `apns.live_activity_token` together); hex, as ActivityKit gives it |
/// | ``PushMessage/liveActivity`` | `apns.payload.aps`: `event`, `timestamp`, `content-state`, `attributes-type`, `attributes`, `stale-date`, `dismissal-date` | Apple's keys, judged as the APNs sender judges them (`PayloadValidator`, push type `liveactivity`); the alert stays in `aps` (Firebase's guide puts it there), not in `notification` |
/// | ``PushMessage/analyticsLabel`` | `fcm_options.analytics_label` and `apns.fcm_options.analytics_label` | `^[a-zA-Z0-9-_.~%]{1,50}$`: [v1] `FcmOptions`, `ApnsFcmOptions` give the field ("Label associated with the message's analytics data"); the pattern is firebase-admin's (7.7.0, `_messaging_encoder.py`, `check_analytics_label`) |
/// | ``PushMessage/priority`` | `apns.headers.apns-priority` | absent: `5` for a background push (FCM's default is 10, which APNs refuses for one: Firebase, "Setting the priority of a message") |
/// | ``PushMessage/timeToLive`` | `apns.headers.apns-expiration` | UNIX seconds; FCM's default is 30 days |
/// | ``PushMessage/collapseID`` | `apns.headers.apns-collapse-id` | at most 64 bytes |
/// | one ``PushMessage/RichMedia`` image | `apns.fcm_options.image` | needs `mutableContent` (the service extension downloads it) |
/// | a dry run with the network | `validate_only: true` | FCM checks the message and delivers nothing |
///
/// ``PushMessage/passthrough`` (FirebaseMessaging 7.0 removed its direct channel: CHANGELOG),
/// ``PushMessage/badgeIncrement`` (FCM keeps no count), audio or video ``PushMessage/richMedia``
/// and push types other than `alert`, `background` and `liveactivity` are refused, naming the
/// field. The APNs environment is not sent: FCM knows each token's from the app's registration
/// (`setAPNSToken(_:type:)`). Nor is `apns-topic`: FCM knows the app's bundle ID, and Firebase's
/// Live Activity guide sends none (an inference: FCM adds `.push-type.liveactivity` itself, as
/// its examples work without it).
package struct FCMRequestBuilder: Sendable {
    /// The most topics in one condition (Firebase, "Send messages to topics": "You can include up
    /// to five topics in your conditional expression").
    package static let maxTopicsPerCondition = 5
    /// The longest `apns-collapse-id` (Apple, "Sending notification requests to APNs").
    package static let maxCollapseIDBytes = 64
    /// Keys FCM reserves in `data` ([v1] `data`: "from", "message_type", or any word starting
    /// with "google." or "gcm.notification."; the ErrorCode page adds "gcm"); `aps` would collide
    /// with APNs' own dictionary beside which FCM delivers the keys.
    package static let reservedDataKeys: Set<String> = ["from", "message_type", "gcm", "aps", "notification", "fcm_options"]
    package static let reservedDataPrefixes = ["google.", "gcm."]
    /// The longest analytics label (`^[a-zA-Z0-9-_.~%]{1,50}$`: firebase-admin 7.7.0's
    /// `_messaging_encoder.py`, `check_analytics_label`; [v1] `FcmOptions` names the field).
    package static let maxAnalyticsLabelLength = 50

    package let projectID: String
    package let baseURL: String
    package let validateOnly: Bool

    /// `…/v1/projects/{project}/messages:send`.
    package var url: String { baseURL + "/v1/projects/\(projectID)/messages:send" }

    /// One target of a send: the result's target and the `message` key that addresses it.
    package struct Addressee: Sendable {
        package var target: PushTarget
        /// `token`, `topic` or `condition`.
        package var key: String
        package var value: SecretText
    }

    /// The addressees `audience` becomes: one per registration token, or one topic or condition.
    ///
    /// - Throws: ``PushError`` naming `audience` for what FCM cannot address.
    package static func addressees(_ audience: PushAudience) throws(PushError) -> [Addressee] {
        switch audience {
        case .registrationIDs(let tokens):
            guard !tokens.isEmpty else {
                throw PushError(.invalidPayload, field: "audience", "is empty: expected at least one FCM registration token")
            }
            return tokens.map { Addressee(target: PushTarget(kind: .registrationID, id: $0), key: "token", value: $0) }
        case .tags(let tags):
            guard !tags.isEmpty else { throw PushError(.invalidPayload, field: "audience", "is empty: expected at least one topic") }
            guard tags.count <= maxTopicsPerCondition else {
                throw PushError(
                    .outOfRange, field: "audience",
                    "\(tags.count) topics: an FCM condition names at most \(maxTopicsPerCondition); send in groups of \(maxTopicsPerCondition)")
            }
            var topics: [String] = []
            for (index, tag) in tags.enumerated() {
                let topic = tag.hasPrefix("/topics/") ? String(tag.dropFirst("/topics/".count)) : tag
                guard isTopicName(topic) else {
                    throw PushError(
                        .invalidPayload, field: "audience.tags[\(index)]",
                        "\"\(JSONFieldReader.displayKey(tag))\" is not an FCM topic (expected [a-zA-Z0-9-_.~%]+)")
                }
                topics.append(topic)
            }
            let target = audience.targets[0]
            if topics.count == 1 { return [Addressee(target: target, key: "topic", value: SecretText(topics[0]))] }
            return [Addressee(target: target, key: "condition", value: SecretText(topics.map { "'\($0)' in topics" }.joined(separator: " || ")))]
        case .deviceTokens:
            throw PushError(
                .unsupported, field: "audience",
                "FCM addresses its own registration tokens (registrationIDs: what FirebaseMessaging gives the app), not APNs device tokens")
        case .clientIDs, .aliases, .everyone:
            throw PushError(
                .unsupported, field: "audience",
                "FCM addresses registration tokens (registrationIDs) and topics (tags), not \(audience.kind.rawValue)s")
        }
    }

    /// Whether `name` is a topic FCM accepts: `[a-zA-Z0-9-_.~%]+` (Firebase, "Send messages to topics").
    package static func isTopicName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { ASCIIHex.isAlphanumeric($0) || "-_.~%".utf8.contains($0) }
    }

    /// Whether `token` can be a registration token: letters, digits, `-`, `_`, `:` and `.`.
    package static func isWellFormed(_ token: SecretText) -> Bool {
        !token.isEmpty && token.revealed.utf8.allSatisfy { ASCIIHex.isAlphanumeric($0) || "-_:.".utf8.contains($0) }
    }

    /// Whether `token` can be an ActivityKit token: hex digits, an even number of them (ActivityKit
    /// gives `Data`, which apps and FCM's guide send as hex, as APNs device tokens are).
    package static func isWellFormedActivityToken(_ token: SecretText) -> Bool {
        let bytes = token.revealed.utf8
        return !bytes.isEmpty && bytes.count % 2 == 0 && bytes.allSatisfy(ASCIIHex.isHexDigit)
    }

    /// Whether `label` is an analytics label FCM takes: `[a-zA-Z0-9-_.~%]{1,50}`.
    package static func isAnalyticsLabel(_ label: String) -> Bool {
        (1...maxAnalyticsLabelLength).contains(label.utf8.count)
            && label.utf8.allSatisfy { ASCIIHex.isAlphanumeric($0) || "-_.~%".utf8.contains($0) }
    }

    /// A Live Activity push goes to one app's registration token (beside the activity's token),
    /// not to a topic or condition (an inference: FCM's guide and [v1] pair the activity token
    /// with `message.token` only, and one activity token belongs to one device).
    ///
    /// - Throws: ``PushError`` naming `audience`.
    package static func checkAudience(_ message: PushMessage, _ addressees: [Addressee]) throws(PushError) {
        guard message.liveActivityToken != nil, addressees.contains(where: { $0.key != "token" }) else { return }
        throw PushError(
            .unsupported, field: "audience",
            "a Live Activity push (liveActivityToken) goes to the app's FCM registration token (registrationIDs), not to topics")
    }

    /// `body` with `apns.live_activity_token` masked: a plan's (what a dry run prints).
    package static func maskingLiveActivityToken(_ body: JSONObject) -> JSONObject {
        guard case .object(var apns)? = body["apns"], case .string(let token)? = apns["live_activity_token"] else { return body }
        var masked = body
        apns["live_activity_token"] = .string(SecretText.mask(token))
        masked["apns"] = .object(apns)
        return masked
    }

    /// The `message` object without its target; `now` dates `apns-expiration`.
    ///
    /// - Throws: ``PushError`` naming the field FCM cannot carry or whose limit it breaks.
    package func message(_ message: PushMessage, now: Double) throws(PushError) -> JSONObject {
        try Self.checkSupported(message)
        var body = JSONObject()
        var aps = message.apsDictionary
        let isLiveActivity = message.effectivePushType == .liveactivity
        if isLiveActivity {
            let report = PayloadValidator.validate(["aps": .object(aps)], pushType: .liveactivity, priority: message.priority?.rawValue)
            if let problem = report.problems.first { throw Self.liveActivityProblem(problem) }
        }
        if !isLiveActivity, let alert = message.alert, alert.subtitle == nil, !alert.isLocalized, alert.title != nil || alert.body != nil {
            var notification = JSONObject()
            if let title = alert.title { notification["title"] = .string(title) }
            if let text = alert.body { notification["body"] = .string(text) }
            body["notification"] = .object(notification)
            aps["alert"] = nil
        }
        if !message.customData.isEmpty { body["data"] = .object(try Self.data(message.customData)) }
        var apns = JSONObject()
        if let token = message.liveActivityToken { apns["live_activity_token"] = .string(token.revealed) }
        let headers = try Self.headers(message, now: now)
        if !headers.isEmpty { apns["headers"] = .object(headers) }
        if !aps.isEmpty { apns["payload"] = ["aps": .object(aps)] }
        var options = JSONObject()
        if let image = try Self.image(message) { options["image"] = .string(image) }
        if let label = message.analyticsLabel {
            options["analytics_label"] = .string(label)
            body["fcm_options"] = ["analytics_label": .string(label)]
        }
        if !options.isEmpty { apns["fcm_options"] = .object(options) }
        if !apns.isEmpty { body["apns"] = .object(apns) }
        return body
    }

    /// The validator's problem with its field named as the message names it: `aps.event` is
    /// `liveActivity.event`, `aps` alone is `liveActivity`.
    static func liveActivityProblem(_ problem: PushError) -> PushError {
        let names = [
            "aps.event": "liveActivity.event", "aps.timestamp": "liveActivity.timestamp", "aps.content-state": "liveActivity.contentState",
            "aps.attributes-type": "liveActivity.attributesType", "aps.attributes": "liveActivity.attributes",
            "aps.stale-date": "liveActivity.staleDate", "aps.dismissal-date": "liveActivity.dismissalDate", "aps": "liveActivity",
        ]
        guard let field = problem.field, let name = names[field] else { return problem }
        return PushError(problem.code, field: name, problem.message)
    }

    /// `{"message": …, "validate_only": true?}` for one addressee.
    package func requestBody(_ message: JSONObject, to addressee: Addressee) -> [UInt8] {
        var addressed = JSONObject()
        addressed[addressee.key] = .string(addressee.value.revealed)
        for (key, value) in message { addressed[key] = value }
        var body: JSONObject = ["message": .object(addressed)]
        if validateOnly { body["validate_only"] = true }
        return JSONWriter.bytes(from: .object(body))
    }

    /// The request: `authorization: Bearer <access token>` and the format version
    /// firebase-admin sends (`X-GOOG-API-FORMAT-VERSION: 2`, its `messaging.py`), which makes
    /// FCM put its error code in `error.details[]`.
    package func request(_ message: JSONObject, to addressee: Addressee, authorization: String) -> PushHTTPRequest {
        PushHTTPRequest(
            method: "POST", url: url,
            headers: [
                PushHTTPHeader("authorization", authorization, isSecret: true), PushHTTPHeader("content-type", "application/json"),
                PushHTTPHeader("x-goog-api-format-version", "2"),
            ],
            body: requestBody(message, to: addressee))
    }

    /// The fields FCM has no place for, refused by name.
    static func checkSupported(_ message: PushMessage) throws(PushError) {
        try message.checkExclusiveFields()
        if message.passthrough != nil {
            throw PushError(
                .unsupported, field: "passthrough",
                "FCM has no channel of its own on iOS (FirebaseMessaging 7.0 removed the direct channel): send a background push (contentAvailable) with customData"
            )
        }
        if message.badgeIncrement != nil {
            throw PushError(.unsupported, field: "badgeIncrement", "FCM keeps no badge count for a device: set badge")
        }
        let type = message.effectivePushType
        guard type == .alert || type == .background || type == .liveactivity else {
            throw PushError(
                .unsupported, field: "pushType", "this sender sends alert, background and liveactivity pushes through FCM, not \(type.rawValue)")
        }
        if let token = message.liveActivityToken {
            guard type == .liveactivity else {
                throw PushError(
                    .invalidPayload, field: "liveActivityToken",
                    "is set for a \(type.rawValue) push: FCM sends to an activity token a liveactivity push only (set liveActivity)")
            }
            guard isWellFormedActivityToken(token) else {
                throw PushError(
                    .invalidPayload, field: "liveActivityToken", "\(token.masked) is not an ActivityKit token (hex digits, an even number of them)")
            }
            if let priority = message.priority, !type.priorities.contains(priority.rawValue) {
                throw PushError(
                    .invalidPayload, field: "priority",
                    "is \(priority.rawValue): a Live Activity push goes at 10 or 5 (Apple, \"Sending notification requests to APNs\")")
            }
        } else if type == .liveactivity {
            throw PushError(
                .invalidPayload, field: "liveActivityToken",
                "missing: FCM sends a Live Activity push to the activity's token (apns.live_activity_token) beside the app's registration token")
        }
        if let label = message.analyticsLabel, !isAnalyticsLabel(label) {
            throw PushError(
                .invalidPayload, field: "analyticsLabel",
                "\"\(JSONFieldReader.displayKey(label))\" is not an FCM analytics label (expected 1 to \(maxAnalyticsLabelLength) of a-z, A-Z, 0-9, -, _, ., ~, %)"
            )
        }
        if message.customData["aps"] != nil {
            throw PushError(.invalidPayload, field: "customData.aps", "is reserved: the custom keys sit beside aps, they cannot replace it")
        }
    }

    /// `data`: every value a string, others as their compact JSON.
    static func data(_ custom: JSONObject) throws(PushError) -> JSONObject {
        var data = JSONObject()
        for (key, value) in custom {
            if reservedDataKeys.contains(key) || reservedDataPrefixes.contains(where: key.hasPrefix) {
                throw PushError(
                    .invalidPayload, field: "customData.\(JSONFieldReader.displayKey(key))",
                    "is reserved by FCM (from, message_type, gcm, and keys starting with google. or gcm.)")
            }
            if case .string(let text) = value {
                data[key] = .string(text)
            } else {
                data[key] = .string(JSONWriter.string(from: value))
            }
        }
        return data
    }

    /// `apns.headers`, every value a string ([v1] `ApnsConfig.headers`: "map (key: string, value: string)").
    static func headers(_ message: PushMessage, now: Double) throws(PushError) -> JSONObject {
        let type = message.effectivePushType
        var headers: JSONObject = ["apns-push-type": .string(type.rawValue)]
        if let priority = message.priority {
            headers["apns-priority"] = .string(String(priority.rawValue))
        } else if type == .background {
            headers["apns-priority"] = "5"
        }
        if let ttl = message.timeToLive {
            guard ttl >= 0 else { throw PushError(.outOfRange, field: "timeToLive", "is \(ttl), expected 0 or more seconds") }
            headers["apns-expiration"] = .string(ttl == 0 ? "0" : String(Int64(now) + Int64(ttl)))
        }
        if let collapseID = message.collapseID {
            guard collapseID.utf8.count <= maxCollapseIDBytes else {
                throw PushError(.outOfRange, field: "collapseID", "is \(collapseID.utf8.count) bytes, APNs takes at most \(maxCollapseIDBytes)")
            }
            headers["apns-collapse-id"] = .string(collapseID)
        }
        return headers
    }

    /// The one image `apns.fcm_options.image` can carry.
    static func image(_ message: PushMessage) throws(PushError) -> String? {
        guard let first = message.richMedia.first else { return nil }
        guard message.richMedia.count == 1, first.kind == .image else {
            throw PushError(
                .unsupported, field: "richMedia",
                "FCM carries one image (apns.fcm_options.image), not \(message.richMedia.count) entries or audio or video")
        }
        guard first.url.lowercased().hasPrefix("https://") else {
            throw PushError(.invalidPayload, field: "richMedia[0].url", "is not an HTTPS URL (FirebaseMessaging downloads the image over HTTPS)")
        }
        guard message.mutableContent else {
            throw PushError(
                .invalidPayload, field: "richMedia",
                "needs mutableContent: the app's service extension downloads the image (Firebase, \"Send an image in the notification payload\")")
        }
        return first.url
    }

    /// What the app receives: `aps` (the notification's title and body inside it, as FCM writes
    /// them), `data`'s keys beside it as strings, `fcm_options` with the image, and
    /// `gcm.message_id`, `"0"` until FCM assigns it.
    package func devicePayload(_ message: PushMessage) throws(PushError) -> JSONObject {
        let body = try self.message(message, now: 0)
        var payload = JSONObject()
        payload["aps"] = .object(message.apsDictionary)
        if case .object(let data)? = body["data"] {
            for (key, value) in data { payload[key] = value }
        }
        if let image = body["apns"]?["fcm_options"]?["image"] { payload["fcm_options"] = ["image": image] }
        payload[FCMDefinition.messageIDKey] = "0"
        return payload
    }
}
