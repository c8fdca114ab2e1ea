import PushBridgeCore
import PushBridgeProviderKit

/// Turns the callbacks iOS makes, in the order it makes them, into `PushEvent`s: exactly one
/// per delivery and per user action, nothing lost, right kind and origin.
///
/// The rules (events guarantee 3):
///
/// | call | state | event |
/// |---|---|---|
/// | 2, 3 or L | `active` | `received` (`foreground`); `opened` (`foreground`) after 4 presented it: the tap on a foreground banner of an app without 5 |
/// | 3 | `background` | `received` (`background`) |
/// | 2, 3 or L | `inactive` | `opened` (`background`, or `coldStart` after a launch for it) |
/// | 4 | any | `received` (`foreground`) |
/// | 5, A or AL | any | `opened` with its action, or `dismissed` for the dismiss action |
/// | 1 with a notification key | `inactive` | `opened` (`coldStart`), merged with the 3, L, 5 or A that follows: the later call's action wins |
/// | 1 with a notification key | `background` | merged with the 3 (`received`, `background`) or 5 that follows |
///
/// Which calls are one delivery (<doc:OneDeliveryOneEvent> has the rule, its bounds, and the
/// cases it cannot tell apart): iOS hands the launch options and methods 2 and 3 the `userInfo`
/// only, and methods 4 and 5 a request identifier made anew for each delivery. A provider message
/// ID names a delivery wherever it is seen; a request identifier names one delivery; calls that
/// carry `userInfo` only are tied together — and to a 4 or 5 — by the payload's fingerprint, under
/// these bounds: a repeat of the same path counts as the same delivery only right after it and
/// within ``defaultCorrelationInterval``; a 4 joins the 3 that announced it within that interval;
/// a delivery has one arrival and one response, so a second of either is a new delivery.
///
/// A launch's event waits for the call that may follow it, so one cold start is one event; it is
/// emitted by that call, by the next unrelated call, or by ``flush(emit:)`` (the app calls it
/// when launch ends: `applicationDidBecomeActive`; the simulator after the last call). When only
/// 1 is called (an app implementing only 2), the launch options alone still yield `opened`; when
/// the 5 or 3 comes after that flush, it is the same tap and yields nothing more.
///
/// A delivery yields at most one arrival event (`received`) and one response event (`opened` or
/// `dismissed`), so 3 then 4 for one foreground push is one `received`, while a `received`
/// followed by a tap still yields both events. A provider's own-channel message
/// (``consume(message:emit:)``) is its delivery's arrival: with the APNs notification of the
/// same push (same message ID), whichever reaches the app first is told and the other is
/// dropped with a diagnostic (``EventLedger``).
/// Within ``defaultDedupeWindow`` events.
///
/// A class with no locks: the client facade runs it under its own lock, where it lives for the
/// client's life and is never copied (a struct this size cost the lock's generic code a value
/// witness table and outlined copies of its own).
///
/// ```swift
/// let normalizer = PushEventNormalizer()
/// var events: [PushEvent] = []
/// for (time, call) in timedCalls {
///     normalizer.consume(call, at: time) { events.append($0) }
/// }
/// normalizer.flush { events.append($0) }
/// ```
///
/// A state machine over four parts, each in its own file: the `LaunchTracker` (the launch),
/// the `DeliveryResolver` (which delivery a call belongs to), the `DeferredCall` (a
/// foreground call the next call decides) and the `EventClassifier` (which event a call
/// makes), with the `EventLedger` of what was emitted. Each call returns what its caller must
/// do next (`Step`): the deadlines to arm or cancel.
final class PushEventNormalizer {
    /// How many recent events deduplication remembers by default: 1,024.
    static let defaultDedupeWindow = 1_024
    /// How close in time, by default, two calls must be for the normaliser to take them as one
    /// delivery when only their payload ties them: 1 second *(inference: a hooked or forwarded
    /// call is synchronous, and no source gives the delay between a 3 and its 4; see
    /// <doc:OneDeliveryOneEvent>)*.
    static let defaultCorrelationInterval = 1.0

