@_spi(ProviderAuthor) import PushBridge

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
    #endif

    /// Plain APNs talking to iOS through `bridge`: `MockAPNsBridge` in tests (on a device,
    /// ``apns``).
    public static func apns(bridge: any APNsSystemBridge) -> PushAdapter {
        PushAdapter(id: .apns, definition: APNsDefinition()) { _ in APNsProvider(bridge: bridge) }
    }
}
