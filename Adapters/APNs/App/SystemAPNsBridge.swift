#if canImport(UIKit) && canImport(UserNotifications)
    import Foundation
    import PushBridge
    import UIKit
    import UserNotifications

    /// The live bridge: `UNUserNotificationCenter` and `UIApplication`. A thin shell; the
    /// decisions are ``APNsProvider``'s, tested on every platform.
    ///
    /// App-only (it registers through `UIApplication`): unavailable in app extensions.
    @available(iOSApplicationExtension, unavailable)
    public struct SystemAPNsBridge: APNsSystemBridge {
        /// The live bridge.
        public init() {}

        /// `UNUserNotificationCenter.current().requestAuthorization(options:)`; an error crosses as
        /// its domain and code.
        public func requestAuthorization(
            options: AuthorizationOptions, completion: @escaping @Sendable (Bool, PushError.VendorCode?) -> Void
        ) {
            UNUserNotificationCenter.current().requestAuthorization(
                options: UNAuthorizationOptions(rawValue: UInt(options.rawValue))
            ) { granted, error in
                completion(granted, error.map { PushError.VendorCode(domain: ($0 as NSError).domain, code: ($0 as NSError).code) })
            }
        }

        /// `UIApplication.shared.registerForRemoteNotifications()`, on the main thread.
        public func registerForRemoteNotifications() {
            Task { @MainActor in UIApplication.shared.registerForRemoteNotifications() }
        }
    }
#endif
