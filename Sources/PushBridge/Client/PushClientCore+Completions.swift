/// Completion handlers: each answered exactly once, with the app's answer or a watchdog's.
extension PushClientCore {
    /// The app's handlers, read under the lock and called outside it.
    struct Handlers {
        var presentation: PushClient.PresentationHandler?
        var backgroundWork: PushClient.BackgroundWorkHandler?
        var response: PushClient.ResponseHandler?

        init(_ state: State) {
            presentation = state.presentationHandler
            backgroundWork = state.backgroundWorkHandler
            response = state.responseHandler
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
