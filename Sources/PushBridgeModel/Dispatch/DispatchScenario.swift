import PushBridge
import PushBridgeValidation

/// One question for the dispatch model: a device, an app, a notification and what the user does.
///
/// Every field but `ios`, `state` and `notification` has the default a typical app has.
/// Read one from JSON with `init(json:)` (the `pushbridge simulate` format) or build one in code:
///
/// ```swift
/// let scenario = DispatchScenario(
///     ios: IOSVersion(12, 3, 1),
///     state: .forceQuit,
///     implements: [.didReceiveRemoteNotificationFetch, .willPresent, .didReceiveResponse],
///     notification: .remote(["aps": ["alert": "Hello"]], id: "n-1"),
///     user: .tap
/// )
/// let trace = DispatchModel.trace(for: scenario)
/// ```
public struct DispatchScenario: Sendable, Hashable {
    /// The iOS version of the device.
    public var ios: IOSVersion
    /// Where the app is when the notification arrives.
    public var state: ArrivalState
    /// The overlay, the request's headers, the budget, the lock, the content extension and
    /// communication notifications (their public properties are below) as seven bytes, declared
    /// here so that they sit in the padding after `state`: a scenario is copied and read far more
    /// often than these are set (the model's benchmark evaluates a million), so they add neither
    /// a reference to count nor a byte to copy.
    private(set) var extras = ScenarioExtras()
    /// The notification callbacks the app implements; 1 (`didFinishLaunching`) always is.
    public var implements: Set<SystemCallback> {
        didSet { implemented = CallbackSet(implements) }
    }
    /// When the app sets the notification-center delegate.
    public var centerDelegate: CenterDelegateTiming
    /// The app's `UIBackgroundModes`; `remote-notification` is the one the model reads.
    public var backgroundModes: Set<String> {
        didSet { hasRemoteNotificationMode = backgroundModes.contains(Self.remoteNotificationMode) }
    }
    /// The notification.
    public var notification: ScenarioNotification
    /// Whether the notification's category has `customDismissAction`.
    public var customDismissAction: Bool
    /// What `willPresent` (4) answers.
    public var presentation: PresentationOptions
    /// What the user does after the notification arrives.
    public var user: UserAction
    /// How the app is built: app delegate alone (the default) or scenes (ignored before iOS 13).
    public var lifecycle: AppLifecycle
    /// The `apns-push-type` the notification is sent with; `nil` (the default): an alert or a
    /// background push, as its payload says. A type that never reaches the notification
    /// delegates (`PayloadValidator.PushType.reachesNotificationDelegates`) makes no call.
    public var pushType: PayloadValidator.PushType?
    /// What the user has set on the device: authorization, Background App Refresh, Low Power
    /// Mode, Focus, the scheduled summary, time-sensitive notifications
    /// (``DeviceSettings/typical`` by default).
    public var settings: DeviceSettings
    /// What the app's notification service extension does (`.none`: it has none).
    public var serviceExtension: ServiceExtensionOutcome
    /// The reading taken where the sources disagree (``DisputedBehaviours/documented`` by default).
    public var disputed: DisputedBehaviours
    /// What happens after the notification arrived and the user acted on it: the app changes
    /// state, more notifications arrive, the user acts on an earlier one. The dispatch model
    /// and ``ScenarioSimulator`` answer for the scenario's own notification and ignore the
    /// steps; `StepSimulator` (`PushBridgeTesting`, on a simulated device) runs them, and so
    /// does `pushbridge simulate`.
    public var steps: [ScenarioStep] {
        get { sequences.steps }
        set { sequences.steps = newValue }
    }
    /// For a VoIP push (`pushType` `voip`): whether the app reports a call to CallKit before its
    /// PushKit handler returns (the default), as iOS 13 and later require.
    public var reportsCall: Bool
    /// System UI pulled down over the app when the user acts (``ScreenOverlay/none`` by default):
    /// the app is on screen but inactive. With `state` `background`, the user opened the app
    /// after the notification arrived, then pulled the overlay down.
    public var overlay: ScreenOverlay {
        get { extras.overlay }
        set { extras.overlay = newValue }
    }
    /// The `apns-priority` the push is sent with (10, 5 or 1); `nil`: what Apple advises for its type.
    public var apnsPriority: Int? {
        get { extras.apnsPriority == 0 ? nil : Int(extras.apnsPriority) }
        set { extras.apnsPriority = newValue.map { UInt8(clamping: max(1, $0)) } ?? 0 }
    }
    /// How many background (silent) pushes the app received in the hour before this one
    /// (0 or more; counts beyond 255 are read as 255, far past any budget).
    public var silentPushesLastHour: Int {
        get { Int(extras.silentPushesLastHour) }
        set { extras.silentPushesLastHour = UInt8(clamping: max(0, newValue)) }
    }
    /// Whether the device is locked when the user acts, and whether the user unlocks when asked.
    public var deviceLock: DeviceLock {
        get { extras.deviceLock }
        set { extras.deviceLock = newValue }
    }
    /// The options of the action the user picks, beside `foreground` (`UNNotificationActionOptions`).
    public var actionOptions: Set<ActionOption> {
        get { Set(ActionOption.allCases.filter { extras.actionOptions & $0.bit != 0 }) }
        set { extras.actionOptions = newValue.reduce(0) { $0 | $1.bit } }
    }

