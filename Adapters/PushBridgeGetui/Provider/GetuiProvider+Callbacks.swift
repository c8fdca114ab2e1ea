import PushBridge

/// `GeTuiSdkDelegate`'s callbacks, in the dispatch model's vocabulary.
extension GetuiProvider {
    /// `GeTuiSdkDidRegisterClient:`: the client ID, as a (masked) `registered` event.
    public func geTuiSdkDidRegisterClient(_ clientID: String) {
        guard !clientID.isEmpty else { return geTuiSdkDidOccurError("empty client ID") }
        state.withLock { $0.registered = true }
        sink.publish(.registered(.init(provider: .getui, identifier: SecretText(clientID))))
    }

    /// `GeTuiSDkDidNotifySdkState:`.
    public func geTuiSDkDidNotifySdkState(_ status: GetuiSdkStatus) {
        sink.publish(.providerState(.init(provider: .getui, state: status.connectionState)))
    }

    /// `GeTuiSdkDidOccurError:`: before a client ID arrived, a registration failure; after, the
    /// SDK recovers on its own and nothing is published.
    public func geTuiSdkDidOccurError(_ description: String) {
        guard !state.withLock({ $0.registered }) else { return }
        sink.publish(.registrationFailed(.init(provider: .getui, error: PushError(.providerFailure, field: "registration", description))))
    }

    /// `GeTuiSdkNotificationCenter:willPresentNotification:completionHandler:`: iOS's method 4;
    /// `completionHandler` gets the app's presentation options (`UNNotificationPresentationOptions`
    /// bits) exactly once, or none at once for something that is not a notification.
    public func geTuiSdkNotificationCenter(willPresent notification: GetuiNotificationInfo, completionHandler: @escaping @Sendable (Int) -> Void) {
        let complete = ExactlyOnce(completionHandler)
        guard let note = notification.notification(by: GetuiDefinition()) else {
            complete.complete(0)
            return
        }
        sink.handle(
            CallbackInvocation(callback: .willPresent, state: .active, notification: note),
            completion: .presentation { options in complete.complete(Int(options.rawValue)) })
    }

    /// `GeTuiSdkDidReceiveNotification:notificationCenter:response:fetchCompletionHandler:`: with a
    /// response, the user's tap or action (iOS 10+); without, the receipt (before iOS 10).
    public func geTuiSdkDidReceiveNotification(
        _ notification: GetuiNotificationInfo, response: GetuiResponseInfo?, fetchCompletionHandler: (@Sendable (BackgroundFetchResult) -> Void)?
    ) {
        let fetch = fetchCompletionHandler.map(ExactlyOnce.init)
        guard let note = notification.notification(by: GetuiDefinition()) else {
            fetch?.complete(.noData)
            return
        }
        if let response {
            sink.handle(
                CallbackInvocation(
                    callback: .didReceiveResponse, state: applicationState(), action: ResponseAction(identifier: response.actionIdentifier),
                    textInput: response.userText, notification: note),
                completion: .response { fetch?.complete(.noData) })
        } else {
            sink.handle(
                CallbackInvocation(callback: .didReceiveRemoteNotificationFetch, state: applicationState(), notification: note),
                completion: .fetch { result in fetch?.complete(result) })
        }
    }

    /// `GeTuiSdkDidReceiveSlience:fromGetui:offLine:appId:taskId:msgId:fetchCompletionHandler:`:
    /// a passthrough over Getui's socket (`fromGetui` YES) becomes a `message` event keeping
    /// `offLine`; an APNs content-available push (`fromGetui` NO, with an `aps` object) is iOS's
    /// method 3 in the current application state. The completion handler, when there is one, is
    /// completed exactly once: with the app's answer to the background work, or at once with
    /// `.noData` when there is no such work (a passthrough).
    public func geTuiSdkDidReceiveSlience(
        _ userInfo: JSONObject, fromGetui: Bool, offLine: Bool, appID: String?, taskID: String?, msgID: String?,
        fetchCompletionHandler: (@Sendable (BackgroundFetchResult) -> Void)?
    ) {
        let fetch = fetchCompletionHandler.map(ExactlyOnce.init)
        // The SDK hands an APNs push over with its `userInfo` and Getui's task and message IDs
        // (when the push is Getui's): the message is named by its `_gmid_`, else by
        // `taskId:msgId`, else, like any `userInfo`, by its payload.
        if !fromGetui, userInfo["aps"] != nil,
            let note = SDKNotification(userInfo: userInfo, identifier: Self.getuiID(taskID: taskID, msgID: msgID)).notification(by: GetuiDefinition())
        {
            sink.handle(
                CallbackInvocation(callback: .didReceiveRemoteNotificationFetch, state: applicationState(), notification: note),
                completion: .fetch { result in fetch?.complete(result) })
            return
        }
        deliverPassthrough(payload: userInfo["payload"] ?? .object(userInfo), taskID: taskID, msgID: msgID, offline: offLine)
        fetch?.complete(.noData)
    }

