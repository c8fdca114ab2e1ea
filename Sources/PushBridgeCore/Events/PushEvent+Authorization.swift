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
    }
}