    /// Whether the notification is a communication notification (iOS 15+): the app's service
    /// extension updated its content with a message or call intent (`INSendMessageIntent`,
    /// `INStartCallIntent`) and the app has the Communication Notifications capability.
    public var communication: Bool {
        get { extras.flags & ScenarioExtras.communicationBit != 0 }
        set { extras.set(ScenarioExtras.communicationBit, newValue) }
    }
    /// Whether the Focus that is on allows the communication's sender (an allowed person).
    public var focusAllowsSender: Bool {
        get { extras.flags & ScenarioExtras.focusAllowsSenderBit != 0 }
        set { extras.set(ScenarioExtras.focusAllowsSenderBit, newValue) }
    }

    /// What the app's Notification Content extension answers when the user picks an action in it
    /// (``ContentExtensionResponse/none``: no extension takes actions).
    public var contentExtension: ContentExtensionResponse {
        get { extras.contentExtension }
        set { extras.contentExtension = newValue }
    }

    /// A scene app's scene sessions when the user acts (empty, the default: the model does not
    /// say which scene a tap brings forward). See ``SceneActivation/choose(among:target:supportsMultipleScenes:launching:)``.
    public var scenes: [SceneSession] {
        get { sequences.scenes }
        set { sequences.scenes = newValue }
    }
    /// `steps` and `scenes` behind one reference, absent while both are empty (as in nearly
    /// every scenario): copying a scenario retains nothing for them.
    private var sequences = ScenarioSequences()
    /// Whether the app supports multiple scenes (`UIApplicationSupportsMultipleScenes`): a tap no
    /// scene can show connects a new scene session.
    public var supportsMultipleScenes: Bool {
        get { extras.flags & ScenarioExtras.supportsMultipleScenesBit != 0 }
        set { extras.set(ScenarioExtras.supportsMultipleScenesBit, newValue) }
    }
    /// The notification's `target-content-id`, read where iOS reads it: the payload's
    /// `aps.target-content-id` (Apple, `UNNotificationContent.targetContentIdentifier`).
    public var targetContentID: String? {
        if case .object(let aps) = notification.payload["aps"], case .string(let id) = aps["target-content-id"] { return id }
        return nil
    }
    /// Which scene the user's tap or foreground action brings forward or connects; `nil` when
    /// the scenario lists no scenes.
    func sceneActivation(launching: Bool) -> SceneActivation? {
        if scenes.isEmpty { return nil }
        return SceneActivation.choose(among: scenes, target: targetContentID, supportsMultipleScenes: supportsMultipleScenes, launching: launching)
    }

