import PushBridgeCore

/// A notification as iOS hands it over (a `UNNotification`: its request's identifier, its
/// content's `userInfo`, whether a push triggered it), converted at the edge: the one type for
/// it, whether the notification center calls PushBridge's delegate (the UIKit glue) or a provider
/// SDK's delegate methods hand it on (the JPush and Getui adapters, as `JPushNotificationInfo`
/// and `GetuiNotificationInfo`). Unread: ``read(by:)`` or
/// ``notification(by:in:reportingTo:)`` reads it once, and a payload that cannot be read is
/// reported (`PushDiagnostic.Code.unreadablePayload`), never dropped in silence.
///
/// ```swift
/// let tap = SystemNotification(userInfo: ["aps": ["alert": "hi"]], identifier: "req-1")
/// ```
public struct SystemNotification: Sendable, Equatable {
    /// `request.content.userInfo`.
    public let userInfo: JSONObject
    /// `request.identifier` (`UNNotificationRequest.identifier`): made anew for each delivery.
    public let identifier: String?
    /// Whether the trigger is a `UNPushNotificationTrigger` (a remote push, not a local one).
    public let isRemote: Bool
    /// Why `userInfo` could not be converted at the edge (a value with no JSON form), if it
    /// could not: ``userInfo`` is empty then, and ``read(by:)`` throws this error.
    public let conversionError: PushError?

    /// A notification from its parts.
    ///
    /// - Parameters:
    ///   - userInfo: `request.content.userInfo`, converted.
    ///   - identifier: `request.identifier`.
    ///   - isRemote: Whether it is a remote push.
    ///   - conversionError: Why `userInfo` could not be converted, if it could not (then pass an
    ///     empty `userInfo`).
    public init(userInfo: JSONObject, identifier: String? = nil, isRemote: Bool = true, conversionError: PushError? = nil) {
        self.userInfo = userInfo
        self.identifier = identifier
        self.isRemote = isRemote
        self.conversionError = conversionError
    }

    /// The notification read from `userInfo` and named by `definition`'s message ID when the
    /// payload has one.
    ///
    /// - Throws: `PushError` (`PushError.Code.invalidPayload`) naming the field when it is
    ///   not one (no `aps` object on a remote push), or the ``conversionError``.
    public func read(by definition: some PushProviderDefinition) throws(PushError) -> PushNotification {
        try read(providerMessageID: definition.messageID(in: userInfo))
    }

    /// The notification read from `userInfo`, named by `providerMessageID` when there is one: what
    /// ``read(by:)`` does once the definition found the ID, for the client, which asks its provider.
    package func read(providerMessageID: String?) throws(PushError) -> PushNotification {
        if let conversionError { throw conversionError }
        return try PushNotification(
            payload: userInfo, identifier: identifier, source: isRemote ? .remote : .local, providerMessageID: providerMessageID)
    }

    /// The notification read as ``read(by:)`` reads it or, when it is not one, `nil` after a
    /// `PushDiagnostic.Code.unreadablePayload` diagnostic naming `callback` and the field was
    /// reported to `sink`: an adapter answers the callback's completion handler with its
    /// default then, and publishes nothing.
    ///
    /// ```swift
    /// guard let note = notification.notification(by: JPushDefinition(), in: JPushCallbackName.willPresent, reportingTo: sink) else {
    ///     complete.complete(0)
    ///     return
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - definition: The provider's definition, which finds its message ID.
    ///   - callback: The SDK's delegate method (its selector) that handed the notification over.
    ///   - sink: Where the diagnostic goes.
    /// - Returns: The notification, or `nil` when it could not be read (and was reported).
    public func notification(by definition: some PushProviderDefinition, in callback: String, reportingTo sink: PushEventSink) -> PushNotification? {
        do throws(PushError) {
            return try read(by: definition)
        } catch {
            let id = NotificationIdentity.derive(payload: userInfo, identifier: identifier, providerMessageID: definition.messageID(in: userInfo))
            sink.report(.unreadablePayload(in: callback, notificationID: id, error: error))
            return nil
        }
    }
}

/// `SystemNotification`'s name before issue 44 gave the notification one type: the glue's and
/// the adapters' alike (it is the system's `UNNotification`, whoever hands it over).
@available(*, deprecated, renamed: "SystemNotification")
public typealias SDKNotification = SystemNotification
