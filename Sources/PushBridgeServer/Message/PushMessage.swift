import PushBridgeCore
import PushBridgeValidation

/// One notification to send, in no provider's terms: each provider's sender translates it into
/// its own request (see the "Sending from a server" article for the field-by-field tables).
///
/// ```swift
/// var message = PushMessage(alert: .init(title: "Order shipped", body: "Arrives Thursday"))
/// message.badge = 1
/// message.customData = ["orderID": "A-1042"]
/// ```
///
/// A field a provider cannot carry is an error naming the field when the request is built,
/// never dropped silently.
public struct PushMessage: Sendable, Hashable {
    /// The alert: literal text, or localisation keys the app's strings resolve on the device.
    public var alert: Alert?
    /// The number on the app's icon; `0` clears it.
    public var badge: Int?
    /// A sound file in the app's bundle, or `"default"`.
    public var sound: String?
    /// The notification category (its actions), as the app registered it.
    public var category: String?
    /// The thread that groups notifications (`thread-id`).
    public var threadID: String?
    /// How the notification interrupts (iOS 15+).
    public var interruptionLevel: InterruptionLevel?
    /// The summary's ranking, 0 to 1 (iOS 15+).
    public var relevanceScore: Double?
    /// `content-available: 1`: wake the app in the background.
    public var contentAvailable: Bool
    /// `mutable-content: 1`: hand the notification to the app's service extension first.
    public var mutableContent: Bool
    /// The window a tap brings forward (`target-content-id`).
    public var targetContentID: String?
    /// The keys beside `aps` the app reads (JPush `extras`, Getui `payload`).
    public var customData: JSONObject
    /// A message handed to the running app only, never shown: JPush's `message`, Getui's
    /// `transmission`. APNs has none.
    public var passthrough: Passthrough?
    /// Notifications with the same collapse ID replace one another on the device (64 bytes at most).
    public var collapseID: String?
    /// How long the provider keeps trying an offline device, in seconds; `0` means one attempt.
    public var timeToLive: Int?
    /// How urgently to deliver.
    public var priority: Priority?
    /// The APNs push type; absent, `alert`, or `background` for a message with
    /// `content-available` and nothing to show.
    public var pushType: PayloadValidator.PushType?
    /// Which APNs environment the device's token belongs to; `nil` (the default): the sender's,
    /// which its configuration sets (`server.apns.environment`, `jpush.production`; production
    /// when it says nothing). Set it only to override the configuration for this message.
    public var environment: Environment?
    /// A critical alert's sound (`aps.sound` as `{"critical": 1, "name": …, "volume": …}`), in
    /// place of ``sound``; the app needs Apple's critical-alerts entitlement. APNs and JPush.
    public var criticalSound: CriticalSound?
    /// A change to the badge the provider counts for the device (`+1`, `-1`), in place of
    /// ``badge``: JPush's `"+N"`, Getui's `auto_badge`. APNs keeps no count: refused there.
    public var badgeIncrement: Int?
    /// Pictures, sounds or videos the provider's service extension attaches: Getui's
    /// `ios.multimedia`. APNs and JPush have no such field: refused there.
    public var richMedia: [RichMedia]
    /// A key that makes the requests of this message to the same targets the same requests
    /// again: set, each sender derives its requests' idempotence keys from it and the targets a
    /// request carries (SHA-256 of both), instead of making new random ones. A campaign's
    /// worker sets it from the campaign's ID, so that the requests a worker had sent when it
    /// died are sent again by another worker with the keys they first carried.
    ///
    /// | Provider | Key derived | What the provider does with a repeat |
    /// |---|---|---|
    /// | APNs | `apns-id` (a UUID) per token | nothing: APNs keeps no memory of IDs, it delivers again ([Sending notification requests to APNs](https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns)) |
    /// | Getui | `request_id` (32 hex digits) per push | answers the first result and does not deliver again ([rest_v2/push](https://docs.getui.com/getui/server/rest_v2/push): "重复会导致消息丢失") |
    /// | JPush | none: a `cid` is issued by JPush (`GET /v3/push/cid`), not chosen by the sender | each attempt's retries share one `cid`; a new send gets new ones |
    /// | FCM | none: FCM HTTP v1 has no idempotence key | delivers again |
    ///
    /// Not part of a message file (`init(json:)`); `nil` (random keys) by default.
    public var idempotenceKey: String? = nil
    /// A Live Activity's `aps` fields (ActivityKit, iOS 16.1+): `event`, `timestamp`,
    /// `content-state`, a start's `attributes-type` and `attributes`, `stale-date`,
    /// `dismissal-date` (Apple, "Starting and updating Live Activities with ActivityKit push
    /// notifications"). Set, the push type is `liveactivity` unless ``pushType`` says otherwise.
    /// APNs sends it to the activity's token as the device token (`.deviceTokens([activityToken])`);
    /// FCM to ``liveActivityToken`` beside the app's registration token. JPush and Getui: refused.
    public var liveActivity: APSDetails.LiveActivity? = nil
    /// The ActivityKit token an FCM Live Activity push goes to (an activity's update token or a
    /// push-to-start token, hex as ActivityKit gives it): FCM's `apns.live_activity_token`
    /// (https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages#apnsconfig),
    /// sent beside the app's FCM registration token, the audience. A secret: masked wherever
    /// printed. FCM only: APNs addresses the activity token as the device token itself (the
    /// audience `.deviceTokens([activityToken])`), so APNs, JPush and Getui refuse this field.
    public var liveActivityToken: SecretText? = nil
    /// FCM's analytics label (`fcm_options.analytics_label` and `apns.fcm_options.analytics_label`,
    /// `^[a-zA-Z0-9-_.~%]{1,50}$`, firebase-admin's pattern): the name Firebase's delivery reports
    /// group the message under.
    /// FCM only: the other senders refuse it, naming the field (nothing dropped silently).
    public var analyticsLabel: String? = nil

