/// Where a provider adapter sends what its SDK reports: the callbacks (in the dispatch model's
/// vocabulary) and the provider's own events. A ``PushClient`` hands one to its provider.
///
/// The sink holds the client weakly: an adapter can keep it without keeping the client alive.
public struct PushEventSink: Sendable {
    private let onInvocation: @Sendable (CallbackInvocation, SystemCompletion?) -> Void
    private let onMessage: @Sendable (PushEvent.Message) -> Void
    private let onEvent: @Sendable (PushEvent) -> Void

    /// A sink from its three handlers.
    public init(
        invocation: @escaping @Sendable (CallbackInvocation, SystemCompletion?) -> Void,
        message: @escaping @Sendable (PushEvent.Message) -> Void,
        event: @escaping @Sendable (PushEvent) -> Void
    ) {
        onInvocation = invocation
        onMessage = message
        onEvent = event
    }

    /// A callback iOS made (through the SDK), with its completion handler.
    public func handle(_ invocation: CallbackInvocation, completion: SystemCompletion? = nil) {
        onInvocation(invocation, completion)
    }

    /// A message on the provider's own channel (deduplicated against its APNs copy).
    public func deliver(_ message: PushEvent.Message) {
        onMessage(message)
    }

    /// A registration, registration failure or connection change.
    public func publish(_ event: PushEvent) {
        onEvent(event)
    }

    /// A sink that drops everything.
    public static let discarding = PushEventSink(
        invocation: { _, completion in completion?.completeWithDefault() }, message: { _ in }, event: { _ in })
}
