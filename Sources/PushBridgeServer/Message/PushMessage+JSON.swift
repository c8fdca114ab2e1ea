import PushBridgeCore
import PushBridgeValidation

extension PushMessage {
    /// The fields of a message file, in the order ``init(json:)`` reads them.
    public static let jsonFields = [
        "alert", "badge", "sound", "category", "threadID", "interruptionLevel", "relevanceScore", "contentAvailable", "mutableContent",
        "targetContentID", "customData", "passthrough", "collapseID", "timeToLive", "priority", "pushType", "environment",
        "criticalSound", "badgeIncrement", "richMedia", "liveActivity", "liveActivityToken", "analyticsLabel",
    ]

    /// Reads a message file (what `pushbridge send` takes): the fields of ``PushMessage`` by
    /// their Swift names; `alert` is an object (`title`, `subtitle`, `body`, `titleLocKey`,
    /// `titleLocArgs`, `locKey`, `locArgs`, `subtitleLocKey`, `subtitleLocArgs`) or a string, the
    /// body alone; `criticalSound` is `{"name", "volume"}`; `richMedia` a list of `{"url",
    /// "kind": "image"|"audio"|"video", "onlyWiFi"}`; `liveActivity` is `{"event", "timestamp",
    /// "contentState", "attributesType", "attributes", "staleDate", "dismissalDate"}`;
    /// `liveActivityToken` and `analyticsLabel` are strings (FCM's).
    ///
    /// ```json
    /// {"alert": {"title": "Order shipped", "body": "Arrives Thursday"}, "badge": 1,
    ///  "customData": {"orderID": "A-1042"}, "collapseID": "order-A-1042"}
    /// ```
    ///
    /// - Throws: `PushError` naming the first field that is unknown, of the wrong type or out
    ///   of range.
    public init(json: JSONValue) throws(PushError) {
        guard case .object(let object) = json else {
            throw PushError(.invalidPayload, field: "message", "is \(json.typeDescription), expected an object")
        }
        let fields = JSONFieldReader(object, code: .invalidPayload)
        try fields.rejectUnknownKeys(Self.jsonFields)
        self.init()
        switch object["alert"] {
        case nil: break
        case .string(let body)?: alert = Alert(body: body)
        case .object(let members)?: alert = try Alert(json: members, path: "alert")
        case let value?: throw fields.typeError("alert", value, expected: "an object or a string")
        }
        badge = try Self.integer(fields, "badge", in: 0...99_999)
        sound = try fields.string("sound")
        category = try fields.string("category")
        threadID = try fields.string("threadID")
        interruptionLevel = try fields.choice("interruptionLevel", InterruptionLevel.self)
        if let value = object["relevanceScore"] {
            guard let score = value.numberValue, (0...1).contains(score) else {
                throw fields.error("relevanceScore", "is \(value.typeDescription), expected a number from 0 to 1")
            }
            relevanceScore = score
        }
        contentAvailable = try fields.bool("contentAvailable") ?? false
        mutableContent = try fields.bool("mutableContent") ?? false
        targetContentID = try fields.string("targetContentID")
        customData = try fields.object("customData") ?? [:]
        if let members = try fields.object("passthrough") {
            passthrough = try Passthrough(json: members, path: "passthrough")
        }
        collapseID = try fields.string("collapseID")
        timeToLive = try Self.integer(fields, "timeToLive", in: 0...Int(Int32.max))
        if let value = try Self.integer(fields, "priority", in: 1...10) {
            guard let choice = Priority(rawValue: value) else { throw fields.error("priority", "is \(value), expected 10, 5 or 1") }
            priority = choice
        }
        pushType = try fields.choice("pushType", PayloadValidator.PushType.self)
        environment = try fields.choice("environment", Environment.self)
        if let members = try fields.object("criticalSound") {
            criticalSound = try CriticalSound(json: members, path: "criticalSound")
        }
        badgeIncrement = try Self.integer(fields, "badgeIncrement", in: -99_999...99_999)
        if let value = object["richMedia"] {
            guard case .array(let entries) = value else { throw fields.typeError("richMedia", value, expected: "an array of objects") }
            richMedia = try entries.enumerated().map { (index, entry) throws(PushError) -> RichMedia in
                guard case .object(let members) = entry else {
                    throw fields.error("richMedia[\(index)]", "is \(entry.typeDescription), expected an object (url, kind, onlyWiFi)")
                }
                return try RichMedia(json: members, path: "richMedia[\(index)]")
            }
        }
        if let members = try fields.object("liveActivity") {
            liveActivity = try APSDetails.LiveActivity(json: members, path: "liveActivity")
        }
        if let token = try fields.string("liveActivityToken") { liveActivityToken = SecretText(token) }
        analyticsLabel = try fields.string("analyticsLabel")
        try checkExclusiveFields()
    }