    /// The background mode that lets iOS wake the app for `content-available` pushes.
    public static let remoteNotificationMode = "remote-notification"

    /// `implements` as bits, kept in step with it: a scenario is read far more often than it
    /// is changed (the model reads it on every evaluation), so the set is read once.
    private(set) var implemented: CallbackSet
    /// Whether `backgroundModes` holds `remoteNotificationMode`, kept in step with it.
    private(set) var hasRemoteNotificationMode: Bool

    /// A scenario; every parameter after `notification` has the typical app's default.
    public init(
        ios: IOSVersion,
        state: ArrivalState,
        implements: Set<SystemCallback> = [],
        centerDelegate: CenterDelegateTiming = .beforeLaunchEnds,
        backgroundModes: Set<String> = [DispatchScenario.remoteNotificationMode],
        notification: ScenarioNotification,
        customDismissAction: Bool = false,
        presentation: PresentationOptions = [],
        user: UserAction = .none,
        lifecycle: AppLifecycle = .appDelegate,
        pushType: PayloadValidator.PushType? = nil,
        settings: DeviceSettings = .typical,
        serviceExtension: ServiceExtensionOutcome = .none,
        disputed: DisputedBehaviours = .documented,
        steps: [ScenarioStep] = [],
        reportsCall: Bool = true
    ) {
        self.ios = ios
        self.state = state
        self.implements = implements
        self.centerDelegate = centerDelegate
        self.backgroundModes = backgroundModes
        self.notification = notification
        self.customDismissAction = customDismissAction
        self.presentation = presentation
        self.user = user
        self.lifecycle = lifecycle
        self.pushType = pushType
        self.settings = settings
        self.serviceExtension = serviceExtension
        self.disputed = disputed
        self.reportsCall = reportsCall
        sequences.steps = steps
        implemented = CallbackSet(implements)
        hasRemoteNotificationMode = backgroundModes.contains(Self.remoteNotificationMode)
    }
}

/// The notification of a scenario: its source, an optional identifier and its payload.
public struct ScenarioNotification: Sendable, Hashable {
    /// Remote or local.
    public var source: NotificationSource
    /// The identifier events carry; when `nil`, one is derived from the payload.
    public var id: String?
    /// The payload (`{"aps": {...}, ...custom keys}`; a provider channel's own message format).
    public var payload: JSONObject {
        didSet { flags = DeliveryFlags(payload: payload) }
    }
    /// For a provider channel's message whose provider sends one (`ProviderChannel.sendsAPNsCopy`):
    /// the APNs notification of the same push — a JPush push with both a notification and a
    /// custom message, the APNs copy Getui sent while it saw the app offline.
    public var apnsCopy: JSONObject?

    /// What the dispatch model reads of `payload`: read when the payload is set, not on every
    /// evaluation of a scenario (a test or a conformance run evaluates one many times). Derived
    /// from the payload alone, so equality and hashing are unchanged by it.
    private(set) var flags: DeliveryFlags

    /// A notification from its parts.
    public init(source: NotificationSource, id: String? = nil, payload: JSONObject, apnsCopy: JSONObject? = nil) {
        self.source = source
        self.id = id
        self.payload = payload
        self.apnsCopy = apnsCopy
        flags = DeliveryFlags(payload: payload)
    }

    /// A remote notification.
    public static func remote(_ payload: JSONObject, id: String? = nil) -> ScenarioNotification {
        ScenarioNotification(source: .remote, id: id, payload: payload)
    }

    /// A local notification.
    public static func local(_ payload: JSONObject, id: String? = nil) -> ScenarioNotification {
        ScenarioNotification(source: .local, id: id, payload: payload)
    }
}

