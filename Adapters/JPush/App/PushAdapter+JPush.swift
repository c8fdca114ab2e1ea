import PushBridge
import PushBridgeJPushDefinition

/// JPush (极光) as one value: what an app lists among its adapters.
extension PushAdapter {
    #if canImport(ObjectiveC) && canImport(UIKit)
        /// JPush, through the JPush SDK the app links (`JPUSHService`, JCore), with the `jpush`
        /// section of the configuration file (`appKey`, `channel`, `production`).
        ///
        /// When the SDK is not in the app (not linked, or stripped for want of `-ObjC`), the
        /// client made with it leaves push off and says which class is missing
        /// (`PushClient.configurationProblem`, and a `registrationFailed` event).
        ///
        /// ```swift
        /// let client = PushClient(configurationFile: "push.json", adapters: [.apns, .jpush])
        /// ```
        @available(iOSApplicationExtension, unavailable)
        public static var jpush: PushAdapter { jpush(advertisingIdentifier: { nil }) }

        /// JPush, handing it the IDFA `advertisingIdentifier` returns at start (`nil`: none;
        /// return one only once App Tracking Transparency allows it). The categories JPush
        /// registers are those the app declared once (`PushAppDelegate.notificationCategories`).
        @available(iOSApplicationExtension, unavailable)
        public static func jpush(advertisingIdentifier: @escaping @Sendable () -> String?) -> PushAdapter {
            jpush(applicationState: JPUSHServiceBridge.currentApplicationState, advertisingIdentifier: advertisingIdentifier) {
                try JPUSHServiceBridge()
            }
        }
    #else
        /// The JPush SDK runs on iOS only: on this platform, an adapter whose client leaves push off
        /// and says why (a `registrationFailed` event), so that an app's push code (a `PushApp`
        /// listing `.jpush`) compiles and runs anywhere — under PushBridgeTesting's
        /// `SimulatedDevice`, which stands the simulated provider in for it, or with
        /// ``jpush(scheduler:applicationState:advertisingIdentifier:bridge:)`` and a mock.
        public static var jpush: PushAdapter {
            jpush(bridge: {
                throw PushError(
                    .unsupported, field: "jpush",
                    "the JPush SDK runs on iOS only: on this platform, use .jpush(bridge:) with a mock, or SimulatedDevice")
            })
        }
    #endif

    /// JPush through the bridge `makeBridge` returns (`MockJPushBridge` in tests; on a device,
    /// ``jpush``), called when the client is made; what it throws leaves push off and is reported.
    ///
    /// - Parameters:
    ///   - scheduler: Time, for the alias and tag watchdogs.
    ///   - applicationState: The application state during a callback.
    ///   - advertisingIdentifier: The IDFA to hand JPush at start, if any.
    ///   - makeBridge: The SDK's bridge.
    public static func jpush(
        scheduler: any PushScheduler = DispatchScheduler(), applicationState: @escaping @Sendable () -> ApplicationState = { .active },
        advertisingIdentifier: @escaping @Sendable () -> String? = { nil }, bridge makeBridge: @escaping @Sendable () throws -> any JPushBridge
    ) -> PushAdapter {
        PushAdapter(id: .jpush, definition: JPushDefinition()) { configuration in
            var settings = try configuration.require(\.jpush, "jpush")
            // No `production` in the file: the environment the app is signed for.
            if settings.production == nil, let environment = configuration.environment { settings.production = environment == .production }
            return JPushProvider(
                settings: settings, bridge: try makeBridge(), scheduler: scheduler,
                advertisingIdentifier: advertisingIdentifier, applicationState: applicationState)
        }
    }
}
