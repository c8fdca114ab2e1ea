import PushBridgeCore
import PushBridgeValidation

extension PushMessage {
    /// The `aps` dictionary APNs delivers for this message: the keys of Apple's "Generating a
    /// remote notification" payload key reference
    /// (https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification),
    /// each only when set.
    public var apsDictionary: JSONObject {
        var aps = JSONObject()
        if let alert { aps["alert"] = .object(alert.apsDictionary) }
        if let badge { aps["badge"] = .integer(Int64(badge)) }
        if let sound { aps["sound"] = .string(sound) }
        if let criticalSound { aps["sound"] = criticalSound.apsValue }
        if let threadID { aps["thread-id"] = .string(threadID) }
        if let category { aps["category"] = .string(category) }
        if contentAvailable { aps["content-available"] = 1 }
        if mutableContent { aps["mutable-content"] = 1 }
        if let targetContentID { aps["target-content-id"] = .string(targetContentID) }
        if let interruptionLevel { aps["interruption-level"] = .string(interruptionLevel.rawValue) }
        if let relevanceScore { aps["relevance-score"] = .double(relevanceScore) }
        if let liveActivity {
            if let event = liveActivity.event { aps["event"] = .string(event) }
            if let timestamp = liveActivity.timestamp { aps["timestamp"] = .integer(timestamp) }
            if let state = liveActivity.contentState { aps["content-state"] = .object(state) }
            if let type = liveActivity.attributesType { aps["attributes-type"] = .string(type) }
            if let attributes = liveActivity.attributes { aps["attributes"] = .object(attributes) }
            if let date = liveActivity.staleDate { aps["stale-date"] = .integer(date) }
            if let date = liveActivity.dismissalDate { aps["dismissal-date"] = .integer(date) }
        }
        return aps
    }

    /// Refuses the fields only FCM carries (``liveActivityToken``, ``analyticsLabel``) for a
    /// sender through `provider` that has no place for them, naming the field; with
    /// `liveActivity`, also ``liveActivity`` (JPush and Getui have no Live Activity field).
    package func refuseFCMOnlyFields(provider: String, liveActivity refusesLiveActivity: Bool = false) throws(PushError) {
        if let liveActivityToken {
            let how =
                provider == "APNs"
                ? "APNs sends a Live Activity push to the activity's token as its device token: put \(liveActivityToken.masked) in the audience (deviceTokens)"
                : "it is FCM's apns.live_activity_token"
            throw PushError(.unsupported, field: "liveActivityToken", "\(provider) has no such field: \(how)")
        }
        if analyticsLabel != nil {
            throw PushError(
                .unsupported, field: "analyticsLabel", "\(provider) has no analytics label (it is FCM's fcm_options.analytics_label): leave it unset")
        }
        if refusesLiveActivity, liveActivity != nil {
            throw PushError(.unsupported, field: "liveActivity", "\(provider)'s sender has no Live Activity push: send it through APNs or FCM")
        }
    }

    /// The whole payload APNs delivers: `aps` and the custom keys beside it.
    ///
    /// - Throws: `PushError` naming `customData.aps` when a custom key would replace `aps`, or
    ///   the second of two fields that exclude each other (``checkExclusiveFields()``).
    public func apnsPayload() throws(PushError) -> JSONObject {
        try checkExclusiveFields()
        if customData["aps"] != nil {
            throw PushError(.invalidPayload, field: "customData.aps", "is reserved: the custom keys sit beside aps, they cannot replace it")
        }
        var payload = JSONObject()
        payload["aps"] = .object(apsDictionary)
        for (key, value) in customData { payload[key] = value }
        return payload
    }
}

extension PushMessage.Alert {
    /// The `alert` dictionary: `title`, `subtitle`, `body`, `title-loc-key`, `title-loc-args`,
    /// `loc-key`, `loc-args`, `subtitle-loc-key`, `subtitle-loc-args` (Apple's alert keys), each
    /// only when set.
    public var apsDictionary: JSONObject {
        var alert = JSONObject()
        if let title { alert["title"] = .string(title) }
        if let subtitle { alert["subtitle"] = .string(subtitle) }
        if let body { alert["body"] = .string(body) }
        if let titleLocKey { alert["title-loc-key"] = .string(titleLocKey) }
        if let titleLocArgs { alert["title-loc-args"] = .array(titleLocArgs.map { .string($0) }) }
        if let locKey { alert["loc-key"] = .string(locKey) }
        if let locArgs { alert["loc-args"] = .array(locArgs.map { .string($0) }) }
        if let subtitleLocKey { alert["subtitle-loc-key"] = .string(subtitleLocKey) }
        if let subtitleLocArgs { alert["subtitle-loc-args"] = .array(subtitleLocArgs.map { .string($0) }) }
        return alert
    }
}
