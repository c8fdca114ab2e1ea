extension PushNotification {
    /// Reads a notification from the `userInfo` dictionary iOS or a vendor SDK passes.
    ///
    /// - Throws: ``PushError`` when a value has no JSON form, or the payload has no `aps` object.
    public init(userInfo: [AnyHashable: Any], identifier: String? = nil, source: NotificationSource = .remote) throws(PushError) {
        guard case .object(let payload) = try JSONValue(foundation: userInfo) else {
            throw PushError(.invalidPayload, field: "payload", "expected an object")
        }
        try self.init(payload: payload, identifier: identifier, source: source)
    }
}
