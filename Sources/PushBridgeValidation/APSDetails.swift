import PushBridgeCore

/// What else iOS reads in `aps`, beyond what an app acts on first (`APSContent`): the
/// interruption level, relevance, targeting, localisation, a critical alert's sound and a Live
/// Activity's fields (Apple, "Generating a remote notification", the payload key reference;
/// "Starting and updating Live Activities with ActivityKit push notifications").
///
/// Read leniently, as iOS does: a key of the wrong type reads as absent (``PayloadValidator``
/// reports it). For backends and tools: an app's runtime reads none of it, so it lives here, not
/// in `PushBridge`.
///
/// ```swift
/// let details = APSDetails(payload: notification.payload)
/// details.interruptionLevel // .timeSensitive
/// details.liveActivity?.event // "update"
/// ```
public struct APSDetails: Sendable, Hashable {
    /// `aps.interruption-level` (iOS 15+): how much the notification may interrupt.
    public enum InterruptionLevel: String, Sendable, Hashable, CaseIterable {
        /// Added to the list without lighting the screen or playing a sound.
        case passive
        /// Shown at once, the default.
        case active
        /// Shown at once, through Focus and the scheduled summary.
        case timeSensitive = "time-sensitive"
        /// Shown and sounded even in silent mode and Focus (needs Apple's entitlement).
        case critical
    }

    /// A critical alert's sound (`aps.sound` as a dictionary).
    public struct CriticalSound: Sendable, Hashable {
        /// `name`: the sound file, or `default`.
        public var name: String?
        /// `critical` is the number 1, read as every APNs flag (`1` or `1.0`, as the dispatch
        /// model reads it too; that iOS takes `1.0` is an inference, for a device to confirm).
        public var isCritical: Bool
        /// `volume`, from 0 to 1.
        public var volume: Double?

        /// A critical sound from its parts.
        public init(name: String?, isCritical: Bool, volume: Double?) {
            self.name = name
            self.isCritical = isCritical
            self.volume = volume
        }
    }

    /// The localisation keys and arguments of `aps.alert`.
    public struct Localization: Sendable, Hashable {
        /// `title-loc-key` and `title-loc-args`.
        public var titleKey: String?
        /// The title's arguments.
        public var titleArguments: [String] = []
        /// `subtitle-loc-key` and `subtitle-loc-args`.
        public var subtitleKey: String?
        /// The subtitle's arguments.
        public var subtitleArguments: [String] = []
        /// `loc-key` and `loc-args`: the body.
        public var bodyKey: String?
        /// The body's arguments.
        public var bodyArguments: [String] = []

        /// Localisation from its parts.
        public init(
            titleKey: String? = nil, titleArguments: [String] = [], subtitleKey: String? = nil, subtitleArguments: [String] = [],
            bodyKey: String? = nil, bodyArguments: [String] = []
        ) {
            self.titleKey = titleKey
            self.titleArguments = titleArguments
            self.subtitleKey = subtitleKey
            self.subtitleArguments = subtitleArguments
            self.bodyKey = bodyKey
            self.bodyArguments = bodyArguments
        }
    }

    /// A Live Activity push's fields (ActivityKit, iOS 16.1+).
    public struct LiveActivity: Sendable, Hashable {
        /// `event`: `start`, `update` or `end`.
        public var event: String?
        /// `timestamp`, seconds since 1970: iOS drops an update older than the one it has.
        public var timestamp: Int64?
        /// `content-state`: the activity's dynamic content.
        public var contentState: JSONObject?
        /// `attributes-type`: the `ActivityAttributes` type a start creates.
        public var attributesType: String?
        /// `attributes`: the start's static attributes.
        public var attributes: JSONObject?
        /// `stale-date`, seconds since 1970.
        public var staleDate: Int64?
        /// `dismissal-date`, seconds since 1970: when an ended activity leaves the Lock Screen.
        public var dismissalDate: Int64?

