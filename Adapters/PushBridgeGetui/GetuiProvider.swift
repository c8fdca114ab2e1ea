import PushBridge

/// The Getui (个推) adapter: turns the Getui SDK's callbacks — notifications, taps and the three
/// shapes of passthrough (透传) — into the same `PushEvent`s as plain APNs, through the same
/// normaliser, and carries out the app's commands with Getui's calls.
///
/// Every passthrough completion handler is completed exactly once; a message Getui delivers both
/// as an APNs notification and, later, offline over its socket (same taskId/msgId) yields one
/// event. Feedback action IDs are checked against 90001…90999 before anything is sent.
///
/// ```swift
/// let provider = GetuiProvider(settings: configuration.getui!, bridge: GeTuiSdkBridge())
/// let client = PushClient(provider: provider)
/// ```
public final class GetuiProvider: PushProvider {
    private let settings: GetuiSettings
    private let bridge: any GetuiBridge
    private let applicationState: @Sendable () -> ApplicationState
    private let state = Locked((sink: PushEventSink.discarding, registered: false))
    private let aliasReplies: SequencedReplies<AliasResult>
    private let tagReplies: SequencedReplies<TagsResult>

    /// An adapter for Getui with these settings, talking to the SDK through `bridge`.
    ///
    /// - Parameters:
    ///   - settings: The app ID, key and secret.
    ///   - bridge: The SDK (``MockGetuiBridge`` in tests).
    ///   - scheduler: Time, for the alias and tag watchdogs (30 s).
    ///   - applicationState: `UIApplication.shared.applicationState` on a device.
    public init(
        settings: GetuiSettings, bridge: any GetuiBridge, scheduler: any PushScheduler = DispatchScheduler(),
        applicationState: @escaping @Sendable () -> ApplicationState = { .active }
    ) {
        self.settings = settings
        self.bridge = bridge
        self.applicationState = applicationState
        aliasReplies = SequencedReplies(scheduler: scheduler, operation: "alias")
        tagReplies = SequencedReplies(scheduler: scheduler, operation: "tags")
    }

    /// `.getui`.
    public var kind: PushProviderKind { .getui }
    /// Aliases, tags, the server badge, custom feedback and passthrough messages.
    public var capabilities: PushCapabilities { [.alias, .tags, .serverBadge, .customFeedback, .ownChannelMessages] }

    private var sink: PushEventSink { state.withLock { $0.sink } }

    /// Keeps the client's sink.
    public func attach(to sink: PushEventSink) { state.withLock { $0.sink = sink } }

    /// `startSdkWithAppId:appKey:appSecret:delegate:launchingOptions:` with the launch options.
    public func start(_ request: PushStartRequest) throws(PushError) {
        bridge.startSdk(
            appID: settings.appID.revealed, appKey: settings.appKey.revealed, appSecret: settings.appSecret.revealed,
            launchingOptions: request.launchOptions)
    }

    /// `registerRemoteNotification:`, after checking the options against the device's iOS.
    public func register(_ request: PushRegistrationRequest) throws(PushError) {
        try request.checkOptionsAvailable()
        bridge.registerRemoteNotification(request.options.rawValue)
    }

    /// Nothing: Getui forwards the device token itself (since SDK 2.5.2.0).
    public func didRegisterForRemoteNotifications(_ request: DeviceTokenRequest) {}

    /// The app delegate's own callbacks pass to the client (Getui hooks the delegate itself).
    public func handle(_ invocation: CallbackInvocation, completion: SystemCompletion?) {
        sink.handle(invocation, completion: completion)
    }

    // MARK: GeTuiSdkDelegate

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

    /// `GeTuiSdkNotificationCenter:willPresentNotification:completionHandler:` (answers
    /// `UNNotificationPresentationOptions` bits).
    public func geTuiSdkNotificationCenter(willPresent notification: GetuiNotificationInfo, completionHandler: @escaping @Sendable (Int) -> Void) {
        guard let note = notification.notification else { return completionHandler(0) }
        sink.handle(
            CallbackInvocation(callback: .willPresent, state: .active, notification: note),
            completion: .presentation { options in completionHandler(Int(options.rawValue)) })
    }

