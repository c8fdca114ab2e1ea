extension PushEvent {
    /// What the user allows the app's notifications: `UNAuthorizationStatus`, as
    /// `UNUserNotificationCenter.getNotificationSettings(completionHandler:)` reads it
    /// (developer.apple.com/documentation/usernotifications/unauthorizationstatus).
    ///
    /// ```swift
    /// if await push.authorizationStatus() == .provisional { showWhyNotificationsHelp() }
    /// ```
    public enum AuthorizationStatus: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// The app has not asked yet (`.notDetermined`): the next request with alerts, sounds or
        /// badges shows the system prompt.
        case notDetermined
        /// The user refused, or turned the app's notifications off in Settings (`.denied`).
        case denied
        /// The user allowed them (`.authorized`).
        case authorized
        /// Delivered quietly, to Notification Center only, without a prompt (`.provisional`, iOS
        /// 12+): the app asked with `AuthorizationOptions.provisional`. A later request without
        /// it shows the prompt (Apple, "Asking permission to use notifications": "Use provisional
        /// authorization to send trial notifications").
        case provisional
        /// An App Clip's notifications for a limited time after launch (`.ephemeral`, iOS 14+).
        case ephemeral

        /// The name, as `UNAuthorizationStatus` spells it.
        public var description: String { rawValue }

        /// Whether the two are the same case (by case, not by comparing raw strings).
        public static func == (lhs: AuthorizationStatus, rhs: AuthorizationStatus) -> Bool { lhs.ordinal == rhs.ordinal }

        /// Hashes the case, not its raw value.
        public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }

        /// The case's position in the declaration, which `==` compares and `hash(into:)` hashes:
        /// `RawRepresentable`'s defaults, which a raw-value enum gets otherwise, build and compare the
        /// raw strings at each use (`Benchmarks/README.md`, "What an app ships").
        private var ordinal: Int {
            switch self {
            case .notDetermined: 0
            case .denied: 1
            case .authorized: 2
            case .provisional: 3
            case .ephemeral: 4
            }
        }
    }
}
