import PushBridge
import PushBridgeProviderKit

/// A notification as Getui's delegate methods hand it: the system's (a `UNNotification`,
/// converted at the edge), the one type the UIKit glue and every adapter use.
public typealias GetuiNotificationInfo = SystemNotification

/// A user's response as `GeTuiSdkDidReceiveNotification:…response:` hands it: the system's (a
/// `UNNotificationResponse`, converted at the edge), the one type the UIKit glue and every adapter
/// use. Getui hands the `userInfo` beside it; the response carries its notification as well.
///
/// ```swift
/// let tap = GetuiResponseInfo(notification: GetuiNotificationInfo(userInfo: ["aps": ["alert": "hi"]]))
/// ```
public typealias GetuiResponseInfo = SystemResponse