    /// A message from its parts; everything but the alert defaults to absent.
    public init(
        alert: Alert? = nil, badge: Int? = nil, sound: String? = nil, category: String? = nil, threadID: String? = nil,
        interruptionLevel: InterruptionLevel? = nil, relevanceScore: Double? = nil, contentAvailable: Bool = false,
        mutableContent: Bool = false, targetContentID: String? = nil, customData: JSONObject = [:], passthrough: Passthrough? = nil,
        collapseID: String? = nil, timeToLive: Int? = nil, priority: Priority? = nil, pushType: PayloadValidator.PushType? = nil,
        environment: Environment? = nil
    ) {
        self.alert = alert
        self.badge = badge
        self.sound = sound
        self.category = category
        self.threadID = threadID
        self.interruptionLevel = interruptionLevel
        self.relevanceScore = relevanceScore
        self.contentAvailable = contentAvailable
        self.mutableContent = mutableContent
        self.targetContentID = targetContentID
        self.customData = customData
        self.passthrough = passthrough
        self.collapseID = collapseID
        self.timeToLive = timeToLive
        self.priority = priority
        self.pushType = pushType
        self.environment = environment
        self.criticalSound = nil
        self.badgeIncrement = nil
        self.richMedia = []
    }

    /// The push type APNs gets: the one set, else `liveactivity` for a message with
    /// ``liveActivity``, else `background` for a message with
    /// `content-available` and no alert, badge or sound, else `alert`.
    public var effectivePushType: PayloadValidator.PushType {
        if let pushType { return pushType }
        if liveActivity != nil { return .liveactivity }
        return isSilent ? .background : .alert
    }

    /// Whether the message has nothing to show: no alert, badge (set or changed) or sound.
    public var isSilent: Bool { alert == nil && badge == nil && sound == nil && criticalSound == nil && badgeIncrement == nil }

    /// Whether there is a notification to deliver through APNs at all (the passthrough alone
    /// travels on the vendor's own connection).
    public var hasNotification: Bool { !isSilent || contentAvailable || mutableContent || !customData.isEmpty }
}

