/// Feeding the client the callbacks iOS makes.
extension PushClient {
    /// Handles one callback the app's delegate received from iOS: the client names it (by the
    /// provider's message ID when the payload has one), normalises it into events and answers
    /// its completion handler exactly once; the provider observes it.
    ///
    /// - Parameters:
    ///   - invocation: The callback, its application state and the notification it carried.
    ///   - completion: The completion handler the system passed, if any. It runs exactly once:
    ///     with the app's answer, or from a watchdog before the system's deadline.
    public func handle(_ invocation: CallbackInvocation, completion: SystemCompletion? = nil) {
        var invocation = invocation
        if let notification = invocation.notification, notification.providerMessageID == nil,
            let messageID = provider.messageID(in: notification.payload)
        {
            invocation.notification = notification.identifiedByProvider(messageID)
        }
        provider.observe(invocation)
        core.normalize(invocation, completion: completion)
    }

    /// Tells the client the app became active: a launch's event that is still waiting for its
    /// follow-up call is emitted now (from the launch options alone).
    public func applicationDidBecomeActive() {
        core.flushLaunch()
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
}