/// What the user does once the notification has arrived.
public enum UserAction: Sendable, Hashable, CustomStringConvertible {
    /// Nothing.
    case none
    /// Taps the notification (its default action).
    case tap
    /// Explicitly dismisses it (delivered only with a `customDismissAction` category).
    case dismiss
    /// Ignores it and opens the app from its icon.
    case openAppIcon
    /// Presses a custom action button; `foreground` when the action brings the app to the screen.
    case action(id: String, foreground: Bool)
    /// Types `text` into a text-input action (`UNTextInputNotificationAction`) and sends it:
    /// the response is a `UNTextInputNotificationResponse` whose `userText` is `text`.
    case textInput(id: String, foreground: Bool, text: String)
    /// Clears the notification's whole group in Notification Center: no response is delivered,
    /// even with a `customDismissAction` category (invertase/notifee#577, 2022, on iPhone X to 14,
    /// iOS version not given: clearing one at a time delivered the dismiss action, "clear" on a
    /// group gave "zero response").
    case clearGroup

    /// `tap`, `action(reply, foreground)`, ….
    public var description: String {
        switch self {
        case .none: "none"
        case .tap: "tap"
        case .dismiss: "dismiss"
        case .openAppIcon: "openAppIcon"
        case .action(let id, let foreground): "action(\(id)\(foreground ? ", foreground" : ""))"
        case .textInput(let id, let foreground, let text): "textInput(\(id)\(foreground ? ", foreground" : ""), \(text.count) characters)"
        case .clearGroup: "clearGroup"
        }
    }

    /// For a custom action (typed text or not): its identifier and whether it brings the app to
    /// the foreground.
    public var customAction: (id: String, foreground: Bool)? {
        switch self {
        case .action(let id, let foreground), .textInput(let id, let foreground, _): (id, foreground)
        case .none, .tap, .dismiss, .openAppIcon, .clearGroup: nil
        }
    }
}

/// The scenario's overlay, headers, budget, lock, content extension and communication flags as
/// seven trivially copyable bytes.
struct ScenarioExtras: Sendable, Hashable {
    var overlay: ScreenOverlay = .none
    var deviceLock: DeviceLock = .unlocked
    var contentExtension: ContentExtensionResponse = .none
    /// ``ActionOption`` bits.
    var actionOptions: UInt8 = 0
    /// `apns-priority`; 0 when not given.
    var apnsPriority: UInt8 = 0
    var silentPushesLastHour: UInt8 = 0
    /// ``communicationBit``, ``focusAllowsSenderBit`` and ``supportsMultipleScenesBit``.
    var flags: UInt8 = 0

    static let communicationBit: UInt8 = 1
    static let focusAllowsSenderBit: UInt8 = 2
    static let supportsMultipleScenesBit: UInt8 = 4

    /// Sets or clears `bit` of ``flags``.
    mutating func set(_ bit: UInt8, _ on: Bool) {
        if on { flags |= bit } else { flags &= ~bit }
    }
}

extension ActionOption {
    /// The option's bit in ``ScenarioExtras/actionOptions``.
    var bit: UInt8 {
        switch self {
        case .authenticationRequired: 1
        case .destructive: 2
        }
    }
}

/// A scenario's `steps` and `scenes`: one optional reference, `nil` while both are empty.
struct ScenarioSequences: Sendable, Hashable {
    private final class Storage: Sendable {
        let steps: [ScenarioStep]
        let scenes: [SceneSession]
        init(steps: [ScenarioStep], scenes: [SceneSession]) {
            self.steps = steps
            self.scenes = scenes
        }
    }

    private var storage: Storage?

    var steps: [ScenarioStep] {
        get { storage?.steps ?? [] }
        set { store(steps: newValue, scenes: scenes) }
    }

    var scenes: [SceneSession] {
        get { storage?.scenes ?? [] }
        set { store(steps: steps, scenes: newValue) }
    }

    private mutating func store(steps: [ScenarioStep], scenes: [SceneSession]) {
        storage = steps.isEmpty && scenes.isEmpty ? nil : Storage(steps: steps, scenes: scenes)
    }

    static func == (left: ScenarioSequences, right: ScenarioSequences) -> Bool {
        left.steps == right.steps && left.scenes == right.scenes
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(steps)
        hasher.combine(scenes)
    }
}