    /// `GeTuiSdkDidReceiveNotification:notificationCenter:response:fetchCompletionHandler:`: with a
    /// response, the user's tap or action (iOS 10+); without, the receipt (before iOS 10).
    public func geTuiSdkDidReceiveNotification(
        _ notification: GetuiNotificationInfo, response: GetuiResponseInfo?, fetchCompletionHandler: (@Sendable (BackgroundFetchResult) -> Void)?
    ) {
        let fetch = fetchCompletionHandler.map(ExactlyOnce.init)
        guard let note = notification.notification else {
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
    /// a passthrough over Getui's socket (`fromGetui`), or an APNs content-available push. Its
    /// completion handler, when there is one, is completed exactly once. `identifier` is the
    /// notification's identity when the caller knows one (a simulation); the SDK gives none.
    public func geTuiSdkDidReceiveSlience(
        _ userInfo: JSONObject, fromGetui: Bool, offLine: Bool, appID: String?, taskID: String?, msgID: String?,
        fetchCompletionHandler: (@Sendable (BackgroundFetchResult) -> Void)?, identifier: String? = nil
    ) {
        let fetch = fetchCompletionHandler.map(ExactlyOnce.init)
        if !fromGetui, userInfo["aps"] != nil, let note = SDKNotification(userInfo: userInfo, identifier: identifier).notification {
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

    // MARK: Commands

    /// `bindAlias:andSequenceNum:` / `unbindAlias:andSequenceNum:andIsSelf:`; Getui cannot read
    /// the alias back.
    public func alias(_ request: AliasRequest) async throws(PushError) -> AliasResult {
        let bridge = self.bridge
        switch request.operation {
        case .set(let alias):
            guard !alias.isEmpty else { throw PushError(.outOfRange, field: "alias", "is empty") }
            var result = try await aliasReplies.send { seq in bridge.bindAlias(alias.revealed, sequenceNum: String(seq)) }
            result.alias = alias
            return result
        case .delete(let alias):
            guard let alias, !alias.isEmpty else { throw PushError(.outOfRange, field: "alias", "Getui unbinds a named alias: give it") }
            return try await aliasReplies.send { seq in bridge.unbindAlias(alias.revealed, sequenceNum: String(seq), isSelf: true) }
        case .get:
            throw unsupported("reading the alias back")
        }
    }

    /// `setTags:andSequenceNum:` (the whole set: `.set` and `.clean`) and `queryTag:` (`.getAll`).
    public func tags(_ request: TagsRequest) async throws(PushError) -> TagsResult {
        let bridge = self.bridge
        switch request.operation {
        case .set(let tags):
            return try await setTags(Array(tags).sorted(), bridge: bridge)
        case .clean:
            return try await setTags([], bridge: bridge)
        case .getAll:
            return try await tagReplies.send { seq in bridge.queryTag(sequenceNum: String(seq)) }
        case .add, .delete, .validate:
            throw unsupported("adding, deleting or checking single tags (Getui replaces the whole set: use .set)")
        }
    }

    private func setTags(_ tags: [String], bridge: any GetuiBridge) async throws(PushError) -> TagsResult {
        let replies = tagReplies
        var result = try await replies.send { seq in
            if !bridge.setTags(tags, sequenceNum: String(seq)) {
                replies.resolve(seq, .failure(PushError(.providerFailure, field: "tags", "Getui did not accept the tags")))
            }
        }
        result.tags = Set(tags)
        return result
    }

    /// `setBadge:` (or `resetBadge` for 0).
    public func setBadge(_ request: BadgeRequest) throws(PushError) {
        guard request.value >= 0 else { throw PushError(.outOfRange, field: "badge", "\(request.value) is negative") }
        request.value == 0 ? bridge.resetBadge() : bridge.setBadge(request.value)
    }

    /// `sendFeedbackMessage:andTaskId:andMsgId:` for an action ID from 90001 to 90999.
    ///
    /// The receipt says whether the SDK *submitted* the report — not that Getui's server
    /// received it (Getui gives no acknowledgement).
    ///
    /// - Throws: `PushError` (`PushError/Code/outOfRange`) for an action ID outside
    ///   90001…90999, or (`PushError/Code/invalidPayload`) for a message ID that is not
    ///   `taskId:msgId`; nothing is sent then.
    public func report(_ request: FeedbackRequest) throws(PushError) -> FeedbackReceipt {
        guard case .custom(let actionID) = request.action, GetuiFeedback.actionIDs.contains(actionID) else {
            let shown: String
            if case .custom(let actionID) = request.action { shown = String(actionID) } else { shown = "the action" }
            throw PushError(.outOfRange, field: "actionId", "\(shown) is outside 90001…90999 (nothing was sent)")
        }
        let parts = request.messageID.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw PushError(.invalidPayload, field: "messageID", "expected taskId:msgId (nothing was sent)")
        }
        return FeedbackReceipt(submitted: bridge.sendFeedbackMessage(actionID, taskID: String(parts[0]), msgID: String(parts[1])))
    }

    // MARK: Helpers

    private func deliverPassthrough(payload: JSONValue, taskID: String?, msgID: String?, offline: Bool) {
        var message: JSONObject = ["payload": payload]
        if let taskID { message["taskId"] = .string(taskID) }
        if let msgID { message["msgId"] = .string(msgID) }
        let event = (try? PushEvent.Message(getuiPassthrough: message, offline: offline))
            ?? PushEvent.Message(transport: .getui, offline: offline, id: NotificationIdentity.payloadHash(message), payload: message)
        sink.deliver(event)
    }
}

/// A user's response as `GeTuiSdkDidReceiveNotification:…response:` hands it.
public struct GetuiResponseInfo: Sendable, Hashable {
    /// `actionIdentifier`.
    public var actionIdentifier: String
    /// `userText`, for a text-input action.
    public var userText: String?

    /// A response from its parts.
    public init(actionIdentifier: String = ResponseAction.defaultIdentifier, userText: String? = nil) {
        self.actionIdentifier = actionIdentifier
        self.userText = userText
    }
}