extension PushMessage {
    /// An alert's text: literal strings, or keys into the app's `Localizable.strings`.
    public struct Alert: Sendable, Hashable {
        /// The title.
        public var title: String?
        /// The line under the title.
        public var subtitle: String?
        /// The body.
        public var body: String?
        /// The title's localisation key and its arguments.
        public var titleLocKey: String?
        /// The arguments of ``titleLocKey``.
        public var titleLocArgs: [String]?
        /// The body's localisation key.
        public var locKey: String?
        /// The arguments of ``locKey``.
        public var locArgs: [String]?
        /// The subtitle's localisation key (`subtitle-loc-key`).
        public var subtitleLocKey: String?
        /// The arguments of ``subtitleLocKey`` (`subtitle-loc-args`).
        public var subtitleLocArgs: [String]?

        /// An alert from its parts.
        public init(
            title: String? = nil, subtitle: String? = nil, body: String? = nil, titleLocKey: String? = nil, titleLocArgs: [String]? = nil,
            locKey: String? = nil, locArgs: [String]? = nil, subtitleLocKey: String? = nil, subtitleLocArgs: [String]? = nil
        ) {
            self.title = title
            self.subtitle = subtitle
            self.body = body
            self.titleLocKey = titleLocKey
            self.titleLocArgs = titleLocArgs
            self.locKey = locKey
            self.locArgs = locArgs
            self.subtitleLocKey = subtitleLocKey
            self.subtitleLocArgs = subtitleLocArgs
        }

        /// Whether it uses localisation keys (a provider with no such fields cannot carry it).
        public var isLocalized: Bool {
            titleLocKey != nil || locKey != nil || titleLocArgs != nil || locArgs != nil || subtitleLocKey != nil || subtitleLocArgs != nil
        }
    }

    /// A message for the running app only: JPush's custom message, Getui's transmission (透传).
    public struct Passthrough: Sendable, Hashable {
        /// The content, as the app's SDK callback hands it over.
        public var content: String
        /// A title (JPush only).
        public var title: String?
        /// The content's type (JPush only).
        public var contentType: String?
        /// Extra keys (JPush only; Getui carries the content alone).
        public var extras: JSONObject

        /// A passthrough message from its parts.
        public init(content: String, title: String? = nil, contentType: String? = nil, extras: JSONObject = [:]) {
            self.content = content
            self.title = title
            self.contentType = contentType
            self.extras = extras
        }
    }

    /// How a notification interrupts (`interruption-level`, iOS 15+).
    public enum InterruptionLevel: String, Sendable, Hashable, CaseIterable {
        /// Added silently to the list.
        case passive
        /// The default: sound and banner.
        case active
        /// Breaks through a Focus.
        case timeSensitive = "time-sensitive"
        /// Breaks through a Focus and the ringer switch (an entitlement Apple grants).
        case critical
    }

    /// How urgently to deliver (`apns-priority`).
    public enum Priority: Int, Sendable, Hashable, CaseIterable {
        /// Now (10): an alert, sound or badge.
        case immediate = 10
        /// When the device's power allows (5): required for background pushes.
        case powerConsiderate = 5
        /// Batched, possibly not at all (1).
        case low = 1
    }

    /// Which APNs environment: the token of a development build is only known to the sandbox.
    public enum Environment: String, Sendable, Hashable, CaseIterable {
        /// `api.push.apple.com`: App Store, TestFlight and ad-hoc builds.
        case production
        /// `api.sandbox.push.apple.com`: builds signed for development.
        case sandbox
    }
}

extension PushMessage {
    /// The digest a request's idempotence key is made of when ``idempotenceKey`` is set: SHA-256
    /// of the key and `parts` (the identifiers the request carries), each ended by a NUL byte;
    /// `nil` when no key is set (a new random key then).
    package func idempotenceDigest(_ parts: [String]) -> [UInt8]? {
        guard let idempotenceKey else { return nil }
        var bytes = Array(idempotenceKey.utf8) + [0]
        for part in parts { bytes += Array(part.utf8) + [0] }
        return SHA256.hash(bytes)
    }
}
