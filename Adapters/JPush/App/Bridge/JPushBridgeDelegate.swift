import PushBridge

/// What JPush calls back, mirrored one to one: the four `JPUSHRegisterDelegate` methods and the
/// `NSNotificationCenter` notifications JPush posts. ``JPushProvider`` implements it.
///
/// JPush installs itself as the `UNUserNotificationCenter` delegate and forwards iOS's methods 4
/// and 5 as `jpushNotificationCenter:…`. A ``JPushBridge`` conformance holds its delegate weakly,
/// as the SDK holds its own, and forwards each callback to the requirement of the same name,
/// converting at the edge: `UNNotification` to ``JPushNotificationInfo``,
/// `UNNotificationResponse` to ``JPushResponseInfo``, `userInfo` to `JSONObject`, the
/// notification's name to ``JPushNetworkNotification``. What it cannot convert it reports with
/// `sdkBridgeCouldNotRead(_:)`.
///
/// ```swift
/// let bridge = MockJPushBridge()
/// let provider = JPushProvider(settings: settings, bridge: bridge) // becomes bridge.delegate
/// bridge.trigger(.network(.didLogin)) // → online, then a masked `registered` event
/// ```
public protocol JPushBridgeDelegate: AnyObject, Sendable {
    /// `jpushNotificationCenter:willPresentNotification:withCompletionHandler:` (iOS 10+): a
    /// notification arrives in the foreground; `completionHandler` takes
    /// `UNNotificationPresentationOptions` bits as an `NSInteger` and must be called exactly once.
    func jpushNotificationCenter(
        willPresent notification: JPushNotificationInfo, withCompletionHandler completionHandler: @escaping @Sendable (Int) -> Void)
    /// `jpushNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:` (iOS 10+):
    /// the user tapped, dismissed or pressed an action; `completionHandler` must be called once.
    func jpushNotificationCenter(didReceive response: JPushResponseInfo, withCompletionHandler completionHandler: @escaping @Sendable () -> Void)
    /// `jpushNotificationCenter:openSettingsForNotification:` (iOS 12+): the user asked for the
    /// app's notification settings — from a notification, or from Settings (`nil`).
    func jpushNotificationCenter(openSettingsFor notification: JPushNotificationInfo?)
    /// `jpushNotificationAuthorization:withInfo:`: the authorization status JPush found.
    func jpushNotificationAuthorization(_ status: JPushAuthorizationStatus, withInfo info: JSONObject?)
    /// One of JPush's `NSNotificationCenter` notifications, with its `userInfo`: connection
    /// changes, login, failures, and custom messages (`kJPFNetworkDidReceiveMessageNotification`).
    func jpushNetworkNotification(_ name: JPushNetworkNotification, userInfo: JSONObject?)
    /// Not an SDK callback: the conformance could not convert what a callback handed it (a
    /// `userInfo` value with no JSON form) and handed on what it could; the diagnostic says which
    /// callback, which key path and what was expected, never a value.
    func sdkBridgeCouldNotRead(_ diagnostic: PushDiagnostic)
}
