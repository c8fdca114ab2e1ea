import Foundation
import PushBridgeCore
import PushBridgeJPushDefinition
import PushBridgeServer
import PushBridgeValidation

/// A message as JPush Push API v3's request.
///
/// Source for every field and limit: JPush's "REST API v3 Push"
/// (https://docs.jiguang.cn/jpush/server/push/rest_api_v3_push/, and its Markdown in
/// jpush/jpush-docs `zh/jpush/server/push/rest_api_v3_push.md`), cited below as [v3].
///
/// | Message | JPush field | Rule ([v3] unless said) |
/// |---|---|---|
/// | ``PushMessage/alert`` body only | `notification.ios.alert` (string) | a string or APNs' alert object |
/// | ``PushMessage/alert`` with title, subtitle or keys | `notification.ios.alert` (object) | APNs' alert keys |
/// | ``PushMessage/sound`` | `notification.ios.sound` | string |
/// | ``PushMessage/badge`` | `notification.ios.badge` | number; 0 clears |
/// | ``PushMessage/badgeIncrement`` | `notification.ios.badge` (`"+1"`, `"-1"`) | [v3]'s example `"badge": "+1"`; jpush-api-java-client `IosNotification.incrBadge` |
/// | ``PushMessage/criticalSound`` | `notification.ios.sound`: `{"critical": 1, "name", "volume"}` | delivered as `aps.sound` ([v3]: `ios` is "APNs 通知结构", forwarded to APNs; [v3] types `sound` as a string, so the dictionary is an inference from that forwarding) |
/// | ``PushMessage/contentAvailable`` | `notification.ios.content-available` | `true` |
/// | ``PushMessage/mutableContent`` | `notification.ios.mutable-content` | `true` |
/// | ``PushMessage/category``, ``PushMessage/threadID`` | `category`, `thread-id` | strings |
/// | ``PushMessage/interruptionLevel`` | `interruption-level` | jpush-api-java-client's `IosNotification` |
/// | ``PushMessage/customData`` | `notification.ios.extras` | delivered beside `aps` |
/// | ``PushMessage/passthrough`` | `message` (`msg_content`, `title`, `content_type`, `extras`) | over JPush's own connection |
/// | ``PushMessage/collapseID`` | `options.apns_collapse_id` | at most 64 bytes |
/// | ``PushMessage/timeToLive`` | `options.time_to_live` | seconds, at most 10 days; no effect on APNs notifications |
/// | ``PushMessage/environment``, else `jpush.production` | `options.apns_production` | absent means production; sent always |
/// | registration IDs / aliases | `audience.registration_id` / `audience.alias` | at most 1,000 per push: split |
/// | tags | `audience.tag` | at most 20 per push (an OR: not split, a device would get it twice) |
/// | everyone | `audience: "all"` | |
/// | ``PushPlatforms`` (`server.jpush.platform`) | `platform`: `["ios"]` by default, `"all"` | with `all`, `notification.android`: the alert's `title` and body (`alert`), the custom data (`extras`) |
///
/// ``PushMessage/richMedia`` (one entry, with `mutableContent`) rides in `notification.ios.extras`
/// under ``PushMessage/serviceExtensionMediaKey``, for the app's service extension (JPush's iOS
/// notification has no media field; its extension docs only report delivery).
///
/// `relevanceScore`, `targetContentID`, `priority` and a push type other than `alert` or
/// `background` have no JPush field: a message with them is refused, naming the field.
package struct JPushRequestBuilder: Sendable {
    /// The most registration IDs or aliases in one push ([v3] §audience).
    package static let maxIDsPerPush = 1_000
    /// The most tags in one push ([v3] §audience).
    package static let maxTags = 20
    /// The most bytes of `notification.ios`, braces included ([v3] §iOS; jpush-api-java-client
    /// `PushPayload.MAX_IOS_PAYLOAD_LENGTH`, 2024).
    package static let maxIOSBytes = 2_000
    /// The most bytes of `message` ([v3] §调用返回, code 1005).
    package static let maxMessageBytes = 4_000
    /// The longest `time_to_live`: 10 days ([v3] §options).
    package static let maxTimeToLive = 10 * 86_400

    package let baseURL: String
    /// The APNs environment of a message that names none (the configuration's `jpush.production`).
    package var environment: PushMessage.Environment = .production
    /// The devices it reaches: iOS only, or Android too ([v3] §platform: `"all"` or a list).
    package var platforms: PushPlatforms = .ios

    /// The request's JSON, without `audience`, `options.sendno` and `cid` (set per request).
    ///
    /// - Throws: ``PushError`` naming the field JPush cannot carry or whose limit it breaks.
    package func body(_ message: PushMessage) throws(PushError) -> JSONObject {
        try message.refuseFCMOnlyFields(provider: "JPush", liveActivity: true)
        for (field, isSet) in [
            ("relevanceScore", message.relevanceScore != nil), ("targetContentID", message.targetContentID != nil),
            ("priority", message.priority != nil),
        ] where isSet {
            throw PushError(.unsupported, field: field, "JPush's Push API v3 has no field for it (notification.ios documents none)")
        }
        if let type = message.pushType, type != .alert, type != .background {
            throw PushError(.unsupported, field: "pushType", "JPush sends alert and background pushes only, not \(type.rawValue)")
        }
        try message.checkExclusiveFields()
        var body: JSONObject = ["platform": platforms == .all ? "all" : ["ios"]]
        if message.hasNotification {
            var ios = JSONObject()
            if let alert = message.alert {
                let onlyBody = alert.title == nil && alert.subtitle == nil && !alert.isLocalized
                ios["alert"] = onlyBody ? .string(alert.body ?? "") : .object(alert.apsDictionary)
            } else if !message.contentAvailable {
                ios["alert"] = ""  // [v3]: an empty alert is not shown
            }
            if let sound = message.sound { ios["sound"] = .string(sound) }
            if let critical = message.criticalSound { ios["sound"] = critical.apsValue }
            if let badge = message.badge { ios["badge"] = .integer(Int64(badge)) }
            if let increment = message.badgeIncrement { ios["badge"] = .string(Self.signed(increment)) }
            if message.contentAvailable { ios["content-available"] = true }
            if message.mutableContent { ios["mutable-content"] = true }
            if let category = message.category { ios["category"] = .string(category) }
            if let threadID = message.threadID { ios["thread-id"] = .string(threadID) }
            if let level = message.interruptionLevel { ios["interruption-level"] = .string(level.rawValue) }
            var extras = message.customData
            // No media field in notification.ios: the URL rides in extras (delivered beside aps),
            // where the app's service extension reads it.
            if let media = try message.serviceExtensionMedia(provider: "JPush") { extras[media.key] = media.value }
            if !extras.isEmpty {
                for reserved in ["aps", JPushDefinition.messageIDKey] where message.customData[reserved] != nil {
                    throw PushError(.invalidPayload, field: "customData.\(reserved)", "is reserved by APNs or JPush")
                }
                ios["extras"] = .object(extras)
            }
            let size = JSONWriter.compactByteCount(of: .object(ios))
            guard size <= Self.maxIOSBytes else {
                throw PushError(.outOfRange, field: "notification.ios", "is \(size) bytes, JPush accepts at most \(Self.maxIOSBytes) (error 1005)")
            }
            var notification: JSONObject = ["ios": .object(ios)]
            // [v3] §android: alert (the text), title, extras; nothing else of the message maps.
            if platforms == .all, let text = try message.androidText(provider: "JPush") {
                var android: JSONObject = ["alert": .string(text.body)]
                if let title = text.title { android["title"] = .string(title) }
                if !message.customData.isEmpty { android["extras"] = .object(message.customData) }
                notification["android"] = .object(android)
            }
            body["notification"] = .object(notification)
        }
        if let passthrough = message.passthrough {
            var custom: JSONObject = ["msg_content": .string(passthrough.content)]
            if let title = passthrough.title { custom["title"] = .string(title) }
            if let type = passthrough.contentType { custom["content_type"] = .string(type) }
            if !passthrough.extras.isEmpty { custom["extras"] = .object(passthrough.extras) }
            let size = JSONWriter.compactByteCount(of: .object(custom))
            guard size <= Self.maxMessageBytes else {
                throw PushError(.outOfRange, field: "passthrough", "is \(size) bytes, JPush accepts at most \(Self.maxMessageBytes) (error 1005)")
            }
            body["message"] = .object(custom)
        }
        guard body["notification"] != nil || body["message"] != nil else {
            throw PushError(.invalidPayload, field: "message", "has nothing to send: set an alert, badge, sound, contentAvailable or passthrough")
        }
        var options: JSONObject = ["apns_production": .bool((message.environment ?? environment) == .production)]
        if let ttl = message.timeToLive {
            guard (0...Self.maxTimeToLive).contains(ttl) else {
                throw PushError(.outOfRange, field: "timeToLive", "is \(ttl), JPush accepts 0 to \(Self.maxTimeToLive) seconds")
            }
            options["time_to_live"] = .integer(Int64(ttl))
        }
        if let collapseID = message.collapseID {
            guard collapseID.utf8.count <= 64 else {
                throw PushError(.outOfRange, field: "collapseID", "is \(collapseID.utf8.count) bytes, JPush accepts at most 64")
            }
            options["apns_collapse_id"] = .string(collapseID)
        }
        body["options"] = .object(options)
        return body
    }

    /// `+3`, `-1`: a badge change as JPush's `badge` string ([v3] §iOS: `"+1"`;
    /// jpush-api-java-client `IosNotification.incrBadge`: "0~99999, and can be prefixed with + to
    /// add, - to minus").
    package static func signed(_ increment: Int) -> String {
        increment < 0 ? String(increment) : "+" + String(increment)
    }

    /// The audience of each push, with the targets each carries: IDs and aliases in groups of
    /// 1,000.
    ///
    /// - Throws: ``PushError`` naming `audience`: a kind JPush does not address, an empty list,
    ///   more than 20 tags, an empty ID.
    package static func audiences(_ audience: PushAudience) throws(PushError) -> [(audience: JSONValue, targets: [PushTarget])] {
        func grouped(_ ids: [SecretText], key: String, kind: PushTarget.Kind) throws(PushError) -> [(audience: JSONValue, targets: [PushTarget])] {
            guard !ids.isEmpty else { throw PushError(.invalidPayload, field: "audience", "is empty: expected at least one \(kind.rawValue)") }
            if let index = ids.firstIndex(where: \.isEmpty) {
                throw PushError(.invalidPayload, field: "audience[\(index)]", "is empty (JPush answers 1003)")
            }
            return stride(from: 0, to: ids.count, by: maxIDsPerPush).map { start in
                let slice = ids[start..<min(start + maxIDsPerPush, ids.count)]
                let value: JSONValue = [key: .array(slice.map { .string($0.revealed) })]
                return (value, slice.map { PushTarget(kind: kind, id: $0) })
            }
        }
        switch audience {
        case .registrationIDs(let ids): return try grouped(ids, key: "registration_id", kind: .registrationID)
        case .aliases(let ids): return try grouped(ids, key: "alias", kind: .alias)
        case .tags(let tags):
            guard !tags.isEmpty else { throw PushError(.invalidPayload, field: "audience", "is empty: expected at least one tag") }
            guard tags.count <= maxTags else {
                throw PushError(.outOfRange, field: "audience", "has \(tags.count) tags, JPush accepts at most \(maxTags) in one push")
            }
            return [(["tag": .array(tags.map { .string($0) })], audience.targets)]
        case .everyone: return [("all", audience.targets)]
        case .deviceTokens, .clientIDs:
            throw PushError(
                .unsupported, field: "audience", "JPush addresses registration IDs, aliases, tags or everyone, not \(audience.kind.rawValue)s")
        }
    }

    /// The push request: `body` with its audience, `sendno` and `cid` (none when JPush gave none).
    package func pushRequest(_ body: JSONObject, audience: JSONValue, sendno: Int, cid: String?, authorization: String) -> PushHTTPRequest {
        var body = body
        body["audience"] = audience
        if let cid { body["cid"] = .string(cid) }
        var options = body["options"]?.objectValue ?? [:]
        options["sendno"] = .integer(Int64(sendno))
        body["options"] = .object(options)
        return PushHTTPRequest(
            method: "POST", url: baseURL + "/v3/push",
            headers: [PushHTTPHeader("content-type", "application/json"), PushHTTPHeader("authorization", authorization, isSecret: true)],
            body: JSONWriter.bytes(from: .object(body)))
    }

    /// `GET /v3/push/cid?count=n`: `n` push IDs that make retries idempotent ([v3] §cid: "the
    /// same cid returns the first result and is not pushed again"; valid one day).
    package func cidRequest(count: Int, authorization: String) -> PushHTTPRequest {
        PushHTTPRequest(
            method: "GET", url: baseURL + "/v3/push/cid?count=\(count)&type=push",
            headers: [PushHTTPHeader("authorization", authorization, isSecret: true)])
    }

    /// `Basic base64(appKey:masterSecret)` ([v3] §调用验证).
    package static func basicAuthorization(appKey: SecretText, masterSecret: SecretText) -> String {
        "Basic " + Data("\(appKey.revealed):\(masterSecret.revealed)".utf8).base64EncodedString()
    }
}
