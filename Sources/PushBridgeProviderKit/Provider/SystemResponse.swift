import PushBridgeCore

/// A user's response as iOS hands it over (a `UNNotificationResponse`: the notification, the
/// action's identifier, what the user typed), converted at the edge: the one type for it, whether
/// the notification center calls PushBridge's delegate (the UIKit glue) or a provider SDK's
/// delegate methods hand it on (the JPush and Getui adapters, as `JPushResponseInfo` and
/// `GetuiResponseInfo`).
///
/// ```swift
/// let tap = SystemResponse(notification: SystemNotification(userInfo: ["aps": ["alert": "hi"]]))
/// let reply = SystemResponse(notification: tap.notification, actionIdentifier: "reply", userText: "ok")
/// ```
public struct SystemResponse: Sendable, Equatable {
    /// The notification responded to (`UNNotificationResponse.notification`).
    public let notification: SystemNotification
    /// `UNNotificationResponse.actionIdentifier`: the default action (a tap), the dismiss action,
    /// or a custom action's identifier.
    public let actionIdentifier: String
    /// `UNTextInputNotificationResponse.userText`, for a text-input action.
    public let userText: String?

    /// A response from its parts; a tap by default.
    ///
    /// - Parameters:
    ///   - notification: The notification responded to.
    ///   - actionIdentifier: The action's identifier (`ResponseAction.defaultIdentifier`, a tap,
    ///     by default).
    ///   - userText: What the user typed, for a text-input action.
    public init(notification: SystemNotification, actionIdentifier: String = ResponseAction.defaultIdentifier, userText: String? = nil) {
        self.notification = notification
        self.actionIdentifier = actionIdentifier
        self.userText = userText
    }

    /// The response's action.
    public var action: ResponseAction { ResponseAction(identifier: actionIdentifier) }
}