    private var ledger: EventLedger
    private var resolver: DeliveryResolver
    /// The launch: what a launch call left waiting, and what the client arms and ends.
    package let launch = LaunchTracker()
    private var deferred: DeferredCall?
    private var now = 0.0
    private var diagnostics: [PushDiagnostic] = []
    /// System UI (Notification Center, Control Center) covers the app on screen: it resigned
    /// active and has not become active again (`PushClient.applicationWillResignActive()`).
    /// From iOS 11 a tap there calls 2 or 3 `active` (rdar 34332569), which is then the tap,
    /// not an arrival.
    package var covered = false
    /// The correlation interval in force (``defaultCorrelationInterval`` unless set).
    var correlationInterval: Double { resolver.correlationInterval }

    /// A normaliser remembering the last `dedupeWindow` events for deduplication, tying calls
    /// that only their payload names when they are at most `correlationInterval` seconds apart.
    init(
        dedupeWindow: Int = PushEventNormalizer.defaultDedupeWindow,
        correlationInterval: Double = PushEventNormalizer.defaultCorrelationInterval
    ) {
        ledger = EventLedger(capacity: dedupeWindow)
        resolver = DeliveryResolver(capacity: dedupeWindow, correlationInterval: max(0, correlationInterval))
    }

    /// How many entries the normaliser's bounded tables hold now (recent events, deliveries
    /// known by payload, tied identifiers); never more than three times the dedupe window.
    var rememberedCount: Int { ledger.count + resolver.count }

    /// Whether a launch's event is waiting for the call that may follow it.
    package var hasPendingLaunch: Bool { launch.hasPending }

    /// Whether a foreground call waits for the next call to decide whether it was a tap or an
    /// arrival (at most ``correlationInterval``; ``resolveDeferredCall(emit:)`` decides it).
    package var hasDeferredCall: Bool { deferred != nil }

    /// The diagnostics reported since the last call, oldest first; the list is emptied.
    func takeDiagnostics() -> [PushDiagnostic] {
        diagnostics += ledger.takeDroppedCopies()
        guard !diagnostics.isEmpty else { return [] }
        defer { diagnostics = [] }
        return diagnostics
    }

    /// What the caller of ``consumeCall(_:clock:emit:)`` does next.
    package struct Step {
        /// A deadline's change.
        package enum Deadline {
            case keep, arm, cancel
        }

        /// The identity of the delivery the call belonged to (`nil` for a call without a
        /// notification, or deferred): the client answers a repeated call's completion handler
        /// with the first one's.
        package var deliveryID: String?
        /// The launch's settle deadline: armed when a launch call left an event waiting,
        /// cancelled when none waits any more.
        package var launchDeadline: Deadline
        /// The deferred foreground call's deadline.
        package var deferralDeadline: Deadline
    }

    /// Feeds one callback made at `time` (seconds on any monotonic clock; `nil`: at the same
    /// instant as the previous call); calls `emit` for each event it completes, in order. `emit`
    /// owns each event it is given: storing it costs no copy.
    func consume(_ invocation: CallbackInvocation, at time: Double? = nil, emit: (consuming PushEvent) -> Void) {
        _ = delivery(of: invocation, clock: { time }, emit: emit)
    }

    /// Feeds one callback and returns the events it completes.
    func consume(_ invocation: CallbackInvocation, at time: Double? = nil) -> [PushEvent] {
        var events: [PushEvent] = []
        consume(invocation, at: time) { events.append($0) }
        return events
    }

    /// ``consume(_:at:emit:)`` reading the time from `clock` only when the call's delivery
    /// depends on it (a call without a message ID or request identifier, a launch, a pending
    /// decision), and returning what the caller does next.
    package func consumeCall(_ invocation: CallbackInvocation, clock: () -> Double?, emit: (consuming PushEvent) -> Void) -> Step {
        let hadDeferred = deferred != nil
        let deliveryID = delivery(of: invocation, clock: clock, emit: emit)
        let launchDeadline: Step.Deadline =
            launch.hasPending ? (invocation.callback.beginsLaunch ? .arm : .keep) : (launch.isArmed ? .cancel : .keep)
        let deferralDeadline: Step.Deadline = deferred != nil ? .arm : (hadDeferred ? .cancel : .keep)
        return Step(deliveryID: deliveryID, launchDeadline: launchDeadline, deferralDeadline: deferralDeadline)
    }

