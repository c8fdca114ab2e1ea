/// Where a provider adapter sends what its SDK reports: the callbacks (in the dispatch model's
/// vocabulary) and the provider's own events. A ``PushClient`` hands one to its provider.
///
/// The sink holds the client weakly: an adapter can keep it without keeping the client alive.
public struct PushEventSink: Sendable {
    /// The three handlers behind one reference, so that a provider copying its sink for each
    /// callback retains once.
    private final class Handlers: Sendable {
        let onInvocation: @Sendable (CallbackInvocation, SystemCompletion?) -> Void
        let onMessage: @Sendable (PushEvent.Message) -> Void
        let onEvent: @Sendable (PushEvent) -> Void

        init(
            onInvocation: @escaping @Sendable (CallbackInvocation, SystemCompletion?) -> Void,
            onMessage: @escaping @Sendable (PushEvent.Message) -> Void, onEvent: @escaping @Sendable (PushEvent) -> Void
        ) {
            self.onInvocation = onInvocation
            self.onMessage = onMessage
            self.onEvent = onEvent
        }
    }

    private let handlers: Handlers

    /// A sink from its three handlers.
    public init(
        invocation: @escaping @Sendable (CallbackInvocation, SystemCompletion?) -> Void,
        message: @escaping @Sendable (PushEvent.Message) -> Void,
        event: @escaping @Sendable (PushEvent) -> Void
    ) {
        handlers = Handlers(onInvocation: invocation, onMessage: message, onEvent: event)
    }

    /// A callback iOS made (through the SDK), with its completion handler.
    public func handle(_ invocation: CallbackInvocation, completion: SystemCompletion? = nil) {
        handlers.onInvocation(invocation, completion)
    }

    /// A message on the provider's own channel (deduplicated against its APNs copy).
    public func deliver(_ message: PushEvent.Message) {
        handlers.onMessage(message)
    }

    /// A registration, registration failure or connection change.
    public func publish(_ event: PushEvent) {
        handlers.onEvent(event)
    }

    /// A sink that drops everything.
    public static let discarding = PushEventSink(
        invocation: { _, completion in completion?.completeWithDefault() }, message: { _ in }, event: { _ in })
}
