import PushBridgeCore
import PushBridgeProviderKit
import _PushBridgeEventQueue

/// The part of a ``PushClient`` its provider calls into: the normaliser (which owns the launch,
/// through its `LaunchTracker`), the subscribers, the app's handlers, and the deadlines each
/// call's `Step` asks it to arm or cancel.
///
/// The provider's sink holds the core strongly, so the event pipeline never loads a weak
/// reference (an object with weak references pays for every retain and release through a side
/// table). The client owns the core and closes it when the client goes away; from then on the
/// core answers completion handlers with their defaults and publishes nothing.
final class PushClientCore: Sendable {
    let options: PushClientOptions
    let scheduler: any PushScheduler
    let state: Locked<State>
    /// What an opt-in module keeps beside the client (`PushBridgePushKit`'s event hub).
    let attached = Locked(AttachmentRecord())
    /// The launch's notification and whether push started (``PushClient/start(consent:authorization:categories:)``).
    let start = Locked(StartRecord())
    /// The notification center the client reads the user's authorization from, and what it saw.
    let authorization = Locked(AuthorizationRecord())

    /// A class, not a struct: it never leaves `state`'s lock, which is what makes it `Sendable`
    /// (hence `@unchecked`), and the lock's generic code moves one reference where a struct of
    /// these nine fields needed a value witness table and outlined copies of its own.
    final class State: @unchecked Sendable {
        let normalizer: PushEventNormalizer
        var hub: EventHub
        /// The app's handlers: replaced whole when the app sets one, so that a callback takes
        /// them out of the lock as one reference.
        var handlers = Handlers()
        var diagnosticHandler: (@Sendable (PushDiagnostic) -> Void)?
        /// When a deferred foreground call is decided if no call decides it first.
        var deferredDeadline: ScheduledWork?
        /// The completion handlers still pending, by delivery and path: a repeat of one joins it.
        var pendingCompletions: [PendingCompletionKey: CompletionGroup] = [:]
        /// The client is gone: nothing more is normalised or published.
        var isClosed = false

        init(normalizer: PushEventNormalizer, hub: EventHub) {
            self.normalizer = normalizer
            self.hub = hub
        }
    }

    init(options: PushClientOptions, scheduler: any PushScheduler) {
        self.options = options
        self.scheduler = scheduler
        state = Locked(
            State(
                normalizer: PushEventNormalizer(dedupeWindow: options.dedupeWindow, correlationInterval: options.correlationInterval),
                hub: EventHub(heldLimit: options.heldEventLimit)))
    }

    /// A way into the pipeline: `PushEventSink.handle(_:completion:)` is the one entry every
    /// callback takes, whoever hands it over.
    ///
    /// - The provider's sink (no arguments, `PushProvider.attach(to:)`): what its SDK reported, which
    ///   the adapter named by its message ID already and must not see again.
    /// - The client's (`PushClient.callbacks`, with the provider as both): what iOS handed to the
    ///   app's delegate (the UIKit glue, the relay, the simulated device, an outside harness), named
    ///   by the provider's message ID when the payload has one, and observed by the provider first
    ///   (its SDK may need it). Skipping both for the provider's own reports is what keeps a call
    ///   its SDK reported from going back to the SDK.
    ///
    /// - Parameters:
    ///   - observer: The provider, if it observes the app's callbacks.
    ///   - namer: The provider, if it finds message IDs in payloads.
    func sink(observedBy observer: (any CallbackObservingProvider)? = nil, namedBy namer: (any MessageIdentifyingProvider)? = nil) -> PushEventSink {
        PushEventSink(
            invocation: { invocation, completion in
                // Copied only when the provider names the delivery: most calls pass through untouched.
                if let namer, let notification = invocation.notification, notification.providerMessageID == nil,
                    let messageID = namer.messageID(in: notification.payload)
                {
                    let identified = CallbackInvocation(
                        callback: invocation.callback, state: invocation.state, launchOptionsKey: invocation.launchOptionsKey,
                        action: invocation.action, textInput: invocation.textInput,
                        notification: notification.identifiedByProvider(messageID))
                    observer?.observe(identified)
                    self.receive(identified, completion: completion)
                } else {
                    observer?.observe(invocation)
                    self.receive(invocation, completion: completion)
                }
            },
            message: { message in self.receive(message) },
            event: { event in self.publish(event) },
            diagnostic: { diagnostic in self.report(diagnostic) },
            tokenForwardingFailure: { provider, kind, error in self.tokenForwardingFailed(kind, provider: provider, error: error) })
    }