    /// Feeds a provider's own-channel message (JPush custom message, Getui passthrough), its
    /// delivery's arrival; calls `emit` unless the same message was already delivered, or the
    /// app was already told of the APNs notification of the same push (same message ID): then
    /// a `PushDiagnostic.Code.channelCopyDropped` diagnostic says so (``EventLedger``).
    func consume(message: PushEvent.Message, emit: (consuming PushEvent) -> Void) {
        ledger.tellMessage(.message(message), EventLedger.IdentityKey(message.id), emit)
    }

    /// Emits what waits for a call that did not come: a deferred foreground call (the tap on the
    /// banner it matched), then a launch's event — `opened` (`coldStart`) for a launch by the
    /// user, `received` (`background`) for a launch into the background.
    func flush(emit: (consuming PushEvent) -> Void) {
        resolveDeferredCall(emit: emit)
        guard let pending = launch.takePending(now: now) else { return }
        let identity = EventLedger.IdentityKey(pending.notification)
        let (event, share) = pending.event()
        ledger.tell(event, identity, share, emit)
    }

    /// Emits a pending launch's event and returns what was pending.
    func flush() -> [PushEvent] {
        var events: [PushEvent] = []
        flush { events.append($0) }
        return events
    }

    /// Launch has ended (the app became active): a response after this is not the one that
    /// launched the app, which iOS hands over before the app becomes active *(inference: apps
    /// tell a cold start by `applicationState` being `inactive` in the response)*. Without it, a
    /// tap seconds after a launch from the icon would be taken for a cold start.
    package func launchEnded() {
        launch.ended()
    }

    /// Launch has ended, as the client sees it (the app became active, or its deadline passed):
    /// a launch before the center delegate that no response followed is reported, the launch's
    /// deadline is cancelled, and what waits is emitted.
    package func endLaunch(emit: (consuming PushEvent) -> Void) {
        covered = false
        if let diagnostic = launch.endedWithoutCenterDelegate() { diagnostics.append(diagnostic) }
        launch.disarm()
        launch.ended()
        flush(emit: emit)
    }

    /// Decides a deferred foreground call now that no `willPresent` followed it: it was the tap
    /// on the banner it matched (`opened`, `foreground`).
    package func resolveDeferredCall(emit: (consuming PushEvent) -> Void) {
        resolveDeferredCall(before: nil, emit: emit)
    }

    // MARK: The state machine

    /// Consumes one call and returns the identity of the delivery it belonged to.
    private func delivery(of invocation: CallbackInvocation, clock: () -> Double?, emit: (consuming PushEvent) -> Void) -> String? {
        if readsTime(invocation), let time = clock(), time > now { now = time }
        if deferred != nil { resolveDeferredCall(before: invocation, emit: emit) }
        launch.observe(invocation)
        if invocation.callback.beginsLaunch { return beginLaunch(invocation, emit: emit) }
        guard let notification = invocation.notification else { return nil }
        let deliveryID: String
        var launchedForIt = launch.respondsToBareLaunch(invocation, now: now)
        if let pending = launch.take(completedBy: notification) {
            deliveryID = pending.notification.id
            launchedForIt = !pending.wasRunning
            resolver.bindIdentifier(of: notification, to: deliveryID)
            resolver.remember(notification, invocation.callback, invocation.state, as: deliveryID, now: now)
        } else {
            // Another delivery's launch is told first.
            if launch.hasPending { flush(emit: emit) }
            if let launched = launch.flushedLaunch(answeredBy: invocation, notification, now: now) {
                // The cold start's own response, after its event was emitted from the launch options.
                resolver.bindIdentifier(of: notification, to: launched.id)
                resolver.remember(notification, invocation.callback, invocation.state, as: launched.id, now: now)
                return launched.id
            }
            guard let id = resolvedDelivery(invocation, notification) else { return nil }
            deliveryID = id
        }
        let named = (consume notification).identified(as: deliveryID)
        // A 2 or 3 `active` while the app is covered is the user's tap there, as after 4
        // presented the notification (rdar 34332569, iOS 11: the tap reports `active`). Only
        // without a notification-center delegate: with one, iOS hands the tap to 5, and a 2 or 3
        // while covered is a background push's arrival.
        let coveredTap = covered && !launch.hasCenterDelegate && invocation.state == .active && invocation.callback.handsOverUserInfo
        let presented = resolver.isPresented(named) || coveredTap
        EventClassifier.classify(invocation, named, presented: presented, launchedForIt: launchedForIt, to: &ledger, emit)
        return deliveryID
    }

