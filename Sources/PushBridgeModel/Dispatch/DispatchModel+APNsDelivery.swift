import PushBridge
import PushBridgeValidation

/// What APNs and iOS do with a push before the app's methods: the request's headers
/// (`apns-push-type`, `apns-priority`) and the background budget.
extension DispatchModel {
    /// Whether the request's headers keep the push from the device: an `apns-push-type` that
    /// does not describe the payload (iOS 13+), or a background push sent with priority 10.
    /// `nil` when nothing in the headers stops it (every scenario without `pushType` or
    /// `apnsPriority`).
    ///
    /// - **Push type mismatch**, iOS 13+: Apple, "Sending notification requests to APNs"
    ///   (`apns-push-type`, required from iOS 13): "The value of this header must accurately
    ///   reflect the contents of your notification's payload. If there is a mismatch … APNs may
    ///   delay the delivery of the notification or drop it altogether." An `alert` push whose
    ///   payload is only `content-available` (no alert, badge or sound) and a `background` push
    ///   that alerts, badges or sounds are mismatches. Dropped by default:
    ///   malliina/mobile-push#19 (a `content-available` push sent as `alert` never arrived; fixed
    ///   by sending `background`); andrei-m-code/net-core-push-notifications#9 (iOS 13, an alert
    ///   sent as `background` was not received). `delayed` is the knob
    ///   ``DisputedBehaviours/pushTypeMismatch``. A `background` push that only badges or
    ///   sounds beside `content-available` (no alert) is delivered as a background push by
    ///   default (Apple Developer Forums thread 745345: APNs delivers it and wakes the app); it is
    ///   a mismatch only under ``DisputedBehaviours/backgroundBadgeOrSound`` `dropped`
    ///   (`quietBackgroundPush`).
    /// - **Priority 10 for a background push**: Apple (the same page, `apns-priority`: for
    ///   background notifications "Using priority 10 is an error"); threema-ch/push-relay#32
    ///   (2019, iOS 13: silent pushes at priority 10 "are rejected by the system", fine at 5).
    ///   A background push is one sent as `background`, or, without `pushType`, a silent payload.
    static func headerVerdict(_ scenario: borrowing DispatchScenario) -> DeliveryVerdict? {
        guard scenario.pushType != nil || scenario.apnsPriority != nil else { return nil }
        guard !scenario.notification.source.isLocal, !scenario.notification.source.isProviderChannel else { return nil }
        let flags = scenario.notification.flags
        let background = scenario.pushType == .background || (scenario.pushType == nil && flags.isSilent)
        if background, scenario.apnsPriority == 10 { return .refusedPriority }
        guard let type = scenario.pushType, scenario.ios.major >= 13, pushTypeMismatch(type, payload: scenario.notification.payload) else {
            return nil
        }
        if scenario.disputed.backgroundBadgeOrSound == .delivered, quietBackgroundPush(scenario) { return nil }
        return scenario.disputed.pushTypeMismatch == .dropped ? .droppedPushTypeMismatch : .delayedPushTypeMismatch
    }

    /// Whether an `alert` or `background` push's payload says otherwise: an alert push that
    /// neither alerts, badges nor sounds but asks for a background update, or a background push
    /// that alerts, badges or sounds.
    static func pushTypeMismatch(_ type: PayloadValidator.PushType, payload: JSONObject) -> Bool {
        guard case .object(let aps)? = payload["aps"] else { return false }
        let interacts = aps["alert"] != nil || aps["badge"] != nil || aps["sound"] != nil
        switch type {
        case .alert: return !interacts && (aps["content-available"] == .integer(1) || aps["content-available"] == .double(1))
        case .background: return interacts
        default: return false
        }
    }

    /// Whether the scenario is a `background` push on iOS 13+ whose payload badges or sounds
    /// beside `content-available` but has no alert: the push ``DisputedBehaviours/backgroundBadgeOrSound``
    /// decides. Under `delivered` the model treats it as any background push (``DeliveryFacts``'
    /// **silent**): 3 in the background, never `willPresent`, counted against the budget.
    static func quietBackgroundPush(_ scenario: borrowing DispatchScenario) -> Bool {
        guard scenario.pushType == .background, scenario.ios.major >= 13, !scenario.notification.source.isLocal,
            !scenario.notification.source.isProviderChannel,
            case .object(let aps)? = scenario.notification.payload["aps"], aps["alert"] == nil
        else { return false }
        return (aps["badge"] != nil || aps["sound"] != nil) && APSContent.isNumberOne(aps["content-available"])
    }

    /// The trace of a push the headers kept from the device: nothing shown, nothing called,
    /// nothing for the user to act on.
    static func withheldTrace(_ scenario: borrowing DispatchScenario, _ verdict: DeliveryVerdict) -> DispatchTrace {
        var trace = DispatchTrace(display: .none, actionDelivered: scenario.user == .none ? nil : false, steps: [])
        trace.delivery = verdict
        return trace
    }
}

/// Pushes for frameworks that launch an app with no process.
extension DispatchModel {
    /// Whether a push of `type` launches an app that is not running into the background, so that
    /// the framework's code can run: a VoIP push (Apple, PushKit: "PushKit notifications wake up
    /// or launch your app and give it time to respond"), a Push to Talk push (Apple, Push to Talk: the
    /// token lets "the system … wake your app in the background to handle incoming audio";
    /// Xcode's Push to Talk background mode: "The app launches in response to a push
    /// notification"), and a Live Activity
    /// push-to-start (`event: "start"`; Apple Developer Forums thread 834934, iOS 18 and 26:
    /// "Because your app is launched in the background, your AppDelegate / App initialization
    /// code runs"). The launch is 1 in the background with no notification in its launch options,
    /// and no notification-delegate call (react-native-voip-push-notification#8, 2017, and #118,
    /// 2025: the JavaScript side is not ready when the VoIP push arrives on a launch).
    ///
    /// A force-quit app is launched for VoIP and Push to Talk too: they exist to ring a phone
    /// whose app is not running *(inference: Apple's PushKit page makes no exception for
    /// force-quit apps)*; a Live Activity push-to-start too *(inference: the forum thread's app
    /// was not running, its state not said)*. Any other Live Activity push (an update, an end)
    /// runs nothing in an app that is not running (Apple Developer Forums thread 824244: an
    /// end push to a force-quit app ran no code).
    static func launchesApp(_ type: PayloadValidator.PushType, payload: JSONObject) -> Bool {
        switch type {
        case .voip, .pushtotalk: return true
        case .liveactivity:
            guard case .object(let aps)? = payload["aps"] else { return false }
            return aps["event"] == .string("start")
        default: return false
        }
    }

    /// The calls a framework's push makes: the background launch of an app with no process, when
    /// the type launches one; nothing otherwise (the framework's own handler is not a modelled
    /// method).
    static func frameworkLaunch(
        _ scenario: borrowing DispatchScenario, _ type: PayloadValidator.PushType
    ) -> (calls: [SystemCall], app: RunningApp) {
        switch scenario.state {
        case .foreground: return ([], .foreground)
        case .background: return ([], .background)
        case .notRunning, .forceQuit:
            guard launchesApp(type, payload: scenario.notification.payload) else { return ([], .terminated) }
            return ([SystemCall(phase: .arrival, callback: .didFinishLaunching, state: .background)], .backgroundWithoutScene)
        }
    }
}
