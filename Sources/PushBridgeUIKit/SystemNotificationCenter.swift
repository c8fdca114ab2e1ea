#if canImport(UIKit) && canImport(UserNotifications)
    import Foundation
    import PushBridge
    import UIKit
    import UserNotifications

    /// iOS's notification center and application, as the client reads and asks them whatever the
    /// provider: the user's authorization, the icon's badge, unregistering from APNs. A thin shell:
    /// what to ask and when is the client's, tested on Linux with the test kit's simulated settings.
    @available(iOSApplicationExtension, unavailable)
    struct SystemNotificationCenter: NotificationSystem {
        /// `getNotificationSettings(completionHandler:)`'s `authorizationStatus`.
        func authorizationStatus(_ completion: @escaping @Sendable (PushEvent.AuthorizationStatus) -> Void) {
            UNUserNotificationCenter.current().getNotificationSettings { settings in
                completion(Self.status(settings.authorizationStatus))
            }
        }

        /// `requestAuthorization(options:completionHandler:)`; an error crosses as its domain and code.
        func requestAuthorization(_ options: AuthorizationOptions, completion: @escaping @Sendable (PushError.VendorCode?) -> Void) {
            UNUserNotificationCenter.current().requestAuthorization(options: UNAuthorizationOptions(rawValue: UInt(options.rawValue))) { _, error in
                completion(error.map { PushError.VendorCode(domain: ($0 as NSError).domain, code: ($0 as NSError).code) })
            }
        }

        /// `setBadgeCount(_:withCompletionHandler:)` on iOS 16+ (Apple: "Updates the badge count
        /// for your app's icon"); `applicationIconBadgeNumber`, on the main thread, before.
        func setBadgeCount(_ count: Int, completion: @escaping @Sendable (PushError.VendorCode?) -> Void) {
            if #available(iOS 16.0, *) {
                UNUserNotificationCenter.current().setBadgeCount(count) { error in
                    completion(error.map { PushError.VendorCode(domain: ($0 as NSError).domain, code: ($0 as NSError).code) })
                }
            } else {
                Task { @MainActor in
                    UIApplication.shared.applicationIconBadgeNumber = count  // deprecated in iOS 17, the only way before 16
                    completion(nil)
                }
            }
        }

        /// `UIApplication.shared.unregisterForRemoteNotifications()`, on the main thread.
        func unregisterForRemoteNotifications() {
            Task { @MainActor in UIApplication.shared.unregisterForRemoteNotifications() }
        }

        /// `UNAuthorizationStatus` as PushBridge names it (a status a later SDK adds reads as
        /// `notDetermined`, the one that asks nothing of the app).
        static func status(_ status: UNAuthorizationStatus) -> PushEvent.AuthorizationStatus {
            switch status {
            case .notDetermined: .notDetermined
            case .denied: .denied
            case .authorized: .authorized
            case .provisional: .provisional
            case .ephemeral: .ephemeral
            @unknown default: .notDetermined
            }
        }
    }
#endif
