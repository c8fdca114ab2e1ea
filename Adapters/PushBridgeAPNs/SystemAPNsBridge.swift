#if canImport(UIKit) && canImport(UserNotifications)
    import PushBridge
    import UIKit
    import UserNotifications

    /// The live bridge: `UNUserNotificationCenter` and `UIApplication`. A thin shell; the
    /// decisions are ``APNsProvider``'s, tested on every platform.
    public struct SystemAPNsBridge: APNsSystemBridge {
        /// The live bridge.
        public init() {}

        /// `UNUserNotificationCenter.current().requestAuthorization(options:)`.
        public func requestAuthorization(
            options: AuthorizationOptions, completion: @escaping @Sendable (Bool, String?) -> Void
        ) {
            UNUserNotificationCenter.current().requestAuthorization(
                options: UNAuthorizationOptions(rawValue: UInt(options.rawValue))
            ) { granted, error in
                completion(granted, error.map { String(describing: $0) })
            }
        }

        /// `UIApplication.shared.registerForRemoteNotifications()`, on the main thread.
        public func registerForRemoteNotifications() {
            Task { @MainActor in UIApplication.shared.registerForRemoteNotifications() }
        }
    }
#endif
