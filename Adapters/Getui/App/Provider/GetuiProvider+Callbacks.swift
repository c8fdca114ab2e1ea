import PushBridge
import PushBridgeAdapterSupport
import PushBridgeGetuiDefinition
import PushBridgeProviderKit

/// `GeTuiSdkDelegate`'s callbacks, in the dispatch model's vocabulary.
extension GetuiProvider {
    /// `GeTuiSdkDidRegisterClient:`: the client ID, as a (masked) `registered` event.
    public func geTuiSdkDidRegisterClient(_ clientID: String) {
        guard !clientID.isEmpty else { return publishRegistrationFailure("Getui registered with an empty client ID", vendorCode: nil) }
        state.withLock { $0.registered = true }
        sink.publish(.registered(.init(provider: .getui, identifier: SecretText(clientID))))
    }

    /// `GeTuiSDkDidNotifySdkState:`.
    public func geTuiSDkDidNotifySdkState(_ status: GetuiSdkStatus) {
        sink.publish(.providerState(.init(provider: .getui, state: status.connectionState)))
    }

    /// `GeTuiSdkDidOccurError:`: before a client ID arrived, a registration failure keeping the
    /// error's domain and code as its `PushError/vendorCode`; after, the SDK recovers on its own
    /// and nothing is published.
    public func geTuiSdkDidOccurError(_ error: PushError.VendorCode) {
        publishRegistrationFailure("Getui reported an error (\(error))", vendorCode: error)
    }

    /// `GetuiSdkGrantAuthorization:error:`: the user's answer to the authorization request
    /// `registerRemoteNotification:` made. A refusal, or a failure to ask, is a
    /// `registrationFailed` event (field `authorization`, the error's domain and code kept), as
    /// on the APNs and JPush paths; a grant needs no event (the client ID brings `registered`).
    public func getuiSdkGrantAuthorization(_ granted: Bool, error: PushError.VendorCode?) {
        guard !granted || error != nil else { return }
        let reason = error.map { "authorization was not granted (\($0))" } ?? "the user did not allow notifications"
        sink.publish(
            .registrationFailed(.init(provider: .getui, error: PushError(.providerFailure, field: "authorization", reason, vendorCode: error))))
    }

    /// Not an SDK callback: what the SDK bridge could not convert, reported to the client's
    /// diagnostic handler.
    public func sdkBridgeCouldNotRead(_ diagnostic: PushDiagnostic) {
        sink.report(diagnostic)
    }

    /// A registration failure, unless a client ID arrived already.
    private func publishRegistrationFailure(_ message: String, vendorCode: PushError.VendorCode?) {
        guard !state.withLock({ $0.registered }) else { return }
        sink.publish(
            .registrationFailed(
                .init(
                    provider: .getui, error: PushError(.providerFailure, field: "registration", message, vendorCode: vendorCode))))
    }

    /// `GeTuiSdkNotificationCenter:willPresentNotification:completionHandler:`: iOS's method 4;
    /// `completionHandler` gets the app's presentation options (`UNNotificationPresentationOptions`
    /// bits) exactly once, or none at once for something that is not a notification (reported as a
    /// `PushDiagnostic/Code/unreadablePayload` diagnostic).
    public func geTuiSdkNotificationCenter(willPresent notification: GetuiNotificationInfo, completionHandler: @escaping @Sendable (Int) -> Void) {
        let complete = ExactlyOnce(completionHandler)
        guard let note = notification.notification(by: GetuiDefinition(), in: GetuiCallbackName.willPresent, reportingTo: sink) else {
            complete.complete(0)
            return
        }
        sink.handle(
            CallbackInvocation(callback: .willPresent, state: .active, notification: note),
            completion: .presentation { [self] options in complete.complete(Int(context.systemOptions(options).rawValue)) })
    }

    /// `GeTuiSdkNotificationCenter:openSettingsForNotification:` (iOS 12+): the user asked for
    /// the app's notification settings — a `settingsRequested` event (`nil`: from Settings).
    public func geTuiSdkNotificationCenter(openSettingsFor notification: GetuiNotificationInfo?) {
        sink.publish(
            .settingsRequested(
                .init(notification: notification?.notification(by: GetuiDefinition(), in: GetuiCallbackName.openSettings, reportingTo: sink))))
    }

