import PushBridge

/// The dispatch model's answer: what the system showed and which callbacks it made, in order.
public struct DispatchTrace: Sendable, Equatable {
    /// What the system showed when the notification arrived.
    public var display: NotificationDisplay
    /// Whether the user's action reached the app; `nil` when the user did nothing.
    public var actionDelivered: Bool?
    /// Everything the app is handed, in order: iOS's callbacks and provider-channel messages.
    public var steps: [DispatchStep]
    /// Why the user's response reached no delegate although iOS delivered it (the app may even
    /// have been launched for it); `nil` when it was not lost that way.
    public var lostResponse: LostResponse?
    /// What the app's service extension did; `nil` when the scenario has none.
    public var serviceExtension: ServiceExtensionRun?
    /// What became of a VoIP push; `nil` for any other push type.
    public var voip: VoIPOutcome?
    /// What APNs or iOS did to the push before the app's methods, when it was not plain
    /// delivery (dropped, delayed, refused, deferred); `nil` otherwise.
    public var delivery: DeliveryVerdict?
    /// What the app's content extension did with the user's action, when it took it; `nil`
    /// otherwise.
    public var contentExtension: ContentExtensionRun?
    /// Which scene the user's tap or foreground action brought forward or connected, when the
    /// scenario lists its scenes and the action reached the app; `nil` otherwise.
    public var scene: SceneActivation? {
        get { sceneStorage?.activation }
        set { sceneStorage = newValue.map(SceneActivationBox.init) }
    }
    /// `scene` behind one optional reference: a trace without one (nearly every trace) carries
    /// and releases nothing for it.
    private var sceneStorage: SceneActivationBox?

    /// A trace from its parts.
    public init(
        display: NotificationDisplay, actionDelivered: Bool?, steps: [DispatchStep], lostResponse: LostResponse? = nil,
        serviceExtension: ServiceExtensionRun? = nil
    ) {
        self.display = display
        self.actionDelivered = actionDelivered
        self.steps = steps
        self.lostResponse = lostResponse
        self.serviceExtension = serviceExtension
    }

    /// A trace of iOS callbacks only.
    public init(display: NotificationDisplay, actionDelivered: Bool?, calls: [SystemCall]) {
        self.init(display: display, actionDelivered: actionDelivered, steps: calls.map(DispatchStep.call))
    }

    /// iOS's callbacks, arrival first, then the user's action.
    public var calls: [SystemCall] {
        steps.compactMap { if case .call(let call) = $0 { call } else { nil } }
    }

    /// The calls made when the notification arrived.
    public var arrivalCalls: [SystemCall] { calls.filter { $0.phase == .arrival } }
    /// The calls made for the user's action.
    public var actionCalls: [SystemCall] { calls.filter { $0.phase == .action } }
}

/// One callback iOS makes, with the application state during it.
///
/// This is the vocabulary the event normaliser consumes and the provider adapters translate from.
public struct SystemCall: Sendable, Equatable, CustomStringConvertible {
    /// When in a scenario a call happens.
    public enum Phase: String, Sendable, Hashable, CaseIterable {
        /// When the notification arrives.
        case arrival
        /// When the user acts.
        case action
    }

    /// When the call happens.
    public var phase: Phase
    /// The method called.
    public var callback: SystemCallback
    /// `UIApplication.applicationState` during the call.
    public var state: ApplicationState
    /// For `didFinishLaunching`: the launch options key that carries the notification, if any.
    public var launchOptionsKey: LaunchOptionsKey?
    /// For calls that carry a response: the action the user took.
    public var action: ResponseAction?
    /// For a text-input action's response: what the user typed (`userText`).
    public var textInput: String?

    /// A call from its parts.
    public init(
        phase: Phase, callback: SystemCallback, state: ApplicationState,
        launchOptionsKey: LaunchOptionsKey? = nil, action: ResponseAction? = nil, textInput: String? = nil
    ) {
        self.phase = phase
        self.callback = callback
        self.state = state
        self.launchOptionsKey = launchOptionsKey
        self.action = action
        self.textInput = textInput
    }

    /// Whether this call hands the app the notification (a launch without a key does not).
    public var carriesNotification: Bool {
        callback != .didFinishLaunching || launchOptionsKey != nil
    }

    /// `5 userNotificationCenter:… [inactive] action=default`.
    public var description: String {
        var text = "\(callback.seedLabel) \(callback.rawValue) [\(state)]"
        if callback == .didFinishLaunching { text += " launchOptions=\(launchOptionsKey?.rawValue ?? "none")" }
        if let action { text += " action=\(action.identifier)" }
        return text
    }
}

/// One thing the app is handed: a callback from iOS, or a message on a provider's own channel.
public enum DispatchStep: Sendable, Equatable {
    /// A callback iOS makes.
    case call(SystemCall)
    /// A message over a provider's own connection.
    case message(ChannelDelivery)
}

/// A provider-channel message reaching the app (always while it is in the foreground, `active`).
public struct ChannelDelivery: Sendable, Hashable {
    /// When it reaches the app: on arrival (the app was in the foreground) or once the user's
    /// action brought the app to the foreground.
    public var phase: SystemCall.Phase
    /// The provider whose channel carried it.
    public var transport: PushProviderID
    /// Whether the provider held it while the app was away (Getui reports this; JPush does not).
    public var offline: Bool

    /// A delivery from its parts.
    public init(phase: SystemCall.Phase, transport: PushProviderID, offline: Bool) {
        self.phase = phase
        self.transport = transport
        self.offline = offline
    }
}

/// A trace's ``SceneActivation``, boxed.
final class SceneActivationBox: Sendable, Hashable {
    let activation: SceneActivation
    init(_ activation: SceneActivation) { self.activation = activation }
    static func == (left: SceneActivationBox, right: SceneActivationBox) -> Bool { left.activation == right.activation }
    func hash(into hasher: inout Hasher) { hasher.combine(activation) }
}