    /// A launch's call (1, or a scene connecting): what was waiting is emitted, and the launch
    /// that carried a notification waits for the call that completes it.
    private func beginLaunch(_ invocation: CallbackInvocation, emit: (consuming PushEvent) -> Void) -> String? {
        covered = false
        let wasRunning = launch.begin(invocation)
        flush(emit: emit)
        if wasRunning, let notification = invocation.notification {
            guard let id = resolvedDelivery(invocation, notification) else { return nil }
            launch.hold(
                .init(
                    notification: notification.identified(as: id), state: invocation.state, action: invocation.action ?? .default,
                    textInput: invocation.textInput, wasRunning: true))
            return id
        }
        resolver.forgetPrevious()
        // A scene app's launch options carry no notification: its scene's connection does.
        guard invocation.launchOptionsKey != nil || invocation.callback == .sceneWillConnect, let notification = invocation.notification else {
            launch.holdBareLaunch(invocation, now: now)
            return nil
        }
        let id = resolver.launchDelivery(for: notification)
        launch.hold(
            .init(
                notification: notification.identified(as: id), state: invocation.state, action: invocation.action ?? .default,
                textInput: invocation.textInput))
        return id
    }

    /// The resolver's delivery for a call, or `nil` when the call is deferred until the next one.
    private func resolvedDelivery(_ invocation: CallbackInvocation, _ notification: PushNotification) -> String? {
        resolver.resolve(invocation, notification, now: now, ledger: ledger, deferred: &deferred, diagnostics: &diagnostics)
    }

    /// Decides the deferred foreground call, before `next` (or `nil`: no call came in time).
    private func resolveDeferredCall(before next: CallbackInvocation?, emit: (consuming PushEvent) -> Void) {
        guard let call = deferred else { return }
        deferred = nil
        switch call.decision(before: next, now: now, resolver: resolver) {
        case .arrival:
            let id = resolver.repeatedArrival(of: call.notification)
            diagnostics.append(call.diagnostic(.arrival, deliveryID: id))
            let notification = call.notification.identified(as: id)
            ledger.tell(.received(.init(notification: notification, origin: .foreground)), EventLedger.IdentityKey(notification), .arrival, emit)
            resolver.remember(call.notification, call.callback, .active, as: id, now: now)
        case .tap:
            diagnostics.append(call.diagnostic(.tap, deliveryID: call.presentedID))
            let notification = call.notification.identified(as: call.presentedID)
            ledger.tell(
                .opened(.init(notification: notification, origin: .foreground, action: .default)), EventLedger.IdentityKey(notification), .response,
                emit)
            resolver.forgetPrevious()
        }
    }

    /// Whether deciding `invocation`'s delivery may read the time: every rule bounded by the
    /// correlation interval or the launch response window is reached only through these.
    private func readsTime(_ invocation: CallbackInvocation) -> Bool {
        if deferred != nil || launch.readsTime || invocation.callback.beginsLaunch { return true }
        guard let notification = invocation.notification, notification.providerMessageID == nil else { return false }
        return notification.requestIdentifier == nil || (invocation.callback == .willPresent && resolver.knowsPayloads)
    }
}