        /// Live Activity fields from their parts.
        public init(
            event: String? = nil, timestamp: Int64? = nil, contentState: JSONObject? = nil, attributesType: String? = nil,
            attributes: JSONObject? = nil, staleDate: Int64? = nil, dismissalDate: Int64? = nil
        ) {
            self.event = event
            self.timestamp = timestamp
            self.contentState = contentState
            self.attributesType = attributesType
            self.attributes = attributes
            self.staleDate = staleDate
            self.dismissalDate = dismissalDate
        }
    }

    /// `aps.interruption-level`.
    public var interruptionLevel: InterruptionLevel?
    /// `aps.relevance-score`: 0 to 1 for a notification (the summary's order), any number for a
    /// Live Activity.
    public var relevanceScore: Double?
    /// `aps.target-content-id`: the window or content a tap brings forward.
    public var targetContentID: String?
    /// `aps.filter-criteria`: the Focus filter that decides whether it shows.
    public var filterCriteria: String?
    /// The alert's localisation keys and arguments, when it has any.
    public var localization: Localization?
    /// A critical alert's sound, when `aps.sound` is a dictionary.
    public var criticalSound: CriticalSound?
    /// A Live Activity's fields, when `aps` has any.
    public var liveActivity: LiveActivity?

    /// Nothing beyond `APSContent`.
    public init() {}

    /// The keys whose presence makes a payload carry details.
    static let keys: Set<String> = [
        "interruption-level", "relevance-score", "target-content-id", "filter-criteria", "timestamp", "event", "content-state",
        "attributes-type", "attributes", "stale-date", "dismissal-date",
    ]

    /// The details of a payload's `aps` dictionary (none when it has no `aps` object).
    public init(payload: JSONObject) {
        self.init(aps: payload["aps"]?.objectValue ?? JSONObject())
    }

    /// The details of an `aps` dictionary: empty when it has none.
    public init(aps: JSONObject) {
        self = Self.read(aps) ?? APSDetails()
    }

    /// Reads the details of an `aps` dictionary, or `nil` when it has none.
    static func read(_ aps: JSONObject) -> APSDetails? {
        let alert = aps["alert"]?.objectValue
        let criticalSound = aps["sound"]?.objectValue
        guard criticalSound != nil || alert.map(hasLocalization) == true || aps.contains(where: { keys.contains($0.key) }) else { return nil }
        var details = APSDetails()
        details.interruptionLevel = aps["interruption-level"]?.stringValue.flatMap(InterruptionLevel.init(rawValue:))
        details.relevanceScore = number(aps["relevance-score"])
        details.targetContentID = aps["target-content-id"]?.stringValue
        details.filterCriteria = aps["filter-criteria"]?.stringValue
        if let alert, hasLocalization(alert) {
            details.localization = Localization(
                titleKey: alert["title-loc-key"]?.stringValue, titleArguments: strings(alert["title-loc-args"]),
                subtitleKey: alert["subtitle-loc-key"]?.stringValue, subtitleArguments: strings(alert["subtitle-loc-args"]),
                bodyKey: alert["loc-key"]?.stringValue, bodyArguments: strings(alert["loc-args"]))
        }
        if let criticalSound {
            details.criticalSound = CriticalSound(
                name: criticalSound["name"]?.stringValue, isCritical: APSContent.isNumberOne(criticalSound["critical"]),
                volume: number(criticalSound["volume"]))
        }
        let activity = LiveActivity(
            event: aps["event"]?.stringValue, timestamp: aps["timestamp"]?.integerValue, contentState: aps["content-state"]?.objectValue,
            attributesType: aps["attributes-type"]?.stringValue, attributes: aps["attributes"]?.objectValue,
            staleDate: aps["stale-date"]?.integerValue, dismissalDate: aps["dismissal-date"]?.integerValue)
        if activity != LiveActivity() { details.liveActivity = activity }
        return details
    }

    private static func hasLocalization(_ alert: JSONObject) -> Bool {
        ["title-loc-key", "subtitle-loc-key", "loc-key"].contains { alert[$0] != nil }
    }

    private static func number(_ value: JSONValue?) -> Double? {
        switch value {
        case .integer(let number): Double(number)
        case .double(let number): number
        default: nil
        }
    }

    private static func strings(_ value: JSONValue?) -> [String] {
        value?.arrayValue?.compactMap(\.stringValue) ?? []
    }
}
