import PushBridge
import PushBridgeGetuiDefinition

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
        public static var getui: PushAdapter { getui(advertisingIdentifier: { nil }) }

        /// Getui, handing it the IDFA `advertisingIdentifier` returns at start (`nil`: none;
        /// return one only once App Tracking Transparency allows it).
        @available(iOSApplicationExtension, unavailable)
        public static func getui(advertisingIdentifier: @escaping @Sendable () -> String?) -> PushAdapter {
            getui(applicationState: GeTuiSdkBridge.currentApplicationState, advertisingIdentifier: advertisingIdentifier) { try GeTuiSdkBridge() }
        }
    #else
        /// The Getui SDK runs on iOS only: on this platform, an adapter whose client leaves push off
        /// and says why (a `registrationFailed` event), so that an app's push code (a `PushApp`
        /// listing `.getui`) compiles and runs anywhere — under PushBridgeTesting's
        /// `SimulatedDevice`, which stands the simulated provider in for it, or with
        /// ``getui(scheduler:applicationState:advertisingIdentifier:bridge:)`` and a mock.
        public static var getui: PushAdapter {
            getui(bridge: {
                throw PushError(
                    .unsupported, field: "getui",
                    "the Getui SDK runs on iOS only: on this platform, use .getui(bridge:) with a mock, or SimulatedDevice")
            })
        }
    #endif

    /// Getui through the bridge `makeBridge` returns (`MockGetuiBridge` in tests; on a device,
    /// ``getui``), called when the client is made; what it throws leaves push off and is reported.
    ///
    /// - Parameters:
    ///   - scheduler: Time, for the alias and tag watchdogs.
    ///   - applicationState: The application state during a callback.
    ///   - advertisingIdentifier: The IDFA to hand Getui at start, if any.
    ///   - makeBridge: The SDK's bridge.
    public static func getui(
        scheduler: any PushScheduler = DispatchScheduler(), applicationState: @escaping @Sendable () -> ApplicationState = { .active },
        advertisingIdentifier: @escaping @Sendable () -> String? = { nil }, bridge makeBridge: @escaping @Sendable () throws -> any GetuiBridge
    ) -> PushAdapter {
        PushAdapter(id: .getui, definition: GetuiDefinition()) { configuration in
            GetuiProvider(
                settings: try configuration.require(\.getui, "getui"), bridge: try makeBridge(), scheduler: scheduler,
                advertisingIdentifier: advertisingIdentifier, applicationState: applicationState)
        }
    }
}
