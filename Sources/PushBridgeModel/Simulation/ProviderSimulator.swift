import PushBridge
import PushBridgeProviderKit

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
    func replayToSDK(_ call: SystemCall, notification: PushNotification, to client: PushClient, completion: SystemCompletion) -> [TraceCall]
    /// Replays a message on the provider's own channel.
    func replay(_ delivery: ChannelDelivery, message: JSONObject) throws(PushError) -> [TraceCall]
    /// Answers the app's registration, once its launch has started push, as iOS and the
    /// provider's SDK would with `outcome`. The default is plain iOS's answer: the device token,
    /// or `application:didFailToRegisterForRemoteNotificationsWithError:`.
    func completeRegistration(_ outcome: SimulatedRegistration, client: PushClient) -> [TraceCall]
}

/// How the app's registration ends on a simulated device, once its launch started push: what iOS
/// and the provider's SDK answer. Each provider's simulator takes one (`registration:`).
public enum SimulatedRegistration: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// iOS hands the device token (`application:didRegisterForRemoteNotificationsWithDeviceToken:`)
    /// and the provider's SDK registers: JPush logs in with its registration ID
    /// (`kJPFNetworkDidLoginNotification`), Getui gives its client ID
    /// (`GeTuiSdkDidRegisterClient:`).
    case succeeds
    /// The user does not allow notifications: the authorization request answers no (plain APNs,
    /// through the APNs adapter's `requestAuthorization`; JPush's
    /// `jpushNotificationAuthorization:withInfo:` with `JPAuthorizationStatusDenied`; Getui's
    /// `GetuiSdkGrantAuthorization:error:` with `NO`). With JPush and Getui, iOS still hands the
    /// device token their SDKs asked for: remote registration is separate from the user's
    /// authorization, which governs what is shown (Apple, "Asking permission to use
    /// notifications": background notifications need no permission) *(inference: the token
    /// after a denial is not itself documented)*; PushBridge's APNs adapter registers only once
    /// granted.
    case authorizationDenied
    /// iOS cannot register: `application:didFailToRegisterForRemoteNotificationsWithError:` with
    /// `NSCocoaErrorDomain` 3000, "no valid “aps-environment” entitlement string found for
    /// application": an app signed without the Push Notifications capability (the codes
    /// `PushAppIntegration` documents: 3000, and 3010 on a simulator).
    case noEntitlement
    /// The provider's SDK reports that it could not register (JPush's
    /// `kJPFNetworkFailedRegisterNotification`; Getui's `GeTuiSdkDidOccurError:`), after iOS
    /// handed the token; plain APNs has no SDK, so for it this is ``noEntitlement``.
    case providerFails
    /// Nothing answers (a device with no network): no event.
    case unanswered

    /// The case's name.
    public var description: String {
        switch self {
        case .succeeds: "succeeds"
        case .authorizationDenied: "authorizationDenied"
        case .noEntitlement: "noEntitlement"
        case .providerFails: "providerFails"
        case .unanswered: "unanswered"
        }
    }

    /// The device token a simulated iOS hands the app: 32 bytes, as APNs' are.
    public static let deviceToken: [UInt8] = Array(repeating: 0x5A, count: 32)

    /// `application:didRegisterForRemoteNotificationsWithDeviceToken:`.
    static let didRegister = "application:didRegisterForRemoteNotificationsWithDeviceToken:"
    /// `application:didFailToRegisterForRemoteNotificationsWithError:`.
    static let didFail = "application:didFailToRegisterForRemoteNotificationsWithError:"

    /// iOS's part of the outcome, handed to `client` as the app delegate's methods hand it over
    /// (`PushAppIntegration`): the device token, or the failure with its error's domain and code;
    /// `[]` when iOS answers nothing.
    public func systemAnswer(to client: PushClient) -> [TraceCall] {
        switch self {
        case .succeeds, .authorizationDenied, .providerFails:
            client.didRegisterForRemoteNotifications(deviceToken: Self.deviceToken)
            return [TraceCall(phase: .arrival, method: Self.didRegister, state: .active)]
        case .noEntitlement:
            let code = PushError.VendorCode(domain: "NSCocoaErrorDomain", code: 3000)
            client.didFailToRegisterForRemoteNotifications(
                error: PushError(
                    .providerFailure, field: "deviceToken",
                    "registering for remote notifications failed (\(code)): no valid aps-environment entitlement string found for application",
                    vendorCode: code))
            return [TraceCall(phase: .arrival, method: Self.didFail, state: .active)]
        case .unanswered:
            return []
        }
    }
}

extension ProviderSimulationSession {
    /// Plain iOS's answer (``SimulatedRegistration/systemAnswer(to:)``); ``SimulatedRegistration/providerFails``
    /// is ``SimulatedRegistration/noEntitlement`` here, and a denial leaves nothing to see
    /// without an adapter that asks for authorization.
    public func completeRegistration(_ outcome: SimulatedRegistration, client: PushClient) -> [TraceCall] {
        (outcome == .providerFails ? .noEntitlement : outcome).systemAnswer(to: client)
    }
}

extension ProviderSimulationSession {
    /// Hands `call` to the app's delegate (`client`) unchanged, as iOS does when no SDK stands in
    /// its way: what a session's ``replay(_:notification:to:)`` does for a callback the SDK leaves
    /// to the app. A provider author's simulator calls this; it needs no SPI.
    public func replayToApp(_ call: SystemCall, notification: PushNotification?, to client: PushClient) -> [TraceCall] {
        client.callbacks.handle(CallbackInvocation(call, notification: notification))
        return [TraceCall(call)]
    }

    /// Replays the call, then answers `completion` with its default.
    public func replayToSDK(_ call: SystemCall, notification: PushNotification, to client: PushClient, completion: SystemCompletion) -> [TraceCall] {
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
            client.callbacks.handle(CallbackInvocation(call, notification: notification))
            return [TraceCall(call)]
        }

        func replay(_ delivery: ChannelDelivery, message: JSONObject) throws(PushError) -> [TraceCall] {
            throw PushError(
                .unsupported, field: "provider",
                "apns has no channel of its own: \(delivery.transport) messages need --provider \(delivery.transport)")
        }
    }
}

/// A scheduler whose work never runs: in a simulation the mock SDKs answer every request at
/// once, so no watchdog is ever needed.
package struct NeverFiringScheduler: PushScheduler {
    package init() {}
    package func schedule(after delay: Double, _ work: @escaping @Sendable () -> Void) -> ScheduledWork { ScheduledWork {} }
}
