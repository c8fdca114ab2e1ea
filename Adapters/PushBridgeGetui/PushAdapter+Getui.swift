import PushBridge

/// Getui (个推) as one value: what an app lists among its adapters.
extension PushAdapter {
    #if canImport(ObjectiveC) && canImport(UIKit)
        /// Getui, through the GTSDK the app links, with the `getui` section of the configuration
        /// file (`appId`, `appKey`, `appSecret`).
        ///
        /// When the SDK is not in the app (not linked, or stripped for want of `-ObjC`), the
        /// client made with it leaves push off and says which class is missing
        /// (`PushClient.configurationProblem`, and a `registrationFailed` event).
        ///
        /// ```swift
        /// let client = PushClient(configurationFile: "push.json", adapters: [.apns, .getui])
        /// ```
        @available(iOSApplicationExtension, unavailable)
        public static var getui: PushAdapter {
            getui(applicationState: GeTuiSdkBridge.currentApplicationState) { try GeTuiSdkBridge() }
        }
    #endif

    /// Getui through the bridge `makeBridge` returns (`MockGetuiBridge` in tests; on a device,
    /// ``getui``), called when the client is made; what it throws leaves push off and is reported.
    ///
    /// - Parameters:
    ///   - scheduler: Time, for the alias and tag watchdogs.
    ///   - applicationState: The application state during a callback.
    ///   - makeBridge: The SDK's bridge.
    public static func getui(
        scheduler: any PushScheduler = DispatchScheduler(), applicationState: @escaping @Sendable () -> ApplicationState = { .active },
        bridge makeBridge: @escaping @Sendable () throws -> any GetuiBridge
    ) -> PushAdapter {
        PushAdapter(id: .getui, definition: GetuiDefinition()) { configuration in
            GetuiProvider(
                settings: try configuration.require(\.getui, "getui"), bridge: try makeBridge(), scheduler: scheduler,
                applicationState: applicationState)
        }
    }
}
