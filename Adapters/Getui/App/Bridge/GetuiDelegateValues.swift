import PushBridge
import PushBridgeProviderKit

/// A notification as Getui's delegate methods hand it.
public typealias GetuiNotificationInfo = SDKNotification

/// A user's response as `GeTuiSdkDidReceiveNotification:…response:` hands it.
public struct GetuiResponseInfo: Sendable, Hashable {
    /// `actionIdentifier`.
    public var actionIdentifier: String
    /// `userText`, for a text-input action.
    public var userText: String?

    /// A response from its parts.
    public init(actionIdentifier: String = ResponseAction.defaultIdentifier, userText: String? = nil) {
        self.actionIdentifier = actionIdentifier
        self.userText = userText
    }
}
