/// The part of a ``PushClient`` its provider calls into: the normaliser, the subscribers, the
/// app's handlers, the launch deadline.
///
/// The provider's sink holds the core strongly, so the event pipeline never loads a weak
/// reference (an object with weak references pays for every retain and release through a side
/// table). The client owns the core and closes it when the client goes away; from then on the
/// core answers completion handlers with their defaults and publishes nothing.
final class PushClientCore: Sendable {
    let options: PushClientOptions
    let scheduler: any PushScheduler
    let state: Locked<State>

    struct State {
        var normalizer: PushEventNormalizer
        var hub: EventHub
        var launchDeadline: ScheduledWork?
        var presentationHandler: PushClient.PresentationHandler?
        var backgroundWorkHandler: PushClient.BackgroundWorkHandler?
        var responseHandler: PushClient.ResponseHandler?
        /// The client is gone: nothing more is normalised or published.
        var isClosed = false
    }

    init(options: PushClientOptions, scheduler: any PushScheduler) {
        self.options = options
        self.scheduler = scheduler
        state = Locked(State(
            normalizer: PushEventNormalizer(dedupeWindow: options.dedupeWindow),
            hub: EventHub(heldLimit: options.heldEventLimit)))
    }

    /// What the provider is given: every callback, message and event it reports comes here.
    var sink: PushEventSink {
        PushEventSink(
            invocation: { invocation, completion in self.normalize(invocation, completion: completion) },
            message: { message in self.deliver(message) },
            event: { event in self.publish(event) })
    }

    /// The client went away: ends every subscriber's stream (after what is queued) and stops.
    func close() {
        publishing { state in
            state.isClosed = true
            state.launchDeadline?.cancel()
            state.launchDeadline = nil
            state.hub.finishAll()
        }
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
    /// registration or state). Deduplication does not apply.
    func publish(_ event: PushEvent) {
        publishing { state in
            guard !state.isClosed else { return }
            state.hub.publish(event)
        }
    }

    /// Delivers a provider's own-channel message, unless it or its APNs copy was delivered already.
    func deliver(_ message: PushEvent.Message) {
        publishing { state in
            guard !state.isClosed else { return }
            state.normalizer.consume(message: message) { state.hub.publish($0) }
        }
    }

    /// Normalises one callback (as the provider passes it on) and answers its completion handler.
    func normalize(_ invocation: CallbackInvocation, completion: SystemCompletion?) {
        let outcome = publishing { state -> (response: PushEvent?, handlers: Handlers?)? in
            guard !state.isClosed else { return nil }
            // The user's response the completion waits for: the last event that is not an arrival.
            var response: PushEvent?
            state.normalizer.consume(invocation) { event in
                if event.kind != .received { response = event }
                state.hub.publish(event)
            }
            if state.normalizer.hasPendingLaunch {
                if invocation.callback == .didFinishLaunching { scheduleLaunchDeadline(&state) }
            } else if state.launchDeadline != nil {
                state.launchDeadline?.cancel()
                state.launchDeadline = nil
            }
            return (response, completion == nil ? nil : Handlers(state))
        }
        guard let completion else { return }
        guard let outcome, let handlers = outcome.handlers else {
            completion.completeWithDefault()  // the client is gone: nobody can decide
            return
        }
        answer(completion, for: invocation, response: outcome.response, handlers: handlers)
    }

    /// Emits a launch's event that is still waiting for its follow-up call.
    func flushLaunch() {
        publishing { state in
            state.launchDeadline?.cancel()
            state.launchDeadline = nil
            guard !state.isClosed else { return }
            state.normalizer.flush { state.hub.publish($0) }
        }
    }

    /// Runs `body` under the lock, then resumes the consumers its events woke: after the lock
    /// is released, never under it (see ``EventSubscription/yieldHoldingLock(taking:waking:)``).
    private func publishing<Result>(_ body: (inout State) -> Result) -> Result {
        let (result, woken) = state.withLock { state in
            let result = body(&state)
            return (result, state.hub.takeWakeups())
        }
        EventSubscription.resume(woken)
        return result
    }

    private func scheduleLaunchDeadline(_ state: inout State) {
        state.launchDeadline?.cancel()
        state.launchDeadline = scheduler.schedule(after: options.launchSettleTime) { [self] in
            flushLaunch()
        }
    }
}
