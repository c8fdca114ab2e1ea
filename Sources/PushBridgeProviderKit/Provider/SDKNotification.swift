import PushBridgeCore

/// A notification as a provider SDK's delegate methods hand it (a `UNNotification`), converted
/// at the edge: what the JPush and Getui adapters receive.
public struct SDKNotification: Sendable, Equatable {
    /// `request.content.userInfo`.
    public var userInfo: JSONObject
    /// `request.identifier`.
    public var identifier: String?
    /// Whether the trigger is a `UNPushNotificationTrigger` (a remote push, not a local one).
    public var isRemote: Bool
    /// Why `userInfo` could not be converted at the edge (a value with no JSON form), if it
    /// could not: ``userInfo`` is empty then, and ``read(by:)`` throws this error.
    public var conversionError: PushError?

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
        if let conversionError { throw conversionError }
        return try PushNotification(
            payload: userInfo, identifier: identifier, source: isRemote ? .remote : .local, providerMessageID: definition.messageID(in: userInfo))
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
