import PushBridge

/// Content made field by field: what a test's fake needs (an app reads its content from a
/// payload, `APSContent(aps:)`), so it lives in the test kit, not in every app.
extension APSContent {
    /// Content with every field given.
    public init(
        title: String? = nil, subtitle: String? = nil, body: String? = nil, badge: Int? = nil,
        sound: String? = nil, category: String? = nil, threadID: String? = nil,
        contentAvailable: Bool = false, mutableContent: Bool = false
    ) {
        self.init(aps: JSONObject())
        self.hasAlert = [title, subtitle, body].contains { !($0 ?? "").isEmpty }
        self.isSilent = contentAvailable && !hasAlert && badge == nil && sound == nil
        self.title = title
        self.subtitle = subtitle
        self.body = body
        self.badge = badge
        self.sound = sound
        self.category = category
        self.threadID = threadID
        self.contentAvailable = contentAvailable
        self.mutableContent = mutableContent
    }
}
