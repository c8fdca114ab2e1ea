/// Who receives `UNUserNotificationCenter`'s delegate calls (methods 4 and 5) in an app using a
/// provider: the one owner that hands them to ``PushClient``.
///
/// JPush's `registerForRemoteNotificationConfig:delegate:` sets the center's delegate to JPush's
/// own object, without keeping the one before it, and hands the calls to the
/// `JPUSHRegisterDelegate` only (JPush 5.7.0 and 5.9.0 `libJPush.a`, read by disassembly; no
/// JPush document says so). Getui 2.7 sets itself as the delegate and hooks `setDelegate:` so that
/// a delegate set later still receives the calls as well *(the 3.x binary could not be read:
/// assumed unchanged)*.
public enum NotificationCenterOwner: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The app's delegate, or PushBridge's (`PushAppIntegration`), feeds the client.
    case app
    /// The provider's SDK installs its own delegate and its adapter feeds the client; PushBridge's
    /// delegate, if the app installs one, forwards to the SDK's and feeds nothing itself.
    case sdk

    /// The value's name.
    public var description: String { rawValue }
}
