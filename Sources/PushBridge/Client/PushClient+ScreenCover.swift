import PushBridgeCore
import PushBridgeProviderKit

/// The app on screen but covered by system UI.
extension PushClient {
    /// The glue's entry point (`PushAppIntegration.applicationWillResignActive(_:client:)`,
    /// `PushAppDelegate`, `PushSceneDelegate`): tells the client the app resigned active while on screen
    /// (`applicationWillResignActive(_:)`, `sceneWillResignActive(_:)`): Notification Center, the
    /// Lock Screen's list or Control Center was pulled down over it. Until the app becomes active
    /// again (`applicationDidBecomeActive()`) or is launched, a call to
    /// `application:didReceiveRemoteNotification:` (with or without its fetch handler) in state
    /// `active` is the user's tap on a notification there — iOS 11 and later report the tap
    /// `active`, not `inactive` (rdar 34332569) — and is an `opened` (`foreground`), not a
    /// `received` — when no notification-center delegate is set (with one, iOS hands the tap to
    /// `userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:`).
    package func applicationWillResignActive() {
        core.resignedActive()
    }
}