    /// `GeTuiSdkDidReceiveNotification:notificationCenter:response:fetchCompletionHandler:`: with a
    /// response, the user's tap or action (iOS 10+); without, the receipt (before iOS 10). Something
    /// that is not a notification is answered with `.noData` at once and reported as a
    /// `PushDiagnostic/Code/unreadablePayload` diagnostic.
    public func geTuiSdkDidReceiveNotification(
        _ notification: GetuiNotificationInfo, response: GetuiResponseInfo?, fetchCompletionHandler: (@Sendable (BackgroundFetchResult) -> Void)?
    ) {
        let fetch = fetchCompletionHandler.map(ExactlyOnce.init)
        guard let note = notification.notification(by: GetuiDefinition(), in: GetuiCallbackName.didReceiveNotification, reportingTo: sink) else {
            fetch?.complete(.noData)
            return
        }
        if let response {
            sink.handle(
                CallbackInvocation(
                    callback: .didReceiveResponse, state: context.applicationState(), action: response.action,
                    textInput: response.userText, notification: note),
                completion: .response { fetch?.complete(.noData) })
        } else {
            sink.handle(
                CallbackInvocation(callback: .didReceiveRemoteNotificationFetch, state: context.applicationState(), notification: note),
                completion: .fetch { result in fetch?.complete(result) })
        }
    }

