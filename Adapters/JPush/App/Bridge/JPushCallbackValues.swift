import PushBridge
import PushBridgeProviderKit

/// A notification as JPush's delegate methods hand it: the system's (a `UNNotification`,
/// converted at the edge), the one type the UIKit glue and every adapter use.
public typealias JPushNotificationInfo = SystemNotification

/// A user's response as `jpushNotificationCenter:didReceiveNotificationResponse:…` hands it: the
/// system's (a `UNNotificationResponse`, converted at the edge), the one type the UIKit glue and
/// every adapter use.
///
/// ```swift
/// let tap = JPushResponseInfo(notification: JPushNotificationInfo(userInfo: ["aps": ["alert": "hi"]]))
/// let reply = JPushResponseInfo(notification: tap.notification, actionIdentifier: "reply", userText: "ok")
/// ```
public typealias JPushResponseInfo = SystemResponse

/// `JPAuthorizationStatus`, as `jpushNotificationAuthorization:withInfo:` reports it.
public enum JPushAuthorizationStatus: Int, Sendable, Hashable, CaseIterable {
    /// `JPAuthorizationNotDetermined` (0): the user has not been asked yet.
    case notDetermined = 0
    /// `JPAuthorizationStatusDenied` (1).
    case denied = 1
    /// `JPAuthorizationStatusAuthorized` (2).
    case authorized = 2
    /// `JPAuthorizationStatusProvisional` (3, iOS 12+).
    case provisional = 3
}

extension PresentationOptions {
    /// The options as the `NSInteger` that JPush's `willPresent` completion handler takes: the
    /// `UNNotificationPresentationOptions` bits.
    ///
    /// ```swift
    /// PresentationOptions([.banner, .sound]).jpushValue // 18
    /// ```
    public var jpushValue: Int { Int(truncatingIfNeeded: rawValue) }

    /// The options from JPush's `NSInteger` (`UNNotificationPresentationOptions` bits; a negative
    /// value, which no option has, means none).
    ///
    /// - Parameter jpushValue: What an app passed to JPush's `willPresent` completion handler.
    public init(jpushValue: Int) {
        self.init(rawValue: jpushValue < 0 ? 0 : UInt(jpushValue))
    }
}
