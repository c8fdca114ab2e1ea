import Foundation
import PushBridgeCore
import PushBridgeServer

/// A message as Getui RestAPI v2's requests.
///
/// Sources: Getui "RestAPI V2 推送" (https://docs.getui.com/getui/server/rest_v2/push) and the
/// official getui-pushapi-java-client-v2's request types (`dto/req/message/ios/IosDTO.java`,
/// `Aps.java`, `Alert.java`, `dto/req/Audience.java`, `Settings.java`), cited as [push] and
/// [sdk].
///
/// | Message | Getui field | Rule |
/// |---|---|---|
/// | ``PushMessage/alert`` | `push_channel.ios.aps.alert` (`title`, `subtitle`, `body`, `title-loc-key`, `title-loc-args`, `loc-key`, `loc-args`) | [sdk] `Alert.java` |
/// | ``PushMessage/sound`` | `push_channel.ios.aps.sound` | [sdk] `Aps.java` |
/// | ``PushMessage/badge`` | `push_channel.ios.auto_badge` (`"3"`) | [sdk] `IosDTO.java`: `"+1"`, `"-1"` or a number, as a string |
/// | ``PushMessage/badgeIncrement`` | `push_channel.ios.auto_badge` (`"+1"`, `"-1"`) | [sdk] `IosDTO.java`: "显示数字的自动增减" |
/// | ``PushMessage/richMedia`` | `push_channel.ios.multimedia`: `[{url, type: 1 image, 2 audio, 3 video, only_wifi}]` | [sdk] `IosDTO.java`, `Multimedia.java`; the app's service extension attaches it (Getui's extension SDK) |
/// | ``PushMessage/contentAvailable`` | `push_channel.ios.aps.content-available: 1` | [sdk] `Aps.java` |
/// | ``PushMessage/category``, ``PushMessage/threadID`` | `aps.category`, `aps.thread-id` | [sdk] `Aps.java` |
/// | ``PushMessage/customData`` | `push_channel.ios.payload` (a JSON string; the device gets `payload` beside `aps`) | [sdk] `IosDTO.java` |
/// | ``PushMessage/collapseID`` | `push_channel.ios.apns-collapse-id` | [sdk] `IosDTO.java` |
/// | ``PushMessage/passthrough`` | `push_message.transmission` | [push]: one of `notification`, `transmission`, `revoke` |
/// | ``PushMessage/timeToLive`` | `settings.ttl` in milliseconds, at most 3 days; `0` (one attempt, not kept for an offline device) is `-1` | [push] §settings: "消息离线时间设置，单位毫秒，-1表示不设离线，-1 ～ 3 * 24 * 3600 * 1000(3天)之间", default 1 hour; [sdk] `Settings.java` |
/// | one per request | `request_id` (10–32 characters) | [push]: "a repeated request_id is dropped": the idempotency key |
///
/// `push_message` is required ([push]); a message with no passthrough sends the custom data's
/// JSON as the transmission, which the app's Getui SDK hands over only while it is connected
/// (Getui's default strategy sends through its own channel when the app is online, through APNs
/// otherwise: [push] `settings.strategy`).
///
/// `mutableContent`, `interruptionLevel`, `relevanceScore`, `targetContentID`, `priority`,
/// `criticalSound` (Getui's `aps.sound` is a string) and a push type other than `alert` or
/// `background` have no field in Getui's `ios.aps`: refused, naming the field.
package struct GetuiRequestBuilder: Sendable {
    /// The most client IDs or aliases in one `/push/list/*` call (commonly quoted as 1,000;
    /// not stated on the pages we could read: an inference).
    package static let maxIDsPerListPush = 1_000
    /// The longest `ttl`: 3 days, in seconds ([push]: 3 × 24 × 3600 × 1000 milliseconds).
    package static let maxTimeToLive = 3 * 86_400
    /// `settings.ttl` for a message not kept for an offline device ([push] §settings:
    /// "-1表示不设离线", -1 means no offline storage).
    package static let noOfflineStorage: Int64 = -1

    /// `https://restapi.getui.com/v2/{appId}` ([sdk] `GtApiConfiguration`, `DefaultApiClient.genFullUrl`).
    package let baseURL: String
    /// The devices it reaches: iOS only, or Android's vendor channels too.
    package var platforms: PushPlatforms

    package init(baseURL: String, platforms: PushPlatforms = .ios) {
        self.baseURL = baseURL
        self.platforms = platforms
    }

    /// The message's part of every push body: `settings`, `push_message`, `push_channel`.
    ///
    /// - Throws: ``PushError`` naming the field Getui cannot carry.
    package func content(_ message: PushMessage) throws(PushError) -> JSONObject {
        try message.refuseFCMOnlyFields(provider: "Getui", liveActivity: true)
        // With media, mutableContent is what a portable message sets for APNs, JPush and FCM:
        // Getui's multimedia reaches its service extension without it (an inference from its
        // extension SDK; ios.aps has no such field). Alone it has no field: refused.
        for (field, isSet) in [
            ("mutableContent", message.mutableContent && message.richMedia.isEmpty), ("interruptionLevel", message.interruptionLevel != nil),
            ("relevanceScore", message.relevanceScore != nil), ("targetContentID", message.targetContentID != nil),
            ("priority", message.priority != nil),
        ] where isSet {
            throw PushError(
                .unsupported, field: field, "Getui's push_channel.ios has no field for it (getui-pushapi-java-client-v2 Aps.java, IosDTO.java)")
        }
        if let type = message.pushType, type != .alert, type != .background {
            throw PushError(.unsupported, field: "pushType", "Getui sends notify pushes (alert or background) here, not \(type.rawValue)")
        }
        if message.criticalSound != nil {
            throw PushError(.unsupported, field: "criticalSound", "Getui's ios.aps.sound is a file name only (getui-pushapi-java-client-v2 Aps.java)")
        }
        try message.checkExclusiveFields()
        var content = JSONObject()
        if let ttl = message.timeToLive {
            guard (0...Self.maxTimeToLive).contains(ttl) else {
                throw PushError(.outOfRange, field: "timeToLive", "is \(ttl), Getui keeps a message 0 to \(Self.maxTimeToLive) seconds")
            }
            // -1 is Getui's "no offline storage" ("-1表示不设离线"): what 0 means for APNs and JPush.
            content["settings"] = ["ttl": .integer(ttl == 0 ? Self.noOfflineStorage : Int64(ttl) * 1000)]
        }
        let transmission = message.passthrough?.content ?? JSONWriter.string(from: .object(message.customData))
        content["push_message"] = ["transmission": .string(transmission)]
        if message.hasNotification {
            var aps = JSONObject()
            if let alert = message.alert { aps["alert"] = .object(alert.apsDictionary) }
            if let sound = message.sound { aps["sound"] = .string(sound) }
            if message.contentAvailable { aps["content-available"] = 1 }
            if let category = message.category { aps["category"] = .string(category) }
            if let threadID = message.threadID { aps["thread-id"] = .string(threadID) }
            var ios: JSONObject = ["type": "notify", "aps": .object(aps)]
            if let badge = message.badge { ios["auto_badge"] = .string(String(badge)) }
            if let increment = message.badgeIncrement { ios["auto_badge"] = .string(increment < 0 ? String(increment) : "+" + String(increment)) }
            if !message.richMedia.isEmpty {
                ios["multimedia"] = .array(
                    message.richMedia.map { media in
                        ["url": .string(media.url), "type": .integer(Int64(media.kind.getuiType)), "only_wifi": .bool(media.onlyWiFi)]
                    })
            }
            if !message.customData.isEmpty {
                if message.customData["aps"] != nil { throw PushError(.invalidPayload, field: "customData.aps", "is reserved by APNs") }
                ios["payload"] = .string(JSONWriter.string(from: .object(message.customData)))
            }
            if let collapseID = message.collapseID {
                guard collapseID.utf8.count <= 64 else {
                    throw PushError(.outOfRange, field: "collapseID", "is \(collapseID.utf8.count) bytes, APNs accepts at most 64")
                }
                ios["apns-collapse-id"] = .string(collapseID)
            }
            var channel: JSONObject = ["ios": .object(ios)]
            // [push] §push_channel.android.ups.notification: title, body, click_type; the vendor
            // channels (offline Android devices). Online, Android gets the transmission.
            if platforms == .all, let text = try message.androidText(provider: "Getui") {
                channel["android"] = [
                    "ups": ["notification": ["title": .string(text.title ?? ""), "body": .string(text.body), "click_type": "startapp"]]
                ]
            }
            content["push_channel"] = .object(channel)
        }
        return content
    }

    /// A push request to `path` (`/push/single/cid`, …) with `body`, authenticated by `token`.
    package func request(_ path: String, body: JSONObject, token: String) -> PushHTTPRequest {
        PushHTTPRequest(
            method: "POST", url: baseURL + path,
            headers: [PushHTTPHeader("content-type", "application/json;charset=utf-8"), PushHTTPHeader("token", token, isSecret: true)],
            body: JSONWriter.bytes(from: .object(body)))
    }

    /// `POST /auth` with `sign = sha256(appkey + timestamp + mastersecret)` (hex) and the
    /// timestamp in milliseconds (Getui "RestAPI V2 鉴权", https://docs.getui.com/getui/server/rest_v2/token).
    package func authRequest(appKey: SecretText, masterSecret: SecretText, milliseconds: Int64) -> PushHTTPRequest {
        let timestamp = String(milliseconds)
        let sign = SHA256.hexDigest(appKey.revealed + timestamp + masterSecret.revealed)
        let body: JSONObject = ["sign": .string(sign), "timestamp": .string(timestamp), "appkey": .string(appKey.revealed)]
        return PushHTTPRequest(
            method: "POST", url: baseURL + "/auth", headers: [PushHTTPHeader("content-type", "application/json;charset=utf-8")],
            body: JSONWriter.bytes(from: .object(body)))
    }

    /// A `request_id`: 32 characters, unique ([push]: 10 to 32).
    package static func newRequestID() -> String {
        UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    /// The `request_id` of a push to `targets` of `message`: 32 hex digits of the digest of its
    /// ``PushMessage/idempotenceKey`` and the targets' IDs, the same on every send; a new one
    /// when no key is set.
    package static func requestID(for message: PushMessage, targets: [PushTarget]) -> String {
        guard let digest = message.idempotenceDigest(targets.map { $0.id?.revealed ?? $0.kind.rawValue }) else { return newRequestID() }
        return digest.prefix(16).map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}
