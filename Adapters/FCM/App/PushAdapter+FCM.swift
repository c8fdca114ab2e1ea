import PushBridge
import PushBridgeAPNs
import PushBridgeFCMDefinition

/// Firebase Cloud Messaging as one value: what an app lists among its adapters.
extension PushAdapter {
    #if canImport(ObjectiveC) && canImport(UIKit)
        /// FCM, through the FirebaseMessaging the app links, with the `fcm` section of the
        /// configuration file (`projectId`); the APNs token is handed to FCM with the environment
        /// the configuration names, else the one the app is signed for.
        ///
        /// The app calls `FirebaseApp.configure()` first and sets `FirebaseAppDelegateProxyEnabled`
        /// to NO in its Info.plist (``FCMProvider``). When FirebaseMessaging is not in the app, or
        /// not configured, the client made with it leaves push off and says why
        /// (`PushClient.configurationProblem`, and a `registrationFailed` event).
        ///
        /// ```swift
        /// let client = PushClient(configurationFile: "push.json", adapters: [.apns, .fcm])
        /// ```
        @available(iOSApplicationExtension, unavailable)
        public static var fcm: PushAdapter {
            fcm(system: SystemAPNsBridge()) { try FIRMessagingBridge() }
        }
    #else
        /// FirebaseMessaging runs on iOS only: on this platform, an adapter whose client leaves
        /// push off and says why (a `registrationFailed` event), so that an app's push code (a
        /// `PushApp` listing `.fcm`) compiles and runs anywhere — under PushBridgeTesting's
        /// `SimulatedDevice` with `FCMSimulator`, or with ``fcm(system:apnsTokenType:scheduler:applicationState:bridge:)``
        /// and a mock.
        public static var fcm: PushAdapter {
            PushAdapter(id: .fcm, definition: FCMDefinition()) { _ in
                throw PushError(
                    .unsupported, field: "fcm",
                    "FirebaseMessaging runs on iOS only: on this platform, use .fcm(system:bridge:) with a mock, or SimulatedDevice")
            }
        }
    #endif

    /// FCM through the bridge `makeBridge` returns (`MockFCMBridge` in tests; on a device,
    /// ``fcm``), called when the client is made; what it throws leaves push off and is reported.
    ///
    /// - Parameters:
    ///   - system: iOS's authorization prompt and remote registration (`MockAPNsBridge` in tests).
    ///   - apnsTokenType: The APNs token's environment for FCM; `nil` (the default) reads the
    ///     configuration's `environment`, else the environment the app is signed for.
    ///   - scheduler: Time, for the topic watchdogs.
    ///   - applicationState: The application state during a callback.
    ///   - makeBridge: FirebaseMessaging's bridge.
    public static func fcm(
        system: any APNsSystemBridge, apnsTokenType: FCMAPNSTokenType? = nil, scheduler: any PushScheduler = DispatchScheduler(),
        applicationState: @escaping @Sendable () -> ApplicationState = { .active }, bridge makeBridge: @escaping @Sendable () throws -> any FCMBridge
    ) -> PushAdapter {
        PushAdapter(id: .fcm, definition: FCMDefinition()) { configuration in
            FCMProvider(
                settings: try configuration.require(\.fcm, "fcm"), bridge: try makeBridge(), system: system,
                apnsTokenType: apnsTokenType ?? FCMAPNSTokenType(configuration.environment ?? SigningEnvironment.current), scheduler: scheduler,
                applicationState: applicationState)
        }
    }
}
