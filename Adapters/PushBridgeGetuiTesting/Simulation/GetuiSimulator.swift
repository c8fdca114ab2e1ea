import PushBridge
import PushBridgeGetui
import PushBridgeModel

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

    final class Session: ProviderSimulationSession {
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

        func replay(_ call: SystemCall, notification: PushNotification?, to client: PushClient) -> [TraceCall] {
            state.withLock { $0 = call.state }
            let note = call.carriesNotification ? notification : nil
            // 4 and 5 are Getui's delegate's: as the SDK hands them over, with no one waiting.
            if let note, let ignored = SystemCompletion.ignored(for: call.callback) {
                return replayToSDK(call, notification: note, to: client, completion: ignored)
            }
            switch (call.callback, note) {
            case (.didReceiveRemoteNotificationFetch, .some(let note)) where ios < IOSVersion(10):
                bridge.trigger(.receiveNotification(Self.info(note), response: nil, fetchCompletionHandler: { _ in }))
                return [TraceCall(call).renamed(GetuiCallbackName.didReceiveNotification)]
            case (.didReceiveRemoteNotificationFetch, .some(let note)):
                // What Getui's hook of method 3 hands over: the `userInfo` and the IDs in its `_gmid_`.
                let ids = Self.taskAndMessage(note)
                bridge.trigger(.slience(note.payload, fromGetui: false, offLine: false, taskID: ids?.task, msgID: ids?.message))
                return [TraceCall(call).renamed(GetuiCallbackName.didReceiveSlience)]
            default:
                client.handle(CallbackInvocation(call, notification: note))
                return [TraceCall(call)]
            }
        }

        /// 4 or 5 to Getui's delegate, with the system's handler: Getui calls it when the adapter
        /// answers its block.
        func replayToSDK(_ call: SystemCall, notification: PushNotification, to client: PushClient, completion: SystemCompletion) -> [TraceCall] {
            state.withLock { $0 = call.state }
            switch (call.callback, completion) {
            case (.willPresent, .presentation(let handler)):
                bridge.trigger(.willPresent(Self.info(notification), completionHandler: { bits in handler(PresentationOptions(rawValue: UInt(bits))) }))
                return [TraceCall(call).renamed(GetuiCallbackName.willPresent)]
            case (.didReceiveResponse, .response(let handler)):
                let response = GetuiResponseInfo(actionIdentifier: call.action?.identifier ?? ResponseAction.defaultIdentifier, userText: call.textInput)
                bridge.trigger(.receiveNotification(Self.info(notification), response: response, fetchCompletionHandler: { _ in handler() }))
                return [TraceCall(call).renamed(GetuiCallbackName.didReceiveNotification)]
            default:
                defer { completion.completeWithDefault() }
                return replay(call, notification: notification, to: client)
            }
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
