/// The parts of a payload's `aps` dictionary an app acts on, read once at the edge.
///
/// Reading is lenient: a key of the wrong type reads as absent here (the payload validator,
/// `pushbridge validate`, reports it), so a notification is never lost over a cosmetic field.
public struct APSContent: Sendable, Equatable {
    /// `aps.alert.title`.
    public let title: String?
    /// `aps.alert.subtitle`.
    public let subtitle: String?
    /// `aps.alert` when it is a string, else `aps.alert.body`.
    public let body: String?
    /// `aps.badge`.
    public let badge: Int?
    /// `aps.sound` when it is a string, else `aps.sound.name` (a critical alert sound).
    public let sound: String?
    /// `aps.category`: the category whose actions the notification offers.
    public let category: String?
    /// `aps.thread-id`: the group the notification belongs to.
    public let threadID: String?
    /// `aps.content-available` is the number 1: the push may run the app in the background.
    public let contentAvailable: Bool
    /// `aps.mutable-content` is the number 1: a notification service extension may change it.
    public let mutableContent: Bool
    /// `aps.alert` is present and non-empty (a string or a dictionary): the system shows it.
    public let hasAlert: Bool
    /// A silent push: content-available and no `alert`, `badge` or `sound` key at all.
    public let isSilent: Bool

    /// Reads the content of an `aps` dictionary.
    public init(aps: JSONObject) {
        let alert = aps["alert"]
        switch alert {
        case .string(let text):
            title = nil
            subtitle = nil
            body = text
        case .object(let fields):
            title = fields["title"]?.stringValue
            subtitle = fields["subtitle"]?.stringValue
            body = fields["body"]?.stringValue
        default:
            title = nil
            subtitle = nil
            body = nil
        }
        hasAlert = Self.showsAlert(alert)
        badge = aps["badge"]?.integerValue.flatMap { Int(exactly: $0) }
        switch aps["sound"] {
        case .string(let name): sound = name
        case .object(let critical): sound = critical["name"]?.stringValue
        default: sound = nil
        }
        category = aps["category"]?.stringValue
        threadID = aps["thread-id"]?.stringValue
        contentAvailable = Self.isNumberOne(aps["content-available"])
        mutableContent = Self.isNumberOne(aps["mutable-content"])
        isSilent = Self.isSilent(aps, contentAvailable: contentAvailable)
    }

    /// `aps.alert` is a non-empty string or a non-empty dictionary.
    package static func showsAlert(_ alert: JSONValue?) -> Bool {
        switch alert {
        case .string(let text): !text.isEmpty
        case .object(let fields): !fields.isEmpty
        default: false
        }
    }

    /// Content-available with no `alert`, `badge` or `sound` key at all.
    package static func isSilent(_ aps: JSONObject, contentAvailable: Bool) -> Bool {
        contentAvailable && aps["alert"] == nil && aps["badge"] == nil && aps["sound"] == nil
    }

    /// APNs flags are "the number 1": `1` or `1.0`, never `true`.
    package static func isNumberOne(_ value: JSONValue?) -> Bool {
        switch value {
        case .integer(1): true
        case .double(let number): number == 1
        default: false
        }
    }
}
