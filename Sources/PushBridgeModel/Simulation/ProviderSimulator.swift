@_spi(ProviderAuthor) import PushBridge

/// A call as a simulation's trace shows it: iOS's selector, or — through a provider's adapter —
/// the callback the provider's SDK hands the app instead.
public struct TraceCall: Sendable, Hashable {
    /// When it happens.
    public var phase: SystemCall.Phase
    /// The selector or SDK callback the app receives.
    public var method: String
    /// `UIApplication.applicationState` during it.
    public var state: ApplicationState
    /// Whether this is the launch (`didFinishLaunching`), which reports its launch options key.
    public var isLaunch: Bool
    /// For the launch: the key carrying the notification, if any.
    public var launchOptionsKey: LaunchOptionsKey?
    /// For calls with a response: the action identifier.
    public var action: String?

    /// A call from its parts.
    public init(
        phase: SystemCall.Phase, method: String, state: ApplicationState, isLaunch: Bool = false,
        launchOptionsKey: LaunchOptionsKey? = nil, action: String? = nil
    ) {
        self.phase = phase
        self.method = method
        self.state = state
        self.isLaunch = isLaunch
        self.launchOptionsKey = launchOptionsKey
        self.action = action
    }

    /// An iOS call as iOS names it.
    public init(_ call: SystemCall) {
        self.init(
            phase: call.phase, method: call.callback.rawValue, state: call.state,
            isLaunch: call.callback == .didFinishLaunching, launchOptionsKey: call.launchOptionsKey,
            action: call.action?.identifier)
    }

    /// The same call under the name `method` (a provider SDK's callback).
    public func renamed(_ method: String) -> TraceCall {
        var call = self
        call.method = method
        return call
    }
}

/// Plays the part of a provider's SDK in a simulation: it receives iOS's calls (and the
/// provider's own-channel messages) as the SDK would and drives the provider's adapter with
/// them. The app's own delegate methods go to the `PushClient` (which its provider observes);
/// what the SDK reports goes from the adapter to the client's sink. The client's events are the
/// simulation's: one pipeline, the app's.
public protocol ProviderSimulator: Sendable {
    /// What the core knows of the provider simulated.
    var definition: any PushProviderDefinition { get }
    /// A fresh SDK and adapter for one scenario; the simulator builds the client over its
    /// ``ProviderSimulationSession/provider``.
    func makeSession(scenario: DispatchScenario) throws(PushError) -> any ProviderSimulationSession
}

extension ProviderSimulator {
    /// The provider simulated.
    public var id: PushProviderID { definition.id }
}

/// One scenario's run through a provider's SDK and adapter.
///
/// `Sendable`: PushBridgeTesting's `SimulatedDevice` keeps the session of its running process and
/// replays each call on whichever thread the test acts from, outside any lock of its own (a
/// replay runs the client, which must not be called holding one).
public protocol ProviderSimulationSession: AnyObject, Sendable {
    /// The adapter, on a mock of its SDK: the client of the simulation is built over it.
    var provider: any PushProvider { get }
    /// Replays an iOS callback: to the app's delegate (`client`) or, for a callback the SDK
    /// takes, to the SDK; `notification` is what iOS hands its path (the `userInfo` alone, or
    /// with the request identifier for 4 and 5: ``DeliveryHandover``), `nil` when it carries none.
    func replay(_ call: SystemCall, notification: PushNotification?, to client: PushClient) -> [TraceCall]
    /// Replays method 4 or 5 as the SDK's own delegate receives it, with the system's completion
    /// handler, which the SDK calls when the adapter answers (the simulated device's notification
    /// center counts it). The default replays the call and answers `completion` with its default.
    @_spi(ProviderAuthor) func replayToSDK(_ call: SystemCall, notification: PushNotification, to client: PushClient, completion: SystemCompletion) -> [TraceCall]
    /// Replays a message on the provider's own channel.
    func replay(_ delivery: ChannelDelivery, message: JSONObject) throws(PushError) -> [TraceCall]
}

extension ProviderSimulationSession {
    /// Replays the call, then answers `completion` with its default.
    @_spi(ProviderAuthor) public func replayToSDK(_ call: SystemCall, notification: PushNotification, to client: PushClient, completion: SystemCompletion) -> [TraceCall] {
        defer { completion.completeWithDefault() }
        return replay(call, notification: notification, to: client)
    }
}

/// No provider SDK: iOS's calls reach the app (and the client) unchanged. What plain APNs does.
public struct SystemSimulator: ProviderSimulator {
    /// A simulator of plain iOS delivery.
    public init() {}

    /// Plain APNs'.
    public var definition: any PushProviderDefinition { APNsDefinition() }

    /// A session that hands every call to the client unchanged.
    public func makeSession(scenario: DispatchScenario) throws(PushError) -> any ProviderSimulationSession {
        Session()
    }

    final class Session: ProviderSimulationSession {
        let provider: any PushProvider = NoOpProvider()

        func replay(_ call: SystemCall, notification: PushNotification?, to client: PushClient) -> [TraceCall] {
            client.handle(CallbackInvocation(call, notification: notification))
            return [TraceCall(call)]
        }

        func replay(_ delivery: ChannelDelivery, message: JSONObject) throws(PushError) -> [TraceCall] {
            throw PushError(.unsupported, field: "provider", "apns has no channel of its own: \(delivery.transport) messages need --provider \(delivery.transport)")
        }
    }
}

/// A scheduler whose work never runs: in a simulation the mock SDKs answer every request at
/// once, so no watchdog is ever needed.
package struct NeverFiringScheduler: PushScheduler {
    package init() {}
    package func schedule(after delay: Double, _ work: @escaping @Sendable () -> Void) -> ScheduledWork { ScheduledWork {} }
}
