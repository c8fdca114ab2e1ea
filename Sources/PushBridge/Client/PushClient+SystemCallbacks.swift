/// Feeding the client the callbacks iOS makes.
extension PushClient {
    /// Handles one callback the app's delegate received from iOS: the provider does what its SDK
    /// needs, then the client normalises the callback into events and answers its completion
    /// handler exactly once.
    ///
    /// - Parameters:
    ///   - invocation: The callback, its application state and the notification it carried.
    ///   - completion: The completion handler the system passed, if any. It runs exactly once:
    ///     with the app's answer, or from a watchdog before the system's deadline.
    public func handle(_ invocation: CallbackInvocation, completion: SystemCompletion? = nil) {
        provider.handle(invocation, completion: completion)
    }

    /// Normalises one callback (as the provider passes it on) and answers its completion handler.
    func normalize(_ invocation: CallbackInvocation, completion: SystemCompletion?) {
        let (response, handlers) = state.withLock { state -> (PushEvent?, Handlers?) in
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
        if let completion, let handlers {
            answer(completion, for: invocation, response: response, handlers: handlers)
        }
    }

    /// Tells the client the app became active: a launch's event that is still waiting for its
    /// follow-up call is emitted now (from the launch options alone).
    public func applicationDidBecomeActive() {
        flushLaunch()
    }

    /// A notification is about to be presented in the foreground (method 4): emits `received`
    /// and answers with the app's presentation options, united with `requestedByOthers` (what
    /// another SDK's notification-center delegate asked for).
    public func willPresent(
        _ notification: PushNotification, requestedByOthers: PresentationOptions = [],
        completionHandler: @escaping @Sendable (PresentationOptions) -> Void
    ) {
        handle(
            CallbackInvocation(callback: .willPresent, state: .active, notification: notification),
            completion: .presentation { options in completionHandler(options.union(requestedByOthers)) })
    }

    // MARK: Internals

    /// The app's handlers, read under the lock and called outside it.
    struct Handlers {
        var presentation: PresentationHandler?
        var backgroundWork: BackgroundWorkHandler?
        var response: ResponseHandler?

        init(_ state: State) {
            presentation = state.presentationHandler
            backgroundWork = state.backgroundWorkHandler
            response = state.responseHandler
        }
    }

    private func scheduleLaunchDeadline(_ state: inout State) {
        state.launchDeadline?.cancel()
        state.launchDeadline = scheduler.schedule(after: options.launchSettleTime) { [weak self] in
            self?.flushLaunch()
        }
    }

    private func flushLaunch() {
        state.withLock { state in
            state.launchDeadline?.cancel()
            state.launchDeadline = nil
            state.normalizer.flush { state.hub.publish($0) }
        }
    }

    private func answer(_ completion: SystemCompletion, for invocation: CallbackInvocation, response: PushEvent?, handlers: Handlers) {
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
