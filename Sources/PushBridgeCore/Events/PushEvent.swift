/// One thing app code learns about push: the single event type of PushBridge's stream.
///
/// Whatever the provider and whichever callbacks iOS used, a delivery is one ``received(_:)``
/// and a user's action one ``opened(_:)`` or ``dismissed(_:)``:
///
/// ```swift
/// for await event in client.events() {
///     switch event {
///     case .opened(let open): router.route(open.notification)
///     case .received(let arrival) where arrival.origin == .foreground: showInAppBanner(arrival.notification)
///     default: break
///     }
/// }
/// ```
///
/// The cases that carry a provider's name or an error are `indirect` (boxed): the notification
/// events, which the pipeline moves on every callback, stay small enough to be copied and
/// destroyed inline (a `PushEvent` of 65 bytes was copied through the generic witnesses, +270
/// instructions per event under callgrind).
public enum PushEvent: Sendable, Equatable {
    /// The app learned of a notification without the user acting on it.
    case received(Received)
    /// The user acted on a notification (tap or custom action) and the app was told.
    case opened(Opened)
    /// The user explicitly dismissed a notification (a `customDismissAction` category).
    case dismissed(Dismissed)
    /// A provider's own-channel message arrived (JPush custom message, Getui passthrough).
    indirect case message(Message)
    /// The provider's identifier for this device arrived (token, registration ID, client ID).
    indirect case registered(Registration)
    /// Registering with the provider failed.
    indirect case registrationFailed(RegistrationFailure)
    /// The provider's connection changed.
    indirect case providerState(ProviderState)
    /// The user asked, from Settings or a notification, to see the app's notification settings
    /// (`userNotificationCenter(_:openSettingsFor:)`, iOS 12+, with `providesAppNotificationSettings`).
    indirect case settingsRequested(SettingsRequest)
    /// What the user allows the app's notifications changed: after the app asked
    /// (`PushClient.authorizationStatus(requesting:)`), or in Settings (seen when the app is
    /// next active). One event per change the client sees, never one for a status it already knew.
    case authorizationChanged(AuthorizationStatus)

    /// A ``received(_:)`` event.
    public struct Received: Sendable, Equatable {
        /// The notification.
        public let notification: PushNotification
        /// `foreground` or `background` (never `coldStart`).
        public let origin: PushOrigin

        /// An event from its parts.
        public init(notification: PushNotification, origin: PushOrigin) {
            self.notification = notification
            self.origin = origin
        }
    }

    /// An ``opened(_:)`` event.
    public struct Opened: Sendable, Equatable, CustomReflectable {
        /// The notification.
        public let notification: PushNotification
        /// Where the app was when the user acted: on screen, in the background, or not running.
        public let origin: PushOrigin
        /// The default action (a tap) or the custom action's identifier.
        public let action: PushAction
        /// What the user typed, for a text-input action.
        public let textInput: String?

        /// An event from its parts.
        public init(notification: PushNotification, origin: PushOrigin, action: PushAction, textInput: String? = nil) {
            self.notification = notification
            self.origin = origin
            self.action = action
            self.textInput = textInput
        }

        /// A mirror that shows the length of the text input, not the text.
        public var customMirror: Mirror {
            Mirror(
                self,
                children: [
                    "notification": notification, "origin": origin, "action": action,
                    "textInput": textInput.map { "\($0.count) characters" } as Any,
                ], displayStyle: .struct)
        }
    }

    /// A ``dismissed(_:)`` event.
    public struct Dismissed: Sendable, Equatable {
        /// The notification.
        public let notification: PushNotification

        /// An event from its parts.
        public init(notification: PushNotification) {
            self.notification = notification
        }
    }

    /// The event's kind, as its JSON `type` names it.
    public var kind: Kind {
        switch self {
        case .received: .received
        case .opened: .opened
        case .dismissed: .dismissed
        case .message: .message
        case .registered: .registered
        case .registrationFailed: .registrationFailed
        case .providerState: .providerState
        case .settingsRequested: .settingsRequested
        case .authorizationChanged: .authorizationChanged
        }
    }

    /// The kinds of ``PushEvent``, named as in JSON.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// ``PushEvent/received(_:)``.
        case received
        /// ``PushEvent/opened(_:)``.
        case opened
        /// ``PushEvent/dismissed(_:)``.
        case dismissed
        /// ``PushEvent/message(_:)``.
        case message
        /// ``PushEvent/registered(_:)``.
        case registered
        /// ``PushEvent/registrationFailed(_:)``.
        case registrationFailed
        /// ``PushEvent/providerState(_:)``.
        case providerState
        /// ``PushEvent/settingsRequested(_:)``.
        case settingsRequested
        /// ``PushEvent/authorizationChanged(_:)``.
        case authorizationChanged

        /// Whether the two are the same case (by case, not by comparing raw strings).
        public static func == (lhs: Kind, rhs: Kind) -> Bool { lhs.ordinal == rhs.ordinal }

        /// Hashes the case, not its raw value.
        public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }

        /// The case's position in the declaration, which `==` compares and `hash(into:)` hashes:
        /// `RawRepresentable`'s defaults, which a raw-value enum gets otherwise, build and compare the
        /// raw strings at each use (`Benchmarks/README.md`, "What an app ships").
        private var ordinal: Int {
            switch self {
            case .received: 0
            case .opened: 1
            case .dismissed: 2
            case .message: 3
            case .registered: 4
            case .registrationFailed: 5
            case .providerState: 6
            case .settingsRequested: 7
            case .authorizationChanged: 8
            }
        }
    }

    /// The notification the event is about, for `received`, `opened` and `dismissed`.
    public var notification: PushNotification? {
        switch self {
        case .received(let event): event.notification
        case .opened(let event): event.notification
        case .dismissed(let event): event.notification
        default: nil
        }
    }

    /// The identity of the notification or message the event is about.
    public var id: String? {
        if case .message(let message) = self { return message.id }
        return notification?.id
    }

    /// The event's origin, when its kind has one.
    public var origin: PushOrigin? {
        switch self {
        case .received(let event): event.origin
        case .opened(let event): event.origin
        default: nil
        }
    }
}

/// Where the app was when it learned of a notification or the user acted on one.
public enum PushOrigin: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// On screen.
    case foreground
    /// Running in the background (or launched there by a `content-available` push).
    case background
    /// Not running: the user's action launched it.
    case coldStart

    /// The JSON value.
    public var description: String { rawValue }

    /// Whether the two are the same case (by case, not by comparing raw strings).
    public static func == (lhs: PushOrigin, rhs: PushOrigin) -> Bool { lhs.ordinal == rhs.ordinal }

    /// Hashes the case, not its raw value.
    public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }

    /// The case's position in the declaration, which `==` compares and `hash(into:)` hashes:
    /// `RawRepresentable`'s defaults, which a raw-value enum gets otherwise, build and compare the
    /// raw strings at each use (`Benchmarks/README.md`, "What an app ships").
    private var ordinal: Int {
        switch self {
        case .foreground: 0
        case .background: 1
        case .coldStart: 2
        }
    }
}

/// What the user did to open a notification.
public enum PushAction: Sendable, Hashable, CustomStringConvertible {
    /// Tapped the notification.
    case `default`
    /// Pressed the custom action button with this identifier.
    case custom(String)

    /// `default`, or the custom identifier (the JSON value).
    public var description: String {
        switch self {
        case .default: "default"
        case .custom(let id): id
        }
    }
}