    private static func integer(_ fields: JSONFieldReader, _ key: String, in range: ClosedRange<Int>) throws(PushError) -> Int? {
        guard let value = fields.object[key] else { return nil }
        let expected = "expected an integer from \(range.lowerBound) to \(range.upperBound)"
        guard case .integer(let number) = value else { throw fields.error(key, "is \(value.typeDescription), \(expected)") }
        guard let int = Int(exactly: number), range.contains(int) else { throw fields.error(key, "is \(number), \(expected)") }
        return int
    }
}

extension PushMessage.Alert {
    init(json object: JSONObject, path: String) throws(PushError) {
        let fields = JSONFieldReader(object, path: path, code: .invalidPayload)
        try fields.rejectUnknownKeys([
            "title", "subtitle", "body", "titleLocKey", "titleLocArgs", "locKey", "locArgs", "subtitleLocKey", "subtitleLocArgs",
        ])
        self.init(
            title: try fields.string("title"), subtitle: try fields.string("subtitle"), body: try fields.string("body"),
            titleLocKey: try fields.string("titleLocKey"), titleLocArgs: try fields.strings("titleLocArgs"), locKey: try fields.string("locKey"),
            locArgs: try fields.strings("locArgs"), subtitleLocKey: try fields.string("subtitleLocKey"),
            subtitleLocArgs: try fields.strings("subtitleLocArgs"))
    }
}

extension APSDetails.LiveActivity {
    init(json object: JSONObject, path: String) throws(PushError) {
        let fields = JSONFieldReader(object, path: path, code: .invalidPayload)
        try fields.rejectUnknownKeys(["event", "timestamp", "contentState", "attributesType", "attributes", "staleDate", "dismissalDate"])
        func seconds(_ key: String) throws(PushError) -> Int64? {
            guard let value = object[key] else { return nil }
            guard case .integer(let number) = value, number >= 0 else {
                throw fields.error(fields.path(of: key), "is \(JSONFieldReader.shown(value)), expected seconds since 1970 (an integer, 0 or more)")
            }
            return number
        }
        self.init(
            event: try fields.string("event"), timestamp: try seconds("timestamp"), contentState: try fields.object("contentState"),
            attributesType: try fields.string("attributesType"), attributes: try fields.object("attributes"), staleDate: try seconds("staleDate"),
            dismissalDate: try seconds("dismissalDate"))
    }
}

extension PushMessage.CriticalSound {
    init(json object: JSONObject, path: String) throws(PushError) {
        let fields = JSONFieldReader(object, path: path, code: .invalidPayload)
        try fields.rejectUnknownKeys(["name", "volume"])
        self.init(name: try fields.string("name") ?? "default")
        if let value = object["volume"] {
            guard let number = value.numberValue, (0...1).contains(number) else {
                throw fields.error(fields.path(of: "volume"), "is \(JSONFieldReader.shown(value)), expected a number from 0 to 1")
            }
            volume = number
        }
    }
}

extension PushMessage.RichMedia {
    init(json object: JSONObject, path: String) throws(PushError) {
        let fields = JSONFieldReader(object, path: path, code: .invalidPayload)
        try fields.rejectUnknownKeys(["url", "kind", "onlyWiFi"])
        guard let url = try fields.string("url"), !url.isEmpty else {
            throw fields.error(fields.path(of: "url"), "missing (expected the resource's address)")
        }
        guard let kind = try fields.choice("kind", Kind.self) else {
            throw fields.error(fields.path(of: "kind"), "missing (expected image, audio or video)")
        }
        self.init(url: url, kind: kind, onlyWiFi: try fields.bool("onlyWiFi") ?? false)
    }
}

extension PushMessage.Passthrough {
    init(json object: JSONObject, path: String) throws(PushError) {
        let fields = JSONFieldReader(object, path: path, code: .invalidPayload)
        try fields.rejectUnknownKeys(["content", "title", "contentType", "extras"])
        guard let content = try fields.string("content") else { throw fields.error(fields.path(of: "content"), "missing (required)") }
        self.init(
            content: content, title: try fields.string("title"), contentType: try fields.string("contentType"),
            extras: try fields.object("extras") ?? [:])
    }
}
