/// A notification as a provider SDK's delegate methods hand it (a `UNNotification`), converted
/// at the edge: what the JPush and Getui adapters receive.
public struct SDKNotification: Sendable, Hashable {
    /// `request.content.userInfo`.
    public var userInfo: JSONObject
    /// `request.identifier`.
    public var identifier: String?
    /// Whether the trigger is a `UNPushNotificationTrigger` (a remote push, not a local one).
    public var isRemote: Bool

    /// A notification from its parts.
    public init(userInfo: JSONObject, identifier: String? = nil, isRemote: Bool = true) {
        self.userInfo = userInfo
        self.identifier = identifier
        self.isRemote = isRemote
    }

    /// The notification read from `userInfo`, or `nil` when it is not one (no `aps` object on
    /// a remote push).
    public var notification: PushNotification? {
        try? PushNotification(payload: userInfo, identifier: identifier, source: isRemote ? .remote : .local)
    }

    /// The notification read from `userInfo` and named by `definition`'s message ID when the
    /// payload has one, or `nil` when it is not one.
    public func notification(by definition: some PushProviderDefinition) -> PushNotification? {
        try? PushNotification(
            payload: userInfo, identifier: identifier, source: isRemote ? .remote : .local, providerMessageID: definition.messageID(in: userInfo))
    }
}