    /// The client went away: ends every subscriber's stream (after what is queued) and stops.
    func close() {
        publishing { state in
            state.isClosed = true
            state.normalizer.launch.disarm()
            state.deferredDeadline?.cancel()
            state.deferredDeadline = nil
            state.hub.finishAll()
        }
        closeAttachment()
    }

    // MARK: Subscribing

    /// A new subscription, registered before this returns.
    func subscribe() -> EventSubscription {
        let subscription = EventSubscription(incomingLock: state.lock) { subscription in
            self.state.withLock { $0.hub.remove(subscription) }
        }
        publishing { state in
            if state.isClosed { state.hub.finish(subscription) } else { state.hub.add(subscription) }
        }
        return subscription
    }

    // MARK: Publishing

    /// Publishes an event that did not come through a system callback (a provider's
    /// registration or state). Deduplication does not apply. A registration while the user's
    /// consent does not allow push (declined, or withdrawn) is withheld and reported instead.
    func publish(_ event: PushEvent) {
        if case .registered(let registration) = event, start.withLock({ $0.consent == .denied || $0.withdrawn }) {
            return report(
                PushDiagnostic(
                    code: .withheldBeforeConsent, notificationID: "none",
                    message: "\(registration.provider)'s registration was not published: the user's consent does not allow push (start(consent:))"))
        }
        publishing { state in
            guard !state.isClosed else { return }
            state.hub.publish(event)
        }
    }

    /// Receives a provider's own-channel message and emits it, unless it or its APNs copy was
    /// told already.
    func receive(_ message: PushEvent.Message) {
        let dropped = publishing { state -> [PushDiagnostic] in
            guard !state.isClosed else { return [] }
            state.normalizer.consume(message: message) { state.hub.publish($0) }
            return state.normalizer.takeDiagnostics()
        }
        for diagnostic in dropped { report(diagnostic) }
    }

    /// Normalises one callback and answers its completion handler: where
    /// `PushEventSink.handle(_:completion:)` leads, from the provider's sink and the client's
    /// alike (see `sink(observedBy:namedBy:)`).
    func receive(_ invocation: CallbackInvocation, completion: SystemCompletion?) {
        let outcome = publishing { state -> Outcome? in
            guard !state.isClosed else { return nil }
            // The user's response the completion waits for: the last event that is not an arrival.
            var response: PushEvent?
            let step = state.normalizer.consumeCall(invocation, clock: { scheduler.now }) { event in
                if event.kind != .received { response = event }
                state.hub.publish(event)
            }
            apply(step, &state)
            let delivery = step.deliveryID
            let diagnostics = state.normalizer.takeDiagnostics()
            // Most calls leave nothing to do outside the lock: no completion, nothing to report.
            guard completion != nil || !diagnostics.isEmpty else { return nil }
            let outcome = Outcome(diagnostics: diagnostics, diagnosticHandler: diagnostics.isEmpty ? nil : state.diagnosticHandler)
            if var completion {
                if let delivery {
                    // `nil`: a repeat of a call still pending, which answers it.
                    guard let own = joinPending(completion, key: PendingCompletionKey(delivery: delivery, callback: invocation.callback), &state)
                    else { return outcome }
                    completion = own
                }
                outcome.answer = (completion, response, state.handlers)
            }
            return outcome
        }
        // `nil` with a completion: the client is gone and nobody can decide.
        guard let outcome else {
            completion?.completeWithDefault()
            return
        }
        report(outcome.diagnostics, to: outcome.diagnosticHandler)
        guard let (completion, response, handlers) = outcome.answer else { return }
        answer(completion, for: invocation, response: response, handlers: handlers)
    }

