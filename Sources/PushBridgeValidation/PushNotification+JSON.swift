import PushBridgeCore

/// Reading a notification from a payload's JSON bytes: what a tool, a fuzzer or a test does
/// (`pushbridge simulate`'s scenario files, `FuzzPayload`). An app never has the bytes (iOS hands
/// it the `userInfo` dictionary), so this reading lives here, in a module an app does not link,
/// and not in the vocabulary every app ships.
extension PushNotification {
    /// Reads a notification from the JSON bytes of its payload.
    ///
    /// ```swift
    /// let note = try PushNotification(json: Array(#"{"aps":{"alert":"Hi"},"type":"comment"}"#.utf8))
    /// note.content.body          // "Hi"
    /// note.customKeys["type"]    // .string("comment")
    /// ```
    ///
    /// - Throws: `PushError` with `malformedJSON` when the bytes are not JSON, `invalidPayload`
    ///   when they are not a payload object.
    public init(json bytes: [UInt8], identifier: String? = nil, source: NotificationSource = .remote) throws(PushError) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw PushError(.malformedJSON, field: "payload", error.description)
        }
        guard case .object(let payload) = value else {
            throw PushError(.invalidPayload, field: "payload", "is \(value.typeDescription), expected an object")
        }
        try self.init(payload: payload, identifier: identifier, source: source)
    }
}
