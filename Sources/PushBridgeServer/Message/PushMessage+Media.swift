import PushBridgeCore

extension PushMessage {
    /// A critical alert's sound: APNs' `aps.sound` dictionary `{"critical": 1, "name": …,
    /// "volume": …}` (Apple, "Generating a remote notification", the `sound` key's dictionary).
    public struct CriticalSound: Sendable, Hashable {
        /// A sound file in the app's bundle or `Library/Sounds`, or `"default"`.
        public var name: String
        /// From 0 (silent) to 1 (full volume).
        public var volume: Double

        /// A critical sound from its parts.
        public init(name: String = "default", volume: Double = 1) {
            self.name = name
            self.volume = volume
        }

        /// The `sound` dictionary.
        public var apsValue: JSONValue {
            ["critical": 1, "name": .string(name), "volume": .double(volume)]
        }
    }

    /// A picture, sound or video the app's service extension attaches: one portable field for
    /// every provider, with ``PushMessage/mutableContent`` set (the extension runs only then).
    /// Getui: each entry in `ios.multimedia` (getui-pushapi-java-client-v2 `Multimedia.java`).
    /// FCM: one image, `apns.fcm_options.image` (firebase-ios-sdk `FIRMessagingExtensionHelper`).
    /// APNs and JPush, which have no media field: one entry, its URL in the payload's
    /// ``PushMessage/serviceExtensionMediaKey`` (`{"url": [URL]}`), which PushBridge's service
    /// extension reads by default (`AttachmentKey.airshipMedia`, Airship's documented key).
    public struct RichMedia: Sendable, Hashable {
        /// The resource's address.
        public var url: String
        /// What it is.
        public var kind: Kind
        /// Load it on Wi-Fi only; elsewhere the notification shows without it.
        public var onlyWiFi: Bool

        /// A media entry from its parts.
        public init(url: String, kind: Kind, onlyWiFi: Bool = false) {
            self.url = url
            self.kind = kind
            self.onlyWiFi = onlyWiFi
        }

        /// What a media entry is: Getui's `type` 1, 2 or 3.
        public enum Kind: String, Sendable, Hashable, CaseIterable {
            /// A picture (`type: 1`).
            case image
            /// A sound (`type: 2`).
            case audio
            /// A video (`type: 3`).
            case video

            /// Getui's number for it.
            public var getuiType: Int {
                switch self {
                case .image: 1
                case .audio: 2
                case .video: 3
                }
            }
        }
    }

    /// The payload key APNs and JPush carry a ``RichMedia`` under, for the app's service
    /// extension: `com.urbanairship.media_attachment`, `{"url": [URL]}`, which PushBridge's
    /// `PushNotificationServiceExtension` reads by default (`AttachmentKey.airshipMedia`, after
    /// urbanairship/ios-library's `UANotificationServiceExtension`), and so does Airship's own.
    public static let serviceExtensionMediaKey = "com.urbanairship.media_attachment"

    /// The payload entry that carries ``richMedia`` to the app's service extension through a
    /// provider without a media field (`provider` names it in errors); `nil` without media.
    ///
    /// - Throws: `PushError` naming `richMedia` (more than one entry, or no `mutableContent`: the
    ///   extension attaches one, and runs only with it), `richMedia[0].onlyWiFi` (only Getui's
    ///   extension honours it), `richMedia[0].url` (not HTTPS) or the key in `customData`.
    package func serviceExtensionMedia(provider: String) throws(PushError) -> (key: String, value: JSONValue)? {
        guard let first = richMedia.first else { return nil }
        guard richMedia.count == 1 else {
            throw PushError(
                .unsupported, field: "richMedia", "has \(richMedia.count) entries: \(provider) carries one (the app's service extension attaches one)"
            )
        }
        guard mutableContent else {
            throw PushError(
                .invalidPayload, field: "richMedia", "needs mutableContent: the app's service extension attaches the media, and runs only then")
        }
        guard !first.onlyWiFi else {
            throw PushError(.unsupported, field: "richMedia[0].onlyWiFi", "only Getui's service extension honours it; \(provider) has no such field")
        }
        guard first.url.lowercased().hasPrefix("https://") else {
            throw PushError(
                .invalidPayload, field: "richMedia[0].url", "is not an HTTPS URL (iOS loads plain HTTP only with an App Transport Security exception)"
            )
        }
        guard customData[Self.serviceExtensionMediaKey] == nil else {
            throw PushError(.invalidPayload, field: "customData.\(Self.serviceExtensionMediaKey)", "is where richMedia goes: set one or the other")
        }
        return (Self.serviceExtensionMediaKey, ["url": [.string(first.url)]])
    }

    /// The fields a message may set only one of: `sound` or `criticalSound`, `badge` or
    /// `badgeIncrement`.
    ///
    /// - Throws: `PushError` naming the second field of a pair set together, or a critical
    ///   sound's volume outside 0 to 1.
    public func checkExclusiveFields() throws(PushError) {
        if sound != nil, criticalSound != nil {
            throw PushError(.invalidPayload, field: "criticalSound", "is set with sound: aps.sound is one or the other, set only one")
        }
        if badge != nil, badgeIncrement != nil {
            throw PushError(.invalidPayload, field: "badgeIncrement", "is set with badge: set the badge, or change it, not both")
        }
        if let volume = criticalSound?.volume, !(0...1).contains(volume) {
            throw PushError(.outOfRange, field: "criticalSound.volume", "is \(volume), expected a number from 0 to 1")
        }
    }
}