    /// What normalising one callback leaves to do outside the lock. A class: most calls leave
    /// nothing (`nil`), and handing one reference out of the lock costs less than copying a
    /// value this size through the lock's generic closure.
    private final class Outcome {
        let diagnostics: [PushDiagnostic]
        let diagnosticHandler: (@Sendable (PushDiagnostic) -> Void)?
        /// The completion to answer, with the response it waits for and the app's handlers.
        var answer: (completion: SystemCompletion, response: PushEvent?, handlers: Handlers)?

        init(diagnostics: [PushDiagnostic], diagnosticHandler: (@Sendable (PushDiagnostic) -> Void)?) {
            self.diagnostics = diagnostics
            self.diagnosticHandler = diagnosticHandler
        }
    }

    /// `completion` as it must be answered: joined to a pending completion of the same delivery
    /// and path (then `nil`: that one's answer reaches it, or, with
    /// ``PushClientOptions/RepeatedCallCompletion/sameHandler``, nothing does), or registered as pending itself.
    private func joinPending(_ completion: SystemCompletion, key: PendingCompletionKey, _ state: inout State) -> SystemCompletion? {
        if let group = state.pendingCompletions[key] {
            switch options.repeatedCallCompletion {
            case .sameHandler: return nil
            case .answerEach: if group.follow(completion) { return nil }
            }
        }
        let group = CompletionGroup()
        state.pendingCompletions[key] = group
        return completion.reporting { [self] answer in
            self.state.withLock { state in
                if state.pendingCompletions[key] === group { state.pendingCompletions[key] = nil }
            }
            group.resolve(answer)
        }
    }

    /// Hands one diagnostic to the app's handler, outside the lock; nothing once the client is gone.
    func report(_ diagnostic: PushDiagnostic) {
        let handler = state.withLock { state in state.isClosed ? nil : state.diagnosticHandler }
        handler?(diagnostic)
    }

    private func report(_ diagnostics: [PushDiagnostic], to handler: (@Sendable (PushDiagnostic) -> Void)?) {
        guard let handler else { return }
        for diagnostic in diagnostics { handler(diagnostic) }
    }

    /// Decides a deferred foreground call that no call decided within the correlation interval.
    func resolveDeferredCall() {
        let (diagnostics, handler) = publishing { state -> ([PushDiagnostic], (@Sendable (PushDiagnostic) -> Void)?) in
            state.deferredDeadline = nil
            guard !state.isClosed else { return ([], nil) }
            state.normalizer.resolveDeferredCall { state.hub.publish($0) }
            return (state.normalizer.takeDiagnostics(), state.diagnosticHandler)
        }
        report(diagnostics, to: handler)
    }

    /// Launch has ended (the app became active, or its deadline passed): what waits for a
    /// follow-up call is emitted, and a launch that may have lost its response is reported.
    func endLaunch() {
        let (diagnostics, handler) = publishing { state -> ([PushDiagnostic], (@Sendable (PushDiagnostic) -> Void)?) in
            state.deferredDeadline?.cancel()
            state.deferredDeadline = nil
            guard !state.isClosed else {
                state.normalizer.launch.disarm()
                return ([], nil)
            }
            state.normalizer.endLaunch { state.hub.publish($0) }
            return (state.normalizer.takeDiagnostics(), state.diagnosticHandler)
        }
        report(diagnostics, to: handler)
    }

    /// System UI was pulled down over the app on screen (it resigned active).
    func resignedActive() {
        state.withLock { $0.normalizer.covered = true }
    }

    /// The notification-center delegate is set (by PushBridge's glue, the app or the SDK).
    func centerDelegateSet() {
        state.withLock { $0.normalizer.launch.centerDelegateWasSet() }
    }

