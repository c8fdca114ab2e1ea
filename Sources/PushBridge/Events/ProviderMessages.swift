extension PushEvent.Message {
    /// Reads a JPush custom message from its `userInfo`
    /// (`kJPFNetworkDidReceiveMessageNotification`): `content`, `title`, `content_type`,
    /// `extras`, `_j_msgid`.
    ///
    /// - Throws: ``PushError`` naming the key when `content` is missing or a key has the wrong type.
    public init(jpushCustomMessage userInfo: JSONObject, field: String = "message") throws(PushError) {
        let fields = JSONFieldReader(userInfo, path: field, code: .invalidPayload)
        guard try fields.string("content") != nil else { throw fields.error(fields.path(of: "content"), "missing (a custom message has content)") }
        _ = try fields.string("title")
        _ = try fields.string("content_type")
        _ = try fields.object("extras")
        let id: String
        switch userInfo[NotificationIdentity.jpushMessageIDKey] {
        case .integer(let number): id = String(number)
        case .string(let text) where !text.isEmpty: id = text
        case nil: id = NotificationIdentity.payloadHash(userInfo)
        case .some(let other):
            throw fields.typeError(NotificationIdentity.jpushMessageIDKey, other, expected: "a message ID (a number or a string)")
        }
        self.init(transport: .jpush, offline: false, id: id, payload: userInfo)
    }

    /// Reads a Getui passthrough: `{"payload": …, "taskId": …, "msgId": …}`, as the scenario
    /// format and `GeTuiSdkDidReceiveSlience:…` give it.
    ///
    /// - Throws: ``PushError`` naming the key when one is missing or not a string.
    public init(getuiPassthrough message: JSONObject, offline: Bool, field: String = "message") throws(PushError) {
        let fields = JSONFieldReader(message, path: field, code: .invalidPayload)
        func required(_ key: String) throws(PushError) -> String {
            guard let value = try fields.string(key) else { throw fields.error(fields.path(of: key), "missing (expected a string)") }
            return value
        }
        _ = try required("payload")
        let taskID = try required("taskId")
        let messageID = try required("msgId")
        guard !taskID.isEmpty, !messageID.isEmpty else {
            throw fields.error(fields.path(of: taskID.isEmpty ? "taskId" : "msgId"), "is empty")
        }
        self.init(
            transport: .getui, offline: offline, id: NotificationIdentity.getuiID(taskID: taskID, messageID: messageID),
            payload: message)
    }
}
