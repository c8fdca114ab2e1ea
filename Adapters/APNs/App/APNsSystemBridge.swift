import PushBridge

/// The iOS calls plain APNs needs, as a protocol so the adapter's logic runs (and is tested)
/// anywhere: `UNUserNotificationCenter.requestAuthorization(options:)` and
/// `UIApplication.registerForRemoteNotifications()`.
///
/// On a device, use `SystemAPNsBridge` (compiled where UIKit and UserNotifications exist);
/// in tests, `MockAPNsBridge`.
public protocol APNsSystemBridge: Sendable {
    /// Asks the user for permission (`requestAuthorization(options:completionHandler:)`); calls
    /// `completion` once with whether it was granted and the system's error, if any, as its
    /// `NSError` domain and code (never its text).
    func requestAuthorization(
        options: AuthorizationOptions, completion: @escaping @Sendable (_ granted: Bool, _ error: PushError.VendorCode?) -> Void)
    /// Registers for remote notifications (`registerForRemoteNotifications()`); iOS answers with
    /// the device token, or an error, through the app delegate.
    func registerForRemoteNotifications()
}
