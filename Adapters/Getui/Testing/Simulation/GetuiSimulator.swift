import PushBridge
import PushBridgeGetui
import PushBridgeModel
import PushBridgeProviderKit

/// Getui's part in `pushbridge simulate --provider getui` and the simulated device: iOS's calls
/// replayed as the Getui SDK hands them to the app, through a ``GetuiProvider`` on a
/// ``MockGetuiBridge``.
///
/// Method 4 reaches the app as `GeTuiSdkNotificationCenter:willPresentNotification:…`; 5 as
/// `GeTuiSdkDidReceiveNotification:…response:…`; 3 as `GeTuiSdkDidReceiveNotification:…` (the
/// receipt, before iOS 10) or `GeTuiSdkDidReceiveSlience:fromGetui:NO…` (iOS 10+); 1, 2 and the
/// iOS 8–9 methods stay the app's own; passthrough arrives as `GeTuiSdkDidReceiveSlience:fromGetui:YES…`.
public struct GetuiSimulator: ProviderSimulator {
    /// A simulator of Getui.
    public init() {}

    /// Getui's definition.
    public var definition: any PushProviderDefinition { GetuiDefinition() }

    /// A mock SDK and an adapter.
    public func makeSession(scenario: DispatchScenario) throws(PushError) -> any ProviderSimulationSession {
        Session(ios: scenario.ios)
    }

    final class Session: CenterDelegateSDKSession {
        let bridge = MockGetuiBridge()
        let getui: GetuiProvider
        let ios: IOSVersion
        private let state = Locked(ApplicationState.active)

        init(ios: IOSVersion) {
            self.ios = ios
            let state = self.state
            getui = GetuiProvider(
                settings: GetuiSettings(appID: "simulated", appKey: "simulated", appSecret: "simulated"), bridge: bridge,
                scheduler: NeverFiringScheduler(), sdkThread: .calling, applicationState: { state.withLock { $0 } })
            // The simulated app's user accepted its privacy policy: Getui may be called.
            try? getui.setPrivacyConsent(.granted)
        }

        var provider: any PushProvider { getui }

        func enter(_ state: ApplicationState) {
            self.state.withLock { $0 = state }
        }

        /// `GeTuiSdkNotificationCenter:willPresentNotification:completionHandler:`.
        func presentToSDK(_ notification: PushNotification, answer: @escaping @Sendable (PresentationOptions) -> Void) -> String {
            bridge.trigger(.willPresent(Self.info(notification), completionHandler: { bits in answer(PresentationOptions(rawValue: UInt(bits))) }))
            return GetuiCallbackName.willPresent
        }

        /// `GeTuiSdkDidReceiveNotification:notificationCenter:response:fetchCompletionHandler:`.
        func respondToSDK(_ notification: PushNotification, action: ResponseAction?, textInput: String?, done: @escaping @Sendable () -> Void)
            -> String
        {
            let info = Self.info(notification)
            let response = SystemResponse(
                notification: info, actionIdentifier: action?.identifier ?? ResponseAction.defaultIdentifier, userText: textInput)
            bridge.trigger(.receiveNotification(info, response: response, fetchCompletionHandler: { _ in done() }))
            return GetuiCallbackName.didReceiveNotification
        }

        /// Method 3, which Getui hooks: before iOS 10 its receipt (`GeTuiSdkDidReceiveNotification:…`),
        /// from iOS 10 `GeTuiSdkDidReceiveSlience:fromGetui:NO…` with the IDs in its `_gmid_`.
        func replayHooked(_ call: SystemCall, notification note: PushNotification) -> [TraceCall]? {
            guard call.callback == .didReceiveRemoteNotificationFetch else { return nil }
            if ios < IOSVersion(10) {
                bridge.trigger(.receiveNotification(Self.info(note), response: nil, fetchCompletionHandler: { _ in }))
                return [TraceCall(call).renamed(GetuiCallbackName.didReceiveNotification)]
            }
            let ids = Self.taskAndMessage(note)
            bridge.trigger(.slience(note.payload, fromGetui: false, offLine: false, taskID: ids?.task, msgID: ids?.message))
            return [TraceCall(call).renamed(GetuiCallbackName.didReceiveSlience)]
        }

        /// iOS's answer (the token, forwarded to `registerDeviceToken:`), then the SDK's:
        /// `GeTuiSdkDidRegisterClient:` (the client ID), `GetuiSdkGrantAuthorization:error:` with
        /// `NO`, or `GeTuiSdkDidOccurError:` (`GeTuiSdk.h`: "SDK遇到错误消息返回error"; the domain
        /// and code are the adapter tests' sample, Getui documents none).
        func completeRegistration(_ outcome: SimulatedRegistration, client: PushClient) -> [TraceCall] {
            var calls = outcome.systemAnswer(to: client)
            let sdk: String
            switch outcome {
            case .succeeds:
                bridge.trigger(.registerClient("0c7a1e2f3b4d5e6f7a8b9c0d1e2f3a4b"))
                sdk = "GeTuiSdkDidRegisterClient:"
            case .authorizationDenied:
                bridge.trigger(.grantAuthorization(false))
                sdk = "GetuiSdkGrantAuthorization:error:"
            case .providerFails:
                bridge.trigger(.error(PushError.VendorCode(domain: "GetuiErrorDomain", code: 10001)))
                sdk = "GeTuiSdkDidOccurError:"
            case .noEntitlement, .unanswered:
                return calls
            }
            calls.append(TraceCall(phase: .arrival, method: sdk, state: .active))
            return calls
        }

        func replay(_ delivery: ChannelDelivery, message: JSONObject) throws(PushError) -> [TraceCall] {
            guard delivery.transport == .getui else {
                throw PushError(.unsupported, field: "provider", "getui cannot deliver \(delivery.transport) messages")
            }
            bridge.trigger(
                .slience(
                    ["payload": message["payload"] ?? .null], fromGetui: true, offLine: delivery.offline,
                    taskID: message["taskId"]?.stringValue, msgID: message["msgId"]?.stringValue))
            return [TraceCall(phase: delivery.phase, method: GetuiCallbackName.didReceiveSlience, state: .active)]
        }

        private static func info(_ note: PushNotification) -> GetuiNotificationInfo {
            GetuiNotificationInfo(userInfo: note.payload, identifier: note.requestIdentifier, isRemote: note.source == .remote)
        }

        private static func taskAndMessage(_ note: PushNotification) -> (task: String, message: String)? {
            guard let gmid = note.payload[GetuiDefinition.messageIDKey]?.stringValue else { return nil }
            return GetuiDefinition.taskAndMessage(gmid)
        }
    }
}
