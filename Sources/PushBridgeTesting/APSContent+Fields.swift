import PushBridge

/// Content made field by field: what a test's fake needs (an app reads its content from a
/// payload, `APSContent(aps:)`), so it lives in the test kit, not in every app.
extension APSContent {
    /// Content with every field given: read, as an app's would be, from the `aps` dictionary that
    /// carries these fields (`alert` holds the title, subtitle and body given).
    public init(
        title: String? = nil, subtitle: String? = nil, body: String? = nil, badge: Int? = nil,
        sound: String? = nil, category: String? = nil, threadID: String? = nil,
        contentAvailable: Bool = false, mutableContent: Bool = false
    ) {
        var alert = JSONObject()
        alert["title"] = title.map { .string($0) }
        alert["subtitle"] = subtitle.map { .string($0) }
        alert["body"] = body.map { .string($0) }
        var aps = JSONObject()
        aps["alert"] = alert.isEmpty ? nil : .object(alert)
        aps["badge"] = badge.map { .integer(Int64($0)) }
        aps["sound"] = sound.map { .string($0) }
        aps["category"] = category.map { .string($0) }
        aps["thread-id"] = threadID.map { .string($0) }
        aps["content-available"] = contentAvailable ? .integer(1) : nil
        aps["mutable-content"] = mutableContent ? .integer(1) : nil
        self.init(aps: aps)
    }
}