    /// `GeTuiSdkDidReceivePayloadData:andTaskId:andMsgId:andOffLine:fromGtAppId:` (SDK 1.4.1–2.5.2).
    public func geTuiSdkDidReceivePayloadData(_ payload: [UInt8], taskID: String, msgID: String, offLine: Bool, appID: String?) {
        deliverPassthrough(payload: .string(String(decoding: payload, as: UTF8.self)), taskID: taskID, msgID: msgID, offline: offLine)
    }

    /// `GeTuiSdkDidReceivePayload:andTaskId:andMessageId:andOffLine:fromApplication:` (SDK 1.3.x):
    /// the payload is fetched with `retrivePayloadById:`.
    public func geTuiSdkDidReceivePayload(_ payloadID: String, taskID: String, messageID: String, offLine: Bool, application: String?) {
        let text = bridge.retrivePayload(byID: payloadID) ?? ""
        deliverPassthrough(payload: .string(text), taskID: taskID, msgID: messageID, offline: offLine)
    }

    /// `GeTuiSdkDidAliasAction:result:sequenceNum:error:`.
    public func geTuiSdkDidAliasAction(_ action: String, result: Bool, sequenceNum: String, error: String?) {
        guard let sequence = Int(sequenceNum) else { return }
        aliasReplies.resolve(sequence, result
            ? .success(AliasResult(alias: nil, sequence: sequence))
            : .failure(PushError(.providerFailure, field: "alias", "Getui \(action) failed: \(error ?? "no reason given")")))
    }

    /// `GeTuiSdkDidSetTagsAction:result:error:` (with the request's sequence number).
    public func geTuiSdkDidSetTagsAction(_ sequenceNum: String, result: Bool, error: String?) {
        guard let sequence = Int(sequenceNum) else { return }
        tagReplies.resolve(sequence, result
            ? .success(TagsResult(sequence: sequence))
            : .failure(PushError(.providerFailure, field: "tags", "Getui setTags failed: \(error ?? "no reason given")")))
    }

    /// `GetuiSdkDidQueryTag:sequenceNum:error:`.
    public func getuiSdkDidQueryTag(_ tags: [String], sequenceNum: String, error: String?) {
        guard let sequence = Int(sequenceNum) else { return }
        tagReplies.resolve(sequence, error.map { .failure(PushError(.providerFailure, field: "tags", "Getui queryTag failed: \($0)")) }
            ?? .success(TagsResult(tags: Set(tags), sequence: sequence)))
    }

    /// Delivers a passthrough as a `message` event named `taskId:msgId` — the identity of its APNs
    /// copy's `_gmid_` — whatever the shape of its content; a message without both IDs is named by
    /// its content.
    func deliverPassthrough(payload: JSONValue, taskID: String?, msgID: String?, offline: Bool) {
        var message: JSONObject = ["payload": payload]
        if let taskID { message["taskId"] = .string(taskID) }
        if let msgID { message["msgId"] = .string(msgID) }
        let event = (try? GetuiDefinition().readMessage(message, channel: .getuiPassthrough, offline: offline, field: "message"))
            ?? PushEvent.Message(
                transport: .getui, offline: offline, id: Self.getuiID(taskID: taskID, msgID: msgID) ?? NotificationIdentity.payloadHash(message),
                payload: message)
        sink.deliver(event)
    }

    /// `taskId:msgId` when both are present and non-empty.
    static func getuiID(taskID: String?, msgID: String?) -> String? {
        guard let taskID, let msgID, !taskID.isEmpty, !msgID.isEmpty else { return nil }
        return GetuiDefinition.messageID(taskID: taskID, messageID: msgID)
    }
}
