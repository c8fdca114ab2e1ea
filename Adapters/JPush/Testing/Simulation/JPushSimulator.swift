import PushBridge
import PushBridgeJPush
import PushBridgeModel
import PushBridgeProviderKit

/// JPush's part in `pushbridge simulate --provider jpush` and the simulated device: iOS's calls
/// replayed as the JPush SDK hands them to the app, through a ``JPushProvider`` on a
/// ``MockJPushBridge``.
///
/// JPush is the notification-center delegate, so methods 4 and 5 reach the app as
/// `jpushNotificationCenter:willPresentNotification:withCompletionHandler:` and
/// `jpushNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:`; 1, 2, 3 and
/// the iOS 8–9 methods (L, A, AL) stay the app's own, keep their selectors, and go to the
/// client, which ``JPushProvider`` observes (3 reporting the receipt with
/// `handleRemoteNotification:`). A custom message arrives as
/// `kJPFNetworkDidReceiveMessageNotification`, while the app is active: sent while the app is
/// away, the mock SDK holds it until the app comes to the foreground. The events are those of
/// `SystemSimulator` for every scenario iOS delivers.
///
/// ```swift
/// let result = try ScenarioSimulator.run(scenario, provider: JPushSimulator())
/// result.calls.map(\.method) // ["jpushNotificationCenter:willPresentNotification:withCompletionHandler:", …]
/// ```
public struct JPushSimulator: ProviderSimulator {
    /// A simulator of JPush.
    public init() {}

    /// JPush's definition.
    public var definition: any PushProviderDefinition { JPushDefinition() }

    /// A mock SDK and an adapter. For a custom-message scenario that arrives while the app is
    /// away, the mock SDK receives (and holds) the message now.
    public func makeSession(scenario: DispatchScenario) throws(PushError) -> any ProviderSimulationSession {
        let session = Session()
        if scenario.notification.source == .jpushCustomMessage && scenario.state != .foreground {
            session.bridge.enterBackground()
            session.bridge.sendCustomMessage(scenario.notification.payload)
        }
        return session
    }

    final class Session: CenterDelegateSDKSession {
        let bridge = MockJPushBridge()
        let jpush: JPushProvider
        private let state = Locked(ApplicationState.active)

        init() {
            let state = self.state
            jpush = JPushProvider(
                settings: JPushSettings(appKey: "000000000000000000000000"), bridge: bridge, scheduler: NeverFiringScheduler(),
                sdkThread: .calling, applicationState: { state.withLock { $0 } })
            // The simulated app's user accepted its privacy policy: JPush may be called.
            try? jpush.setPrivacyConsent(.granted)
        }

        var provider: any PushProvider { jpush }

        func enter(_ state: ApplicationState) {
            self.state.withLock { $0 = state }
        }

        /// `jpushNotificationCenter:willPresentNotification:withCompletionHandler:`; JPush hands
        /// the adapter's options to iOS as its integer.
        func presentToSDK(_ notification: PushNotification, answer: @escaping @Sendable (PresentationOptions) -> Void) -> String {
            bridge.trigger(.willPresent(Self.info(notification), completionHandler: { bits in answer(PresentationOptions(rawValue: UInt(bits))) }))
            return JPushCallbackName.willPresent
        }

        /// `jpushNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:`.
        func respondToSDK(_ notification: PushNotification, action: ResponseAction?, textInput: String?, done: @escaping @Sendable () -> Void)
            -> String
        {
            let response = JPushResponseInfo(
                notification: Self.info(notification), actionIdentifier: action?.identifier ?? ResponseAction.defaultIdentifier, userText: textInput)
            bridge.trigger(.didReceiveResponse(response, completionHandler: done))
            return JPushCallbackName.didReceiveResponse
        }

        /// A custom message reaching the app, which is active: at once on arrival in the
        /// foreground; after the user brought the app back, the message the SDK held (or, when
        /// the session was not told of it, this one, held and released the same way).
        func replay(_ delivery: ChannelDelivery, message: JSONObject) throws(PushError) -> [TraceCall] {
            guard delivery.transport == .jpush else {
                throw PushError(
                    .unsupported, field: "provider",
                    "jpush cannot deliver \(delivery.transport) messages: simulate them with --provider \(delivery.transport)")
            }
            state.withLock { $0 = .active }
            let delivered: Int
            if delivery.phase == .arrival {
                delivered = bridge.enterForeground() + 1
                bridge.sendCustomMessage(message)
            } else {
                if bridge.heldMessageCount == 0 {
                    bridge.enterBackground()
                    bridge.sendCustomMessage(message)
                }
                delivered = bridge.enterForeground()
            }
            let call = TraceCall(phase: delivery.phase, method: JPushNetworkNotification.didReceiveMessage.rawValue, state: .active)
            return Array(repeating: call, count: delivered)
        }

        /// iOS's answer (the token, forwarded to `registerDeviceToken:`), then the SDK's:
        /// `kJPFNetworkDidLoginNotification` (the registration ID), `jpushNotificationAuthorization:withInfo:`
        /// with `JPAuthorizationStatusDenied`, or `kJPFNetworkFailedRegisterNotification`
        /// (`JPUSHService.h`: "注册失败").
        func completeRegistration(_ outcome: SimulatedRegistration, client: PushClient) -> [TraceCall] {
            var calls = outcome.systemAnswer(to: client)
            let sdk: String
            switch outcome {
            case .succeeds:
                bridge.trigger(.network(.didLogin))
                sdk = JPushNetworkNotification.didLogin.rawValue
            case .authorizationDenied:
                bridge.trigger(.authorization(.denied))
                sdk = "jpushNotificationAuthorization:withInfo:"
            case .providerFails:
                bridge.trigger(.network(.failedRegister))
                sdk = JPushNetworkNotification.failedRegister.rawValue
            case .noEntitlement, .unanswered:
                return calls
            }
            calls.append(TraceCall(phase: .arrival, method: sdk, state: .active))
            return calls
        }

        static func info(_ note: PushNotification) -> JPushNotificationInfo {
            JPushNotificationInfo(userInfo: note.payload, identifier: note.requestIdentifier, isRemote: note.source == .remote)
        }
    }
}
