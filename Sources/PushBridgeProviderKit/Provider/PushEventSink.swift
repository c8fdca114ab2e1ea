import PushBridgeCore

/// Where a provider adapter sends what its SDK reports: the callbacks (in the dispatch model's
/// vocabulary), the provider's own events, and the diagnostics for input it could not read. A
/// `PushClient` hands one to its provider.
///
/// The sink holds the client's core strongly (the event pipeline never loads a weak reference);
/// the client closes the core when it goes away, and from then on the sink answers completion
/// handlers with their defaults and passes nothing on.
public struct PushEventSink: Sendable {
    /// The five handlers behind one reference, so that a provider copying its sink for each
    /// callback retains once.
    private final class Handlers: Sendable {
        let onInvocation: @Sendable (CallbackInvocation, SystemCompletion?) -> Void
        let onMessage: @Sendable (PushEvent.Message) -> Void
        let onEvent: @Sendable (PushEvent) -> Void
        let onDiagnostic: @Sendable (PushDiagnostic) -> Void
        let onTokenForwardingFailure: @Sendable (PushProviderID, PushTokenKind, PushError) -> Void

        init(
            onInvocation: @escaping @Sendable (CallbackInvocation, SystemCompletion?) -> Void,
            onMessage: @escaping @Sendable (PushEvent.Message) -> Void, onEvent: @escaping @Sendable (PushEvent) -> Void,
            onDiagnostic: @escaping @Sendable (PushDiagnostic) -> Void,
            onTokenForwardingFailure: @escaping @Sendable (PushProviderID, PushTokenKind, PushError) -> Void
        ) {
            self.onInvocation = onInvocation
            self.onMessage = onMessage
            self.onEvent = onEvent
            self.onDiagnostic = onDiagnostic
            self.onTokenForwardingFailure = onTokenForwardingFailure
        }
    }

    private let handlers: Handlers

    /// A sink from its handlers.
    ///
    /// - Parameters:
    ///   - invocation: Receives each callback with its completion handler.
    ///   - message: Receives each own-channel message.
    ///   - event: Receives each registration, failure or connection change.
    ///   - diagnostic: Receives each diagnostic (input the adapter could not read); by default
    ///     they are dropped.
    ///   - tokenForwardingFailure: Receives each VoIP or Live Activity token the provider's SDK
    ///     refused (the provider, the token's kind, why); by default they are dropped.
    public init(
        invocation: @escaping @Sendable (CallbackInvocation, SystemCompletion?) -> Void,
        message: @escaping @Sendable (PushEvent.Message) -> Void,
        event: @escaping @Sendable (PushEvent) -> Void,
        diagnostic: @escaping @Sendable (PushDiagnostic) -> Void = { _ in },
        tokenForwardingFailure: @escaping @Sendable (PushProviderID, PushTokenKind, PushError) -> Void = { _, _, _ in }
    ) {
        handlers = Handlers(
            onInvocation: invocation, onMessage: message, onEvent: event, onDiagnostic: diagnostic, onTokenForwardingFailure: tokenForwardingFailure)
    }

    /// A callback iOS made (through the SDK), with its completion handler.
    public func handle(_ invocation: CallbackInvocation, completion: SystemCompletion? = nil) {
        handlers.onInvocation(invocation, completion)
    }

    /// A message on the provider's own channel (deduplicated against its APNs copy).
    public func receive(_ message: PushEvent.Message) {
        handlers.onMessage(message)
    }

    /// A message on the provider's own channel: ``receive(_:)``'s name before issue 44 gave
    /// "deliver" one meaning (what iOS or a provider's channel does with a notification).
    @available(*, deprecated, renamed: "receive(_:)")
    public func deliver(_ message: PushEvent.Message) {
        receive(message)
    }

    /// A registration, registration failure or connection change.
    public func publish(_ event: PushEvent) {
        handlers.onEvent(event)
    }

    /// Something the adapter could not read (a callback's payload, a channel message), for the
    /// client's diagnostic handler (`PushClient.setDiagnosticHandler(_:)`). Report it in
    /// addition to answering the callback's completion handler, never instead.
    public func report(_ diagnostic: PushDiagnostic) {
        handlers.onDiagnostic(diagnostic)
    }

    /// A VoIP or Live Activity token the provider's SDK refused (published as
    /// `PushKitEvent.tokenForwardingFailed(_:)` by `PushBridgePushKit`).
    ///
    /// - Parameters:
    ///   - kind: Which token (never its value).
    ///   - provider: The provider that did not accept it.
    ///   - error: Why (the vendor's code where it gave one).
    public func tokenForwardingFailed(_ kind: PushTokenKind, provider: PushProviderID, error: PushError) {
        handlers.onTokenForwardingFailure(provider, kind, error)
    }

    /// A sink that drops everything (answering each completion handler with its default).
    public static let discarding = PushEventSink(
        invocation: { _, completion in completion?.completeWithDefault() }, message: { _ in }, event: { _ in })
}
