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

    /// A picture, sound or video the provider attaches through its service extension: one entry
    /// of Getui's `ios.multimedia` (getui-pushapi-java-client-v2 `Multimedia.java`).
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