    /// Runs `body` under the lock, then resumes the consumers its events woke: after the lock
    /// is released, never under it (see `EventSubscription.yieldHoldingLock(taking:waking:)`).
    private func publishing<Result>(_ body: (inout State) -> Result) -> Result {
        let (result, woken) = state.withLock { state in
            let result = body(&state)
            return (result, state.hub.takeWakeups())
        }
        EventSubscription.resume(woken)
        return result
    }

    /// Arms or cancels the deadlines a call left: the launch's settle deadline, and the
    /// decision of a deferred foreground call.
    private func apply(_ step: PushEventNormalizer.Step, _ state: inout State) {
        switch step.launchDeadline {
        case .keep: break
        case .arm: state.normalizer.launch.arm(scheduler.schedule(after: options.launchSettleTime) { [self] in endLaunch() })
        case .cancel: state.normalizer.launch.disarm()
        }
        switch step.deferralDeadline {
        case .keep: break
        case .arm:
            guard state.deferredDeadline == nil else { break }
            state.deferredDeadline = scheduler.schedule(after: options.correlationInterval) { [self] in resolveDeferredCall() }
        case .cancel:
            state.deferredDeadline?.cancel()
            state.deferredDeadline = nil
        }
    }
}

/// Completion handlers: each answered exactly once, with the app's answer or a watchdog's.
extension PushClientCore {
    /// The app's handlers, read under the lock and called outside it. Immutable: setting one
    /// makes a new instance (``PushClient/setPresentationHandler(_:)`` and its siblings, rarely),
    /// so that a callback with a completion only retains the one the state holds. A class, not a
    /// struct: one reference leaves the lock, where a struct of three closures needed a value
    /// witness table of its own.
    final class Handlers: Sendable {
        let presentation: PushClient.PresentationHandler?
        let backgroundWork: PushClient.BackgroundWorkHandler?
        let response: PushClient.ResponseHandler?

        init(
            presentation: PushClient.PresentationHandler? = nil, backgroundWork: PushClient.BackgroundWorkHandler? = nil,
            response: PushClient.ResponseHandler? = nil
        ) {
            self.presentation = presentation
            self.backgroundWork = backgroundWork
            self.response = response
        }
    }

    /// Answers `completion` once: with what the app's handler decides, or with the default when
    /// it has none, or from the watchdog when it takes too long.
    func answer(_ completion: SystemCompletion, for invocation: CallbackInvocation, response: PushEvent?, handlers: Handlers) {
        switch completion {
        case .fetch(let handler):
            let once = ExactlyOnce(handler)
            guard let work = handlers.backgroundWork, let notification = invocation.notification else {
                once.complete(.noData)
                return
            }
            race(once, deadline: options.fetchWatchdogDelay, fallback: options.fetchTimeoutResult) {
                await work(notification)
            }
        case .presentation(let handler):
            let once = ExactlyOnce(handler)
            let fallback = options.defaultPresentation
            guard let decide = handlers.presentation, let notification = invocation.notification else {
                once.complete(fallback)
                return
            }
            race(once, deadline: options.presentationTimeout, fallback: fallback) { await decide(notification) }
        case .response(let handler):
            let once = ExactlyOnce<Void> { _ in handler() }
            guard let respond = handlers.response, let event = response else {
                once.complete(())
                return
            }
            race(once, deadline: options.fetchWatchdogDelay, fallback: ()) { await respond(event) }
        }
    }

    /// Runs `work` and completes `once` with its answer, or with `fallback` after `deadline`
    /// seconds if it has not answered by then (and then cancels it).
    private func race<Value: Sendable>(
        _ once: ExactlyOnce<Value>, deadline: Double, fallback: Value, work: @escaping @Sendable () async -> Value
    ) {
        let watchdog = Locked<ScheduledWork?>(nil)
        let task = Task {
            let value = await work()
            if once.complete(value) { watchdog.withLock { $0 }?.cancel() }
        }
        let scheduled = scheduler.schedule(after: deadline) {
            if once.complete(fallback) { task.cancel() }
        }
        watchdog.withLock { $0 = scheduled }
    }
}
