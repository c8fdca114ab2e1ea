import PushBridge

/// JPush's part in `pushbridge simulate --provider jpush` and the simulated device: iOS's calls
/// replayed as the JPush SDK hands them to the app, through a ``JPushProvider`` on a
/// ``MockJPushBridge``.
///
/// Methods 4 and 5 reach the app as JPush's `jpushNotificationCenter:` delegate methods (JPush
/// is the notification-center delegate); 1, 2, 3 and the iOS 8–9 methods stay the app's own
/// (3 reporting the receipt with `handleRemoteNotification:`); custom messages arrive as
/// `kJPFNetworkDidReceiveMessageNotification`.
public struct JPushSimulator: ProviderSimulator {
    /// A simulator of JPush.
    public init() {}

    /// `.jpush`.
    public var kind: PushProviderKind { .jpush }

    /// A mock SDK and an adapter attached to `sink`.
    public func makeSession(sink: PushEventSink, scenario: DispatchScenario) throws(PushError) -> any ProviderSimulationSession {
        Session(sink: sink)
    }

    final class Session: ProviderSimulationSession {
        let bridge = MockJPushBridge()
        let provider: JPushProvider
        private let state = Locked(ApplicationState.active)

        init(sink: PushEventSink) {
            let state = self.state
            provider = JPushProvider(
                settings: JPushSettings(appKey: "000000000000000000000000"), bridge: bridge, scheduler: NeverFiringScheduler(),
                applicationState: { state.withLock { $0 } })
            provider.attach(to: sink)
        }

        func replay(_ call: SystemCall, notification: PushNotification?) -> [TraceCall] {
            state.withLock { $0 = call.state }
            let note = call.carriesNotification ? notification : nil
            switch call.callback {
            case .willPresent:
                guard let note else { return [] }
                provider.jpushNotificationCenter(willPresent: Self.info(note)) { _ in }
                return [TraceCall(call).renamed(JPushCallbackName.willPresent)]
            case .didReceiveResponse:
                guard let note else { return [] }
                let response = JPushResponseInfo(notification: Self.info(note), actionIdentifier: call.action?.identifier ?? ResponseAction.defaultIdentifier)
                provider.jpushNotificationCenter(didReceive: response) {}
                return [TraceCall(call).renamed(JPushCallbackName.didReceiveResponse)]
            default:
                provider.handle(
                    CallbackInvocation(
                        callback: call.callback, state: call.state, launchOptionsKey: call.launchOptionsKey, action: call.action,
                        notification: note),
                    completion: nil)
                return [TraceCall(call)]
            }
        }

        func replay(_ delivery: ChannelDelivery, message: JSONObject) throws(PushError) -> [TraceCall] {
            guard delivery.transport == .jpush else {
                throw PushError(.unsupported, field: "provider", "jpush cannot deliver \(delivery.transport) messages")
            }
            provider.networkNotification(.didReceiveMessage, userInfo: message)
            return [TraceCall(phase: delivery.phase, method: JPushNetworkNotification.didReceiveMessage.rawValue, state: .active)]
        }

        static func info(_ note: PushNotification) -> JPushNotificationInfo {
            JPushNotificationInfo(userInfo: note.payload, identifier: note.id, isRemote: note.source == .remote)
        }
    }
}
