extension PushEvent {
    /// A provider's own-channel message: a JPush custom message (自定义消息) or a Getui
    /// passthrough (透传). Not an APNs notification: iOS never shows it.
    public struct Message: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
        /// The provider whose channel carried it.
        public let transport: PushProviderID
        /// Whether the provider held it while the app was offline and delivered it at the next
        /// start (Getui's `offLine`; JPush does not say, so `false`).
        public let offline: Bool
        /// The message's identity: JPush `_j_msgid`; Getui `taskId:msgId` (the same ID its APNs
        /// copy carries in `_gmid_`).
        public let id: String
        /// The message: JPush's `{content, title, content_type, extras}`, Getui's `{payload}`.
        public let payload: JSONObject

        /// A message from its parts.
        public init(transport: PushProviderID, offline: Bool, id: String, payload: JSONObject) {
            self.transport = transport
            self.offline = offline
            self.id = id
            self.payload = payload
        }

        /// The message's text content: JPush `content`, Getui `payload`.
        public var content: String? {
            payload["content"]?.stringValue ?? payload["payload"]?.stringValue
        }

        /// The transport, identity and shape; the content is never printed.
        public var description: String {
            "Message(transport: \(transport), id: \(id), offline: \(offline), keys: \(payload.count))"
        }

        /// The same as ``description``.
        public var debugDescription: String { description }

        /// A mirror without the content.
        public var customMirror: Mirror {
            Mirror(self, children: ["transport": transport, "offline": offline, "id": id, "keys": payload.keys], displayStyle: .struct)
        }
    }

    /// The provider's identifier for this device arrived: the APNs device token, the JPush
    /// registration ID or the Getui client ID. Masked in every description.
    public struct Registration: Sendable, Equatable {
        /// The provider.
        public let provider: PushProviderID
        /// The identifier (masked when printed).
        public let identifier: SecretText

        /// A registration from its parts.
        public init(provider: PushProviderID, identifier: SecretText) {
            self.provider = provider
            self.identifier = identifier
        }
    }

    /// Registration failed.
    public struct RegistrationFailure: Sendable, Equatable {
        /// The provider.
        public let provider: PushProviderID
        /// Why.
        public let error: PushError

        /// A failure from its parts.
        public init(provider: PushProviderID, error: PushError) {
            self.provider = provider
            self.error = error
        }
    }

    /// A provider's connection changed.
    public struct ProviderState: Sendable, Equatable {
        /// The provider.
        public let provider: PushProviderID
        /// The new state.
        public let state: ConnectionState

        /// A change from its parts.
        public init(provider: PushProviderID, state: ConnectionState) {
            self.provider = provider
            self.state = state
        }
    }

    /// The user asked to see the app's notification settings: from the Settings app
    /// (`notification` `nil`) or from a notification's context menu (that notification). Apple:
    /// `userNotificationCenter(_:openSettingsFor:)`, called only for an app that asked for
    /// `providesAppNotificationSettings`; JPush and Getui hand it over as
    /// `jpushNotificationCenter:openSettingsForNotification:` and
    /// `GeTuiSdkNotificationCenter:openSettingsForNotification:`, nil likewise.
    public struct SettingsRequest: Sendable, Equatable {
        /// The notification the request came from, or `nil` when it came from the Settings app.
        public let notification: PushNotification?

        /// A request from its parts.
        public init(notification: PushNotification?) {
            self.notification = notification
        }
    }
}

extension PushEvent {
    /// A provider's connection to its own servers (JPush network notifications, Getui `SdkStatus`).
    public enum ConnectionState: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// Connecting (JPush `kJPFNetworkIsConnectingNotification`/`DidSetup`, Getui `SdkStatusStarting`).
        case connecting
        /// Online and logged in (JPush `kJPFNetworkDidLoginNotification`, Getui `SdkStatusStarted`).
        case online
        /// Offline: messages are held by the provider (JPush `kJPFNetworkDidCloseNotification`, Getui `SdkStatusOffline`).
        case offline
        /// Stopped by the app (Getui `SdkStatusStoped`, JPush stopped).
        case stopped

        /// The JSON value.
        public var description: String { rawValue }

        /// Whether the two are the same case (by case, not by comparing raw strings).
        public static func == (lhs: ConnectionState, rhs: ConnectionState) -> Bool { lhs.ordinal == rhs.ordinal }

        /// Hashes the case, not its raw value.
        public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }

        /// The case's position in the declaration, which `==` compares and `hash(into:)` hashes:
        /// `RawRepresentable`'s defaults, which a raw-value enum gets otherwise, build and compare the
        /// raw strings at each use (`Benchmarks/README.md`, "What an app ships").
        private var ordinal: Int {
            switch self {
            case .connecting: 0
            case .online: 1
            case .offline: 2
            case .stopped: 3
            }
        }
    }
}
