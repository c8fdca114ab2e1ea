import PushBridge
import PushBridgeAPNs
import PushBridgeAPNsTesting
import PushBridgeFCM
import PushBridgeModel
import PushBridgeProviderKit

/// FCM's part in `pushbridge simulate --provider fcm` and the simulated device: iOS's calls reach
/// the app (and the client) unchanged — FirebaseMessaging with swizzling off takes none of them —
/// and the client's provider is an ``FCMProvider`` on a ``MockFCMBridge``, which sees each
/// callback (`appDidReceiveMessage:`) and registers with FCM once iOS hands the device token.
///
/// FCM has no channel of its own on iOS: data messages arrive as APNs background pushes (the
/// direct channel was removed in FirebaseMessaging 7.0.0, its CHANGELOG).
///
/// ```swift
/// let device = SimulatedDevice(ios: IOSVersion(17), provider: FCMSimulator(), registration: .providerFails, running: app)
/// ```
public struct FCMSimulator: ProviderSimulator {
    /// The error FCM's registration answers ``SimulatedRegistration/providerFails`` with:
    /// `FIRMessagingErrorNetwork` (4, `FIRMessaging.h` L99), "No network available to reach the
    /// servers" — a sample: any of FCM's errors reaches the app the same way.
    public static let registrationError = PushError.VendorCode(domain: FCMErrorCode.domain, code: 4)

    /// The identifier a successful simulated registration gives.
    public static let identifier = "fcm-simulated-0c7a1e2f3b4d:APA91bSimulated"

    /// A simulator of FCM.
    public init() {}

    /// FCM's definition.
    public var definition: any PushProviderDefinition { FCMDefinition() }

    /// A mock FirebaseMessaging, a stand-in for iOS's prompt, and an adapter.
    public func makeSession(scenario: DispatchScenario) throws(PushError) -> any ProviderSimulationSession {
        Session()
    }

    final class Session: ProviderSimulationSession {
        let bridge = MockFCMBridge(identifier: FCMSimulator.identifier)
        let prompt = AuthorizationPrompt()
        let fcm: FCMProvider

        init() {
            fcm = FCMProvider(
                settings: FCMSettings(projectId: "simulated-project"), bridge: bridge, system: prompt, apnsTokenType: .sandbox,
                scheduler: NeverFiringScheduler())
            // The simulated app's user accepted its privacy policy: FCM may be started.
            try? fcm.setPrivacyConsent(.granted)
        }

        var provider: any PushProvider { fcm }

        func replay(_ call: SystemCall, notification: PushNotification?, to client: PushClient) -> [TraceCall] {
            replayToApp(call, notification: notification, to: client)
        }

        func replay(_ delivery: ChannelDelivery, message: JSONObject) throws(PushError) -> [TraceCall] {
            throw PushError(
                .unsupported, field: "provider",
                "fcm has no channel of its own on iOS (data messages arrive as APNs background pushes): \(delivery.transport) messages need the \(delivery.transport) provider's simulation"
            )
        }

        /// The user answers the prompt (no, for `authorizationDenied`); once granted, iOS hands
        /// the token (or fails, `noEntitlement`), and FCM answers its registration:
        /// `tokenWithCompletion:` with a token, or, for `providerFails`, with ``FCMSimulator/registrationError``.
        func completeRegistration(_ outcome: SimulatedRegistration, client: PushClient) -> [TraceCall] {
            guard outcome != .unanswered, prompt.answer(granted: outcome != .authorizationDenied) else { return [] }
            let answered = TraceCall(phase: .arrival, method: "requestAuthorizationWithOptions:completionHandler:", state: .active)
            guard outcome != .authorizationDenied else { return [answered] }
            bridge.registration = outcome == .providerFails ? .fails(FCMSimulator.registrationError) : .succeeds
            var calls = [answered] + outcome.systemAnswer(to: client)
            if outcome != .noEntitlement { calls.append(TraceCall(phase: .arrival, method: "tokenWithCompletion:", state: .active)) }
            return calls
        }
    }
}
