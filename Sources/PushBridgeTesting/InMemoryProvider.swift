import PushBridge
import PushBridgeModel
import PushBridgeProviderKit

/// A provider for app tests: records every command the app sends (registrations, tokens,
/// aliases, tags, badges, feedback) and lets the test emit any event, as if the provider's SDK had.
///
/// Like swift-log's `InMemoryLogHandler`: a class over a locked store, with `commands` to
/// assert on and `clear()`.
///
/// ```swift
/// let provider = InMemoryProvider(id: .getui)
/// let client = PushClient(provider: provider, scheduler: ManualScheduler())
/// try client.report(.custom(90001), for: message)
/// #expect(provider.commands == [.report(.custom(90001), messageID: message.id)])
/// provider.emit(.registered(.init(provider: .getui, identifier: "client-id")))
/// ```
public final class InMemoryProvider: PushProvider {
    /// One command the app sent to the provider.
    public enum Command: Sendable, Equatable {
        /// `PushProvider/start(_:)`.
        case start(PushStartRequest)
        /// `PushProvider/register(_:)`.
        case register(PushRegistrationRequest)
        /// `PushProvider/didRegisterForRemoteNotifications(_:)`: the device token.
        case deviceToken([UInt8])
        /// `AliasAndTagsProvider/alias(_:)`.
        case alias(AliasRequest)
        /// `AliasAndTagsProvider/tags(_:)`.
        case tags(TagsRequest)
        /// `ServerBadgeProvider/setBadge(_:)`: the badge value.
        case setBadge(Int)
        /// `FeedbackProvider/report(_:)`: the action and the message it was on.
        case report(FeedbackAction, messageID: String)
    }

    private struct State {
        var sink = PushEventSink.discarding
        var commands: [Command] = []
        var handled: [CallbackInvocation] = []
        var sequence = 0
    }

    /// The provider this one pretends to be.
    public let id: PushProviderID
    /// What it pretends to support (its `capabilities`); requests outside it throw
    /// `PushError/Code/unsupported`.
    public let declaredCapabilities: PushCapabilities
    /// The definition whose message IDs it finds in payloads, if any.
    public let definition: (any PushProviderDefinition)?
    private let state = Locked(State())

    /// A provider pretending to be `kind`, supporting `capabilities` (all by default), finding no
    /// message IDs.
    public init(id: PushProviderID = .apns, capabilities: PushCapabilities = [.alias, .tags, .serverBadge, .customFeedback, .ownChannelMessages]) {
        self.id = id
        declaredCapabilities = capabilities
        definition = nil
    }

    /// A provider pretending to be the one `definition` describes (its message IDs name
    /// deliveries), supporting `capabilities` (all by default).
    public init(
        definition: any PushProviderDefinition, capabilities: PushCapabilities = [.alias, .tags, .serverBadge, .customFeedback, .ownChannelMessages]
    ) {
        id = definition.id
        declaredCapabilities = capabilities
        self.definition = definition
    }

    /// The definition's message ID in `payload` (none without a definition).
    public func messageID(in payload: JSONObject) -> String? {
        definition?.messageID(in: payload)
    }

    /// Every command so far, in order.
    public var commands: [Command] { state.withLock { $0.commands } }
    /// Every callback the app's delegate forwarded, in order.
    public var handledCallbacks: [CallbackInvocation] { state.withLock { $0.handled } }
    /// Forgets the commands and callbacks recorded so far.
    public func clear() {
        state.withLock {
            $0.commands.removeAll()
            $0.handled.removeAll()
        }
    }

    // MARK: What the test does as the provider's SDK

    /// Publishes an event (registration, registration failure, connection state) to the client.
    public func emit(_ event: PushEvent) {
        state.withLock { $0.sink }.publish(event)
    }

    /// Delivers a message on the provider's own channel.
    public func deliver(_ message: PushEvent.Message) {
        state.withLock { $0.sink }.receive(message)
    }

    /// Hands the client a callback as the SDK would, with its completion handler.
    public func callback(_ invocation: CallbackInvocation, completion: SystemCompletion? = nil) {
        state.withLock { $0.sink }.handle(invocation, completion: completion)
    }

    // MARK: PushProvider

    /// Keeps the client's sink.
    public func attach(to sink: PushEventSink) { state.withLock { $0.sink = sink } }
    /// Records the start.
    public func start(_ request: PushStartRequest) throws(PushError) { record(.start(request)) }
    /// Records the registration.
    public func register(_ request: PushRegistrationRequest) throws(PushError) { record(.register(request)) }
    /// Records the token.
    public func didRegisterForRemoteNotifications(_ request: DeviceTokenRequest) { record(.deviceToken(request.token)) }

    /// Records the callback the client took.
    public func observe(_ invocation: CallbackInvocation) {
        state.withLock { $0.handled.append(invocation) }
    }

    /// Records the request; answers with the alias set (or none).
    public func alias(_ request: AliasRequest) async throws(PushError) -> AliasRequest.Outcome {
        guard capabilities.contains(.alias) else { throw unsupported("aliases") }
        let sequence = record(.alias(request))
        if case .set(let alias) = request.operation { return AliasRequest.Outcome(alias: alias, sequence: sequence) }
        return AliasRequest.Outcome(alias: nil, sequence: sequence)
    }

    /// Records the request; answers with the tags given (or none).
    public func tags(_ request: TagsRequest) async throws(PushError) -> TagsRequest.Outcome {
        guard capabilities.contains(.tags) else { throw unsupported("tags") }
        let sequence = record(.tags(request))
        switch request.operation {
        case .add(let tags), .set(let tags): return TagsRequest.Outcome(tags: tags, sequence: sequence)
        case .validate: return TagsRequest.Outcome(isBound: false, sequence: sequence)
        case .delete, .clean, .getAll: return TagsRequest.Outcome(tags: [], sequence: sequence)
        }
    }

    /// Records the badge.
    public func setBadge(_ request: BadgeRequest) throws(PushError) {
        guard capabilities.contains(.serverBadge) else { throw unsupported("a server-side badge") }
        record(.setBadge(request.value))
    }

    /// Records the report; answers submitted.
    public func report(_ request: FeedbackRequest) throws(PushError) -> FeedbackAction.Receipt {
        guard capabilities.contains(.customFeedback) else { throw unsupported("custom feedback") }
        record(.report(request.action, messageID: request.messageID))
        return FeedbackAction.Receipt(submitted: true)
    }

    @discardableResult
    private func record(_ command: Command) -> Int {
        state.withLock { state in
            state.commands.append(command)
            state.sequence += 1
            return state.sequence
        }
    }
}

/// It pretends to support every opt-in part, narrowed to what it was made with.
extension InMemoryProvider: CapabilityNarrowingProvider, CallbackObservingProvider, MessageIdentifyingProvider,
    AliasAndTagsProvider, ServerBadgeProvider, FeedbackProvider, OwnChannelProvider
{}
