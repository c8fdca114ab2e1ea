import PushBridge
import PushBridgeValidation

/// The deterministic model of how iOS hands a notification to an app's callbacks.
///
/// Given a ``DispatchScenario`` (iOS version, app state, payload, implemented callbacks, what
/// `willPresent` answers, what the user does) the model returns a ``DispatchTrace``: what the
/// system displayed and the ordered callbacks, each with `applicationState`. The rules are those
/// of `docs/spec/dispatch-model.md`, taken from real-device experiments and Apple's documentation; each is
/// written once, in two places a reader can find:
///
/// - **Phase 1, arrival**: `DispatchModel+Arrival.swift`.
/// - **Phase 2, the user's action**: `DispatchModel+UserAction.swift` (a cold start on iOS 9 is
///   `tap(_:app:)`'s `.terminated` case).
///
/// The model is a pure function of values: safe from any thread, and fast enough to evaluate the
/// whole scenario space in a test.
///
/// ```swift
/// let trace = DispatchModel.trace(for: scenario)
/// for call in trace.calls { print(call) }
/// ```
public enum DispatchModel {
    /// Evaluates a scenario.
    ///
    /// - Parameters:
    ///   - scenario: The device, app, notification and user action.
    ///   - channel: The rules of the provider channel the notification travels on, when it does
    ///     (its provider's `PushProviderDefinition/channels`); without them a channel holds
    ///     messages while the app is away and flags nothing.
    /// - Returns: What was displayed, whether the user's action reached the app, and the calls.
    public static func trace(for scenario: DispatchScenario, channel: ProviderChannel? = nil) -> DispatchTrace {
        if scenario.notification.source.isProviderChannel {
            return traceProviderChannel(scenario, channel: channel ?? ProviderChannel(source: scenario.notification.source))
        }
        // A push type for a framework, an extension or the system (VoIP, Live Activity, widgets,
        // location, …) never reaches the notification delegates (Apple, "Sending notification
        // requests to APNs": each type's handler; `PayloadValidator.PushType.handler`).
        // A framework's push that launches an app with no process (VoIP, Push to Talk, a Live
        // Activity push-to-start) makes the launch: `frameworkLaunch`.
        if let type = scenario.pushType, !type.reachesNotificationDelegates {
            let launch = frameworkLaunch(scenario, type)
            var trace = DispatchTrace(
                display: frameworkDisplay(scenario, type), actionDelivered: scenario.user == .none ? nil : false,
                steps: launch.calls.map(DispatchStep.call))
            if type == .voip { trace.voip = VoIPOutcome(scenario) }
            return trace
        }
        // The request's headers may keep the push from the device (`headerVerdict`).
        let verdict = scenario.pushType == nil && scenario.extras.apnsPriority == 0 ? nil : headerVerdict(scenario)
        if let verdict, verdict != .delayedPushTypeMismatch { return withheldTrace(scenario, verdict) }
        let facts = DeliveryFacts(scenario)
        var calls = CallRecorder()
        let arrival = arrive(facts, calls: &calls)
        let delivered = respond(to: scenario.user, facts: facts, after: arrival, calls: &calls)
        var trace = DispatchTrace(
            display: arrival.display, actionDelivered: delivered, steps: calls.steps, lostResponse: calls.lostResponse,
            serviceExtension: facts.serviceExtension)
        trace.delivery = verdict ?? (facts.deferredByBudget ? .deferredBudget : nil)
        trace.contentExtension = calls.contentExtension
        if !scenario.scenes.isEmpty, delivered == true, scenario.user == .tap || scenario.user.customAction?.foreground == true {
            trace.scene = scenario.sceneActivation(launching: arrival.app == .terminated || arrival.app == .backgroundWithoutScene)
        }
        return trace
    }
}

extension DispatchModel {
    /// What a push for a framework shows: a Live Activity update with an `alert` lights the
    /// screen — the activity's expanded presentation on a device with the Dynamic Island, a
    /// banner on one without (Apple, Human Interface Guidelines, "Live Activities"; Apple
    /// Developer Forums thread 799195); nothing otherwise. Neither reaches a notification
    /// delegate, and a tap opens the app through the activity, not as a notification response
    /// *(inference)*; whether a Focus or the notification settings hold the alert back is not
    /// modelled *(no source found)*.
    static func frameworkDisplay(_ scenario: DispatchScenario, _ type: PayloadValidator.PushType) -> NotificationDisplay {
        guard type == .liveactivity, scenario.notification.flags.hasAlert else { return .none }
        return scenario.settings.device == .dynamicIsland ? .expandedActivity : .banner
    }
}

/// Where the app is once the notification has arrived, for phase 2.
package enum RunningApp: Sendable, Hashable {
    /// On screen.
    case foreground
    /// Running in the background (including after iOS launched it there for the notification).
    case background
    /// Running in the background since iOS launched it there, its UI never brought up: a scene
    /// app has no scene yet (a background launch connects none; WordPress-iOS#25643 shows no
    /// window), so for a scene app the user's tap connects one, with the response (Apple,
    /// `UIScene.ConnectionOptions.notificationResponse`). For an app-delegate app it is
    /// ``background``.
    case backgroundWithoutScene
    /// No process: acting on the notification launches the app.
    case terminated
    /// On screen but inactive: Notification Center, the Lock Screen's list or Control Center is
    /// pulled down over it (``ScreenOverlay``).
    case foregroundCovered
}

extension DispatchModel {
    /// Phase 2 alone, for an app whose state changed since the notification arrived (the
    /// simulated device): the calls for `user` acting on a notification displayed as `display`,
    /// with the app now `app`.
    package static func userAction(
        _ user: UserAction, scenario: DispatchScenario, display: NotificationDisplay, app: RunningApp
    ) -> (calls: [SystemCall], delivered: Bool?) {
        // What a framework's push showed (a Live Activity's alert) is no notification to act on.
        if let type = scenario.pushType, !type.reachesNotificationDelegates { return ([], user == .none ? nil : false) }
        var calls = CallRecorder()
        let delivered = respond(to: user, facts: DeliveryFacts(scenario), after: ArrivalOutcome(display: display, app: app), calls: &calls)
        return (calls.calls, delivered)
    }

    /// The call that hands the app a background push iOS held (Background App Refresh off, Low
    /// Power Mode) once the user brings it up: 3, the app on screen *(inference: the state; RNFB#5656
    /// saw the foreground handler run)*. The one rule for the model and the simulated device.
    package static let heldPushDelivery = SystemCall(phase: .action, callback: .didReceiveRemoteNotificationFetch, state: .active)

    /// Phase 1 alone: the calls, display and the app's state after the notification arrives, and
    /// whether iOS held a background push for the app's next launch.
    package static func arrival(
        _ scenario: DispatchScenario
    ) -> (calls: [SystemCall], display: NotificationDisplay, app: RunningApp, held: Bool) {
        if let type = scenario.pushType, !type.reachesNotificationDelegates {
            let launch = frameworkLaunch(scenario, type)
            return (launch.calls, frameworkDisplay(scenario, type), launch.app, false)
        }
        if let verdict = headerVerdict(scenario), verdict != .delayedPushTypeMismatch {
            return ([], .none, scenario.state == .foreground ? .foreground : scenario.state == .background ? .background : .terminated, false)
        }
        var calls = CallRecorder()
        let outcome = arrive(DeliveryFacts(scenario), calls: &calls)
        return (calls.calls, outcome.display, outcome.app, outcome.held)
    }
}
