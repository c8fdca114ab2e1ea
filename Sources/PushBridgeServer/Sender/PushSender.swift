import PushBridgeCore

/// Sends one ``PushMessage`` to one ``PushAudience`` through one provider: APNs
/// (`APNsSender`, product PushBridgeAPNsServer), JPush (`JPushSender`) or Getui (`GetuiSender`).
/// ``PushSenders/make(_:provider:senders:options:)`` picks the one a configuration names.
///
/// ```swift
/// let senders: [any PushSenderDefinition] = [APNsSenderDefinition(), JPushSenderDefinition(), GetuiSenderDefinition()]
/// let configuration = try PushServerConfiguration(jsonBytes: fileBytes, senders: senders)
/// let sender = try PushSenders.make(configuration, senders: senders)
/// for result in try await sender.send(message, to: .deviceTokens([token])) where result.tokenIsDead {
///     try await database.forget(result.target)
/// }
/// ```
public protocol PushSender: Sendable {
    /// The provider it sends through.
    var provider: PushProviderID { get }

    /// The requests `message` to `audience` becomes, in the order they would be sent, each
    /// with the targets it carries: what a dry run prints. Credentials are placeholders in angle
    /// brackets (`bearer <provider token>`); nothing is sent and nothing is signed.
    ///
    /// - Throws: `PushError` naming the field the provider cannot carry (`audience`,
    ///   `alert.locKey`, `passthrough`, …) or whose value breaks its limit.
    func plan(_ message: PushMessage, to audience: PushAudience) throws(PushError) -> [PlannedPushRequest]

    /// The payload the app on a device receives for `message` through this provider: what a dry
    /// run validates and hands the dispatch model. The provider's own keys (`_j_msgid`,
    /// `_gmid_`) hold placeholders until the provider assigns them.
    func devicePayload(_ message: PushMessage) throws(PushError) -> JSONObject

    /// What the app on a device receives of `message` on the provider's own channel (a JPush
    /// custom message, a Getui passthrough), as the SDK hands it over, with the channel's name;
    /// `nil` when nothing travels that way. Its message ID is the placeholder
    /// ``devicePayload(_:)`` holds: one push, one delivery.
    func channelMessage(_ message: PushMessage) throws(PushError) -> (source: NotificationSource, message: JSONObject)?

    /// Whether the APNs notification (``devicePayload(_:)``) goes to a device whose app is
    /// online on the provider's channel (`appOnline`: in the foreground) or not.
    func sendsNotification(_ message: PushMessage, appOnline: Bool) -> Bool

    /// Sends `message` to `audience`, retrying within the sender's ``RetryPolicy``, and calls
    /// `report` once for every target, in no particular order, as its result is known.
    ///
    /// Memory stays bounded whatever the audience's size: at most the sender's concurrency of
    /// requests are in flight, and no result is kept.
    ///
    /// - Throws: `PushError` when the message cannot be sent at all (the same errors as
    ///   ``plan(_:to:)``, or credentials that cannot be made); then nothing was sent.
    func send(_ message: PushMessage, to audience: PushAudience, report: @escaping @Sendable (PushSendResult) -> Void) async throws(PushError)
}

extension PushSender {
    /// APNs' payload: `aps` and the custom keys beside it.
    public func devicePayload(_ message: PushMessage) throws(PushError) -> JSONObject { try message.apnsPayload() }

    /// No channel of its own.
    public func channelMessage(_ message: PushMessage) throws(PushError) -> (source: NotificationSource, message: JSONObject)? { nil }

    /// Whenever the message has a notification.
    public func sendsNotification(_ message: PushMessage, appOnline: Bool) -> Bool { message.hasNotification }

    /// Sends `message` to `audience` and returns one result per target, in the audience's order.
    public func send(_ message: PushMessage, to audience: PushAudience) async throws(PushError) -> [PushSendResult] {
        let collected = Locked<[PushTarget: PushSendResult]>([:])
        try await send(message, to: audience) { result in collected.withLock { $0[result.target] = result } }
        let results = collected.withLock { $0 }
        return audience.targets.compactMap { results[$0] }
    }
}

/// One request of a plan: the request and the targets it carries.
public struct PlannedPushRequest: Sendable, Hashable {
    /// The request, credentials as placeholders.
    public var request: PushHTTPRequest
    /// The targets it carries.
    public var targets: [PushTarget]

    /// A planned request from its parts.
    public init(request: PushHTTPRequest, targets: [PushTarget]) {
        self.request = request
        self.targets = targets
    }
}
