import PushBridgeCore
import PushBridgeProviderKit

/// Everything PushBridge knows of the app's launch, and the one place that knows it: the launch
/// that carried a notification and waits for the call that completes it, the cold start already
/// told from the launch options alone, a launch with nothing in its options, a launch into the
/// background, whether a center delegate was set in time, and the deadline that ends the launch.
///
/// The normaliser feeds it every call and asks it what a call means for the launch; the client
/// arms and ends it. Nothing else reads or writes launch state.
///
/// A class, not a struct: the normaliser owns the one tracker and never copies it, and a struct
/// of these ten fields needed a value witness table and outlined copies of its own.
package final class LaunchTracker {
    /// A launch that carried a notification (named as its delivery), waiting for the call that
    /// completes it: the launch options' notification, or a scene app's connection response
    /// (with the user's action).
    struct PendingLaunch: Sendable {
        var notification: PushNotification
        var state: ApplicationState
        var action: ResponseAction = .default
        var textInput: String?
        /// Whether the process was already running, launched into the background earlier: a
        /// scene app's first scene connecting, whose response is a running app's, not a cold start.
        var wasRunning = false

        /// The launch's event when nothing completes it: `opened` (`coldStart`, or `background`
        /// for a running app's first scene) or `dismissed` for a launch by the user, `received`
        /// (`background`) for a launch into the background.
        func event() -> (event: PushEvent, share: EventLedger.Share) {
            switch state {
            case .inactive, .active:
                let origin: PushOrigin = wasRunning ? .background : .coldStart
                return (EventClassifier.response(notification, action: action, origin: origin, textInput: textInput), .response)
            case .background:
                return (.received(.init(notification: notification, origin: .background)), .arrival)
            }
        }
    }

    /// A cold start already emitted from the launch options alone (its notification named as
    /// its delivery): its 5 or 3 may still come.
    private struct FlushedLaunch: Sendable {
        var notification: PushNotification
        var time: Double
    }

    /// How long after a cold start's event was emitted from the launch options alone its own
    /// 5 or 3 may still come and be recognised as the same tap: 10 seconds *(inference: the
    /// response reaches the delegate while the app finishes launching)*.
    static let responseWindow = 10.0

    private var pending: PendingLaunch?
    private var flushed: FlushedLaunch?
    /// When the app was launched, not for a background push, with nothing in the launch options
    /// and no call has come since — the response that follows at once is the cold start's: a
    /// scene app whose scene connected without `notificationResponse` (onmyway133/blog#884), or
    /// an app launched by an action button, whose launch options never carry the notification
    /// (urbanairship/ios-library#260, iOS 13.6.1; `inactive` for a foreground action,
    /// `background` for a background one).
    private var bareLaunchTime: Double?
    /// Whether the last launch was into the background and no scene has connected since.
    private var intoBackground = false
    /// Whether the last launch has ended (the app became active, or the launch's deadline
    /// passed): a scene connecting after it is a running app's new scene (a tap whose
    /// `target-content-id` no connected scene takes, on an app that supports several), not a
    /// cold start.
    private var launchEnded = false
    /// Someone (PushBridge's glue, the app, the provider's SDK) set the notification-center
    /// delegate: a response can reach the app.
    private var centerDelegateSet = false
    /// A launch with nothing in its launch options, handled before the delegate was set: its
    /// state, until launch ends.
    private var beforeCenterDelegate: ApplicationState?
    /// Whether a response reached the app since that launch (a scene's connection with it, 5).
    private var responseSinceLaunch = false
    /// When the launch ends if nothing ends it first (the client's settle deadline).
    private var deadline: ScheduledWork?

    /// Whether a launch's event is waiting for the call that may follow it.
    var hasPending: Bool { pending != nil }

    /// Whether what a call means for the launch depends on the time it came.
    var readsTime: Bool { pending != nil || flushed != nil || bareLaunchTime != nil }

    // MARK: Calls

    /// Notes what every call tells of the launch: a launch with nothing in its options before
    /// any center delegate was set, and a response reaching the app after it.
    @inline(__always)
    func observe(_ invocation: CallbackInvocation) {
        if invocation.callback == .didFinishLaunching {
            guard invocation.launchOptionsKey == nil, invocation.state != .active, !centerDelegateSet else { return }
            beforeCenterDelegate = invocation.state
            responseSinceLaunch = false
        } else if invocation.callback.carriesResponse, invocation.notification != nil, beforeCenterDelegate != nil {
            responseSinceLaunch = true
        }
    }

    /// A launch's call (1, or a scene connecting): returns whether it is a running app's scene
    /// connecting — the first after a launch into the background, whose response is the delivery
    /// its 3 already named, `background` (Apple, `UIScene.ConnectionOptions.notificationResponse`;
    /// WordPress-iOS#25643), or any after launch ended (a new scene for a tap).
    func begin(_ invocation: CallbackInvocation) -> Bool {
        let wasRunning = invocation.callback == .sceneWillConnect && (intoBackground || launchEnded)
        intoBackground = invocation.callback == .didFinishLaunching && invocation.state == .background
        if invocation.callback == .didFinishLaunching { launchEnded = false }
        return wasRunning
    }

    /// A launch that carried a notification: it waits for the call that completes it.
    func hold(_ launch: PendingLaunch) {
        bareLaunchTime = nil
        pending = launch
    }

    /// A launch with nothing in its launch options, at `now`: a user's response right after it
    /// is the cold start's (not for a launch into the foreground by the icon, `active`).
    func holdBareLaunch(_ invocation: CallbackInvocation, now: Double) {
        if invocation.callback == .didFinishLaunching, invocation.state != .active { bareLaunchTime = now }
    }

    /// Whether the call after a bare launch is the response that launched the app (the first
    /// call after it only).
    @inline(__always)
    func respondsToBareLaunch(_ invocation: CallbackInvocation, now: Double) -> Bool {
        guard let launchTime = bareLaunchTime else { return false }
        bareLaunchTime = nil
        return EventClassifier.isUserResponse(invocation) && invocation.state != .active && now - launchTime <= Self.responseWindow
    }

    /// The pending launch, taken, when `notification` is its delivery's (the call completes it);
    /// `nil` otherwise — when ``hasPending`` is still true, another delivery's launch waits, and
    /// its event is emitted first.
    @inline(__always)
    func take(completedBy notification: PushNotification) -> PendingLaunch? {
        guard let launch = pending, DeliveryResolver.sameDelivery(launch.notification, notification) else { return nil }
        pending = nil
        return launch
    }

    /// The cold start a user's response belongs to when its event was already emitted from the
    /// launch options alone (the same delivery, within ``responseWindow``); forgotten either way.
    @inline(__always)
    func flushedLaunch(answeredBy invocation: CallbackInvocation, _ notification: PushNotification, now: Double) -> PushNotification? {
        guard EventClassifier.isUserResponse(invocation), let launch = flushed else { return nil }
        flushed = nil
        guard DeliveryResolver.sameDelivery(launch.notification, notification), now - launch.time <= Self.responseWindow else { return nil }
        return launch.notification
    }

    /// Takes the pending launch to emit its event from the launch options alone; a launch by the
    /// user is remembered, so that its own response, if it comes, is recognised.
    func takePending(now: Double) -> PendingLaunch? {
        guard let launch = pending else { return nil }
        pending = nil
        if launch.state != .background { flushed = FlushedLaunch(notification: launch.notification, time: now) }
        return launch
    }

    // MARK: The end of launch

    /// Launch has ended (the app became active): a response after this is not the one that
    /// launched the app, which iOS hands over before the app becomes active *(inference: apps
    /// tell a cold start by `applicationState` being `inactive` in the response)*.
    func ended() {
        bareLaunchTime = nil
        launchEnded = true
    }

    /// Launch has ended: the diagnostic of a launch before the center delegate after which no
    /// response came — the device gives no other sign that one may have been lost.
    func endedWithoutCenterDelegate() -> PushDiagnostic? {
        defer { beforeCenterDelegate = nil }
        guard !responseSinceLaunch, let state = beforeCenterDelegate else { return nil }
        return .launchedBeforeCenterDelegate(state: state)
    }

    /// Whether the notification-center delegate is set: a tap then reaches the app as a response.
    var hasCenterDelegate: Bool { centerDelegateSet }

    /// The notification-center delegate is set: a response can reach the app from now on.
    func centerDelegateWasSet() {
        centerDelegateSet = true
    }

    // MARK: The deadline

    /// Whether a deadline is armed.
    var isArmed: Bool { deadline != nil }

    /// Arms the deadline that ends the launch, replacing (and cancelling) any other.
    func arm(_ work: ScheduledWork) {
        deadline?.cancel()
        deadline = work
    }

    /// Cancels the deadline.
    func disarm() {
        deadline?.cancel()
        deadline = nil
    }
}