    /// `GeTuiSdkDidReceiveSlience:fromGetui:offLine:appId:taskId:msgId:fetchCompletionHandler:`:
    /// a passthrough over Getui's socket (`fromGetui` YES) becomes a `message` event keeping
    /// `offLine`; an APNs content-available push (`fromGetui` NO, with an `aps` object) is iOS's
    /// method 3 in the current application state. The completion handler, when there is one, is
    /// completed exactly once: with the app's answer to the background work, or at once with
    /// `.noData` when there is no such work (a passthrough). An APNs push whose `aps` is not an
    /// object is kept as a passthrough, and reported as a `PushDiagnostic/Code/unreadablePayload`
    /// diagnostic.
    public func geTuiSdkDidReceiveSlience(
        _ userInfo: JSONObject, fromGetui: Bool, offLine: Bool, appID: String?, taskID: String?, msgID: String?,
        fetchCompletionHandler: (@Sendable (BackgroundFetchResult) -> Void)?
    ) {
        let fetch = fetchCompletionHandler.map(ExactlyOnce.init)
        // The SDK hands an APNs push over with its `userInfo` and Getui's task and message IDs
        // (when the push is Getui's): the message is named by its `_gmid_`, else by
        // `taskId:msgId`, else, like any `userInfo`, by its payload.
        if !fromGetui, userInfo["aps"] != nil {
            let handed = SystemNotification(userInfo: userInfo, identifier: Self.getuiID(taskID: taskID, msgID: msgID))
            do throws(PushError) {
                let note = try handed.read(by: GetuiDefinition())
                sink.handle(
                    CallbackInvocation(callback: .didReceiveRemoteNotificationFetch, state: context.applicationState(), notification: note),
                    completion: .fetch { result in fetch?.complete(result) })
                return
            } catch {
                // An `aps` that is not an object: kept, as a passthrough, and reported.
                sink.report(
                    PushDiagnostic(
                        code: .unreadablePayload,
                        notificationID: NotificationIdentity.derive(
                            payload: userInfo, identifier: handed.identifier, providerMessageID: GetuiDefinition().messageID(in: userInfo)),
                        message: "\(GetuiCallbackName.didReceiveSlience): the payload could not be read as a notification (\(error)); "
                            + "it was delivered as a passthrough message and its completion handler answered with .noData",
                        error: error))
                deliverPassthrough(payload: userInfo["payload"] ?? .object(userInfo), taskID: taskID, msgID: msgID, offline: offLine, reported: true)
                fetch?.complete(.noData)
                return
            }
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

    /// `GeTuiSdkDidAliasAction:result:sequenceNum:error:`: a failure keeps the error's domain and
    /// code as its `PushError/vendorCode`.
    public func geTuiSdkDidAliasAction(_ action: String, result: Bool, sequenceNum: String, error: PushError.VendorCode?) {
        guard let sequence = Self.sequence(sequenceNum) else { return }
        context.aliasReplies.resolve(
            sequence,
            result
                ? .success(AliasRequest.Outcome(alias: nil, sequence: sequence))
                : .failure(Self.failure(field: "alias", "Getui \(action) failed", error)))
    }

    /// `GeTuiSdkDidSetTagsAction:result:error:` (with the request's sequence number): a failure
    /// keeps the error's domain and code as its `PushError/vendorCode`.
    public func geTuiSdkDidSetTagsAction(_ sequenceNum: String, result: Bool, error: PushError.VendorCode?) {
        guard let sequence = Self.sequence(sequenceNum) else { return }
        context.tagReplies.resolve(
            sequence,
            result
                ? .success(TagsRequest.Outcome(sequence: sequence))
                : .failure(Self.failure(field: "tags", "Getui setTags failed", error)))
    }

    /// A reply's sequence number, read through `Int64` as the runtime reads integers, so that one
    /// copy of the standard library's integer parsing serves both (`Int`'s was 0.9 KB more).
    private static func sequence(_ text: String) -> Int? {
        Int64(text).flatMap { Int(exactly: $0) }
    }

    /// `GetuiSdkDidQueryTag:sequenceNum:error:`: a failure keeps the error's domain and code as
    /// its `PushError/vendorCode`.
    public func getuiSdkDidQueryTag(_ tags: [String], sequenceNum: String, error: PushError.VendorCode?) {
        guard let sequence = Self.sequence(sequenceNum) else { return }
        context.tagReplies.resolve(
            sequence,
            error.map { .failure(Self.failure(field: "tags", "Getui queryTag failed", $0)) }
                ?? .success(TagsRequest.Outcome(tags: Set(tags), sequence: sequence)))
    }

    /// What failed: one of Getui's alias or tag codes as ``GetuiResultCode`` names it (its
    /// meaning, domain `Getui`, whatever `NSError` domain the SDK used); any other error a
    /// `providerFailure` keeping the vendor's domain and code.
    private static func failure(field: String, _ what: String, _ error: PushError.VendorCode?) -> PushError {
        if let error, GetuiResultCode.meanings[error.code] != nil {
            let mapped = GetuiResultCode.error(error.code, field: field)
            return mapped.replacingMessage("\(what): \(mapped.message)")
        }
        return PushError(.providerFailure, field: field, "\(what) (\(error.map { "\($0)" } ?? "no reason given"))", vendorCode: error)
    }

    /// Delivers a passthrough as a `message` event named `taskId:msgId` — the identity of its APNs
    /// copy's `_gmid_` — whatever the shape of its content; a message without both IDs is named by
    /// its content. A passthrough its definition cannot read is still delivered, and reported as a
    /// `PushDiagnostic/Code/unreadableMessage` diagnostic (unless `reported`: the caller
    /// reported why already, so one input makes one diagnostic).
    func deliverPassthrough(payload: JSONValue, taskID: String?, msgID: String?, offline: Bool, reported: Bool = false) {
        var message: JSONObject = ["payload": payload]
        if let taskID { message["taskId"] = .string(taskID) }
        if let msgID { message["msgId"] = .string(msgID) }
        let sink = self.sink
        do throws(PushError) {
            sink.receive(try GetuiDefinition().readMessage(message, channel: .getuiPassthrough, offline: offline, field: "message"))
        } catch {
            let event = PushEvent.Message(
                transport: .getui, offline: offline, id: Self.getuiID(taskID: taskID, msgID: msgID) ?? NotificationIdentity.payloadHash(message),
                payload: message)
            if !reported { sink.report(.unreadableMessage(on: .getuiPassthrough, notificationID: event.id, error: error)) }
            sink.receive(event)
        }
    }

    /// `taskId:msgId` when both are present and non-empty.
    static func getuiID(taskID: String?, msgID: String?) -> String? {
        guard let taskID, let msgID, !taskID.isEmpty, !msgID.isEmpty else { return nil }
        return GetuiDefinition.messageID(taskID: taskID, messageID: msgID)
    }
}
