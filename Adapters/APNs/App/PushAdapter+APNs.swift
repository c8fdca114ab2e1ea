import PushBridge

/// Plain APNs as one value: what an app lists among its adapters.
extension PushAdapter {
    #if canImport(UIKit) && canImport(UserNotifications)
        /// Plain APNs, talking to iOS (`UNUserNotificationCenter`, `UIApplication`): notifications
        /// straight from Apple, no provider SDK, no settings section (`{"provider": "apns"}`).
        ///
        /// ```swift
        /// let client = PushClient(configurationFile: "push.json", adapters: [.apns, .jpush])
        /// ```
        @available(iOSApplicationExtension, unavailable)
        public static var apns: PushAdapter { apns(bridge: SystemAPNsBridge()) }
    #else
        /// Plain APNs needs iOS: on this platform, an adapter whose client leaves push off and says
        /// why (a `registrationFailed` event), so that an app's push code (a `PushApp` listing
        /// `.apns`) compiles and runs anywhere — under PushBridgeTesting's `SimulatedDevice`, which
        /// stands the simulated provider in for it, or with ``apns(bridge:)`` and a mock.
        public static var apns: PushAdapter {
            PushAdapter(id: .apns, definition: APNsDefinition()) { _ in
                throw PushError(
                    .unsupported, field: "apns", "plain APNs needs iOS: on this platform, use .apns(bridge:) with a mock, or SimulatedDevice")
            }
        }
    #endif

    /// Plain APNs talking to iOS through `bridge`: `MockAPNsBridge` in tests (on a device,
    /// ``apns``).
    public static func apns(bridge: any APNsSystemBridge) -> PushAdapter {
        PushAdapter(id: .apns, definition: APNsDefinition()) { _ in APNsProvider(bridge: bridge) }
    }
}
