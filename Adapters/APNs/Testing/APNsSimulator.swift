import PushBridge
import PushBridgeAPNs
import PushBridgeModel
import PushBridgeProviderKit

/// Plain APNs through its adapter, for the simulated device: iOS's calls reach the app (and the
/// client) unchanged, as with `SystemSimulator`, and the client's provider is an ``APNsProvider``
/// whose authorization prompt the user answers when the device answers the app's registration —
/// so a device running the app's `PushApp` gets the `registered` event of a device token, or the
/// `registrationFailed` of a denied prompt or of iOS's failure to register.
///
/// ```swift
/// let device = SimulatedDevice(ios: IOSVersion(17), provider: APNsSimulator(), registration: .authorizationDenied, running: app)
/// ```
public struct APNsSimulator: ProviderSimulator {
    /// A simulator of plain APNs, with its adapter.
    public init() {}

    /// Plain APNs'.
    public var definition: any PushProviderDefinition { APNsDefinition() }

    /// An adapter on a stand-in for iOS's prompt.
    public func makeSession(scenario: DispatchScenario) throws(PushError) -> any ProviderSimulationSession {
        Session()
    }

    final class Session: ProviderSimulationSession {
        let prompt = AuthorizationPrompt()
        let apns: APNsProvider

        init() {
            apns = APNsProvider(bridge: prompt)
        }

        var provider: any PushProvider { apns }

        func replay(_ call: SystemCall, notification: PushNotification?, to client: PushClient) -> [TraceCall] {
            client.callbacks.handle(CallbackInvocation(call, notification: notification))
            return [TraceCall(call)]
        }

        func replay(_ delivery: ChannelDelivery, message: JSONObject) throws(PushError) -> [TraceCall] {
            throw PushError(
                .unsupported, field: "provider",
                "apns has no channel of its own: \(delivery.transport) messages need the \(delivery.transport) provider's simulation")
        }

        /// The user answers the prompt the adapter's registration showed (no, for
        /// `authorizationDenied`: the adapter then does not register); once granted, iOS answers
        /// the registration (`providerFails` is iOS's `noEntitlement`: plain APNs has no SDK).
        func completeRegistration(_ outcome: SimulatedRegistration, client: PushClient) -> [TraceCall] {
            guard outcome != .unanswered, prompt.answer(granted: outcome != .authorizationDenied) else { return [] }
            let answered = TraceCall(phase: .arrival, method: "requestAuthorizationWithOptions:completionHandler:", state: .active)
            guard outcome != .authorizationDenied else { return [answered] }
            return [answered] + (outcome == .providerFails ? .noEntitlement : outcome).systemAnswer(to: client)
        }
    }
}
