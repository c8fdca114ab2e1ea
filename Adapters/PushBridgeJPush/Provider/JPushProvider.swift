import PushBridge

/// The JPush (极光) adapter: turns the JPush SDK's callbacks into the same `PushEvent`s as plain
/// APNs, through the same normaliser, and carries out the app's commands with JPush's calls.
///
/// JPush installs itself as the notification-center delegate and forwards to its
/// `JPUSHRegisterDelegate`, whose methods the real bridge's shim forwards here
/// (``jpushNotificationCenter(willPresent:completionHandler:)``,
/// ``jpushNotificationCenter(didReceive:completionHandler:)``); the app keeps its own
/// `application:didReceiveRemoteNotification:fetchCompletionHandler:`, forwarded through
/// `PushClient/handle(_:completion:)`. Every push receipt is reported with
/// `handleRemoteNotification:`, as JPush requires.
///
/// ```swift
/// let provider = JPushProvider(settings: configuration.jpush!, bridge: JPUSHServiceBridge())
/// let client = PushClient(provider: provider)
/// ```
public final class JPushProvider: PushProvider {
    private let settings: JPushSettings
    private let bridge: any JPushBridge
    private let applicationState: @Sendable () -> ApplicationState
    private let sink = Locked(PushEventSink.discarding)
    private let aliasReplies: SequencedReplies<AliasResult>
    private let tagReplies: SequencedReplies<TagsResult>

    /// An adapter for JPush with these settings, talking to the SDK through `bridge`.
    ///
    /// - Parameters:
    ///   - settings: The app key, channel and environment.
    ///   - bridge: The SDK (``MockJPushBridge`` in tests).
    ///   - scheduler: Time, for the alias and tag watchdogs (30 s).
    ///   - applicationState: `UIApplication.shared.applicationState` on a device.
    public init(
        settings: JPushSettings, bridge: any JPushBridge, scheduler: any PushScheduler = DispatchScheduler(),
        applicationState: @escaping @Sendable () -> ApplicationState = { .active }
    ) {
        self.settings = settings
        self.bridge = bridge
        self.applicationState = applicationState
        aliasReplies = SequencedReplies(scheduler: scheduler, operation: "alias")
        tagReplies = SequencedReplies(scheduler: scheduler, operation: "tags")
    }

    /// `.jpush`.
    public var kind: PushProviderKind { .jpush }
    /// Aliases, tags, the server badge and custom messages; no custom feedback.
    public var capabilities: PushCapabilities { [.alias, .tags, .serverBadge, .ownChannelMessages] }

    /// Keeps the client's sink.
    public func attach(to sink: PushEventSink) { self.sink.withLock { $0 = sink } }

    /// `setupWithOption:appKey:channel:apsForProduction:advertisingIdentifier:` with the launch options.
    public func start(_ request: PushStartRequest) throws(PushError) {
        bridge.setup(
            launchOptions: request.launchOptions, appKey: settings.appKey.revealed, channel: settings.channel,
            apsForProduction: settings.production, advertisingIdentifier: settings.advertisingIdentifier?.revealed)
    }

    /// `registerForRemoteNotificationConfig:delegate:` with the register entity for the request.
    ///
    /// - Throws: `PushError` naming an option or the categories the device's iOS lacks.
    public func register(_ request: PushRegistrationRequest) throws(PushError) {
        bridge.registerForRemoteNotificationConfig(try JPushRegisterEntity(request))
    }

    /// `registerDeviceToken:`.
    public func didRegisterForRemoteNotifications(_ request: DeviceTokenRequest) {
        bridge.registerDeviceToken(request.token)
    }

    /// The app delegate's own callbacks: a remote push receipt is reported to JPush, then passed on.
    public func handle(_ invocation: CallbackInvocation, completion: SystemCompletion?) {
        if let note = invocation.notification, note.source == .remote, invocation.callback != .didFinishLaunching {
            bridge.handleRemoteNotification(note.payload)
        }
        sink.withLock { $0 }.handle(invocation, completion: completion)
    }

    // MARK: JPUSHRegisterDelegate

    /// `jpushNotificationCenter:willPresentNotification:withCompletionHandler:` (answers
    /// `UNNotificationPresentationOptions` bits as an `NSInteger`).
    public func jpushNotificationCenter(
        willPresent notification: JPushNotificationInfo, completionHandler: @escaping @Sendable (Int) -> Void
    ) {
        guard let note = notification.notification else { return completionHandler(0) }
        if notification.isRemote { bridge.handleRemoteNotification(notification.userInfo) }
        sink.withLock { $0 }.handle(
            CallbackInvocation(callback: .willPresent, state: .active, notification: note),
            completion: .presentation { options in completionHandler(Int(options.rawValue)) })
    }

    /// `jpushNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:`.
    public func jpushNotificationCenter(didReceive response: JPushResponseInfo, completionHandler: @escaping @Sendable () -> Void) {
        guard let note = response.notification.notification else { return completionHandler() }
        if response.notification.isRemote { bridge.handleRemoteNotification(response.notification.userInfo) }
        sink.withLock { $0 }.handle(
            CallbackInvocation(
                callback: .didReceiveResponse, state: applicationState(), action: ResponseAction(identifier: response.actionIdentifier),
                textInput: response.userText, notification: note),
            completion: .response(completionHandler))
    }

    /// `jpushNotificationCenter:openSettingsForNotification:` (iOS 12+): the user opened the
    /// app's notification settings; not a notification event (the app shows its settings).
    public func jpushNotificationCenter(openSettingsFor notification: JPushNotificationInfo?) {}

    /// `jpushNotificationAuthorization:withInfo:`: a denial is a registration failure.
    public func jpushNotificationAuthorization(_ status: JPushAuthorizationStatus) {
        guard status == .denied else { return }
        sink.withLock { $0 }.publish(.registrationFailed(.init(
            provider: .jpush, error: PushError(.providerFailure, field: "authorization", "the user did not allow notifications"))))
    }

    // MARK: NSNotificationCenter

    /// A JPush network notification: connection state, login (the registration ID), failures
    /// and custom messages.
    public func networkNotification(_ name: JPushNetworkNotification, userInfo: JSONObject? = nil) {
        let sink = self.sink.withLock { $0 }
        switch name {
        case .isConnecting, .didSetup:
            sink.publish(.providerState(.init(provider: .jpush, state: .connecting)))
        case .didClose:
            sink.publish(.providerState(.init(provider: .jpush, state: .offline)))
        case .didRegister:
            break
        case .didLogin:
            sink.publish(.providerState(.init(provider: .jpush, state: .online)))
            if let id = bridge.registrationID, !id.isEmpty {
                sink.publish(.registered(.init(provider: .jpush, identifier: SecretText(id))))
            } else {
                sink.publish(.registrationFailed(.init(
                    provider: .jpush, error: PushError(.providerFailure, field: "registrationID", "empty after login"))))
            }
        case .failedRegister, .serviceError:
            sink.publish(.registrationFailed(.init(
                provider: .jpush, error: PushError(.providerFailure, field: "registration", "JPush reported \(name.rawValue)"))))
        case .didReceiveMessage:
            let message = userInfo ?? JSONObject()
            let event = (try? PushEvent.Message(jpushCustomMessage: message))
                ?? PushEvent.Message(transport: .jpush, offline: false, id: NotificationIdentity.payloadHash(message), payload: message)
            sink.deliver(event)
        }
    }

    // MARK: Alias, tags, badge

    /// `setAlias:`/`deleteAlias:`/`getAlias:` with a sequence number; JPush's result code mapped.
    public func alias(_ request: AliasRequest) async throws(PushError) -> AliasResult {
        let bridge = self.bridge
        let replies = aliasReplies
        let reply: @Sendable (Int, String?, Int) -> Void = { code, alias, seq in
            replies.resolve(seq, JPushResultCode.error(code, field: "alias").map { .failure($0) }
                ?? .success(AliasResult(alias: alias.map { SecretText($0) }, sequence: seq)))
        }
        switch request.operation {
        case .set(let alias):
            try Self.checkLength(alias.revealed, field: "alias", code: 6004, empty: 6003)
            return try await replies.send { seq in bridge.setAlias(alias.revealed, seq: seq, completion: reply) }
        case .delete:
            return try await replies.send { seq in bridge.deleteAlias(seq: seq, completion: reply) }
        case .get:
            return try await replies.send { seq in bridge.getAlias(seq: seq, completion: reply) }
        }
    }

    /// The tag calls with a sequence number; JPush's result code mapped.
    public func tags(_ request: TagsRequest) async throws(PushError) -> TagsResult {
        let bridge = self.bridge
        let replies = tagReplies
        let reply: @Sendable (Int, Set<String>?, Int) -> Void = { code, tags, seq in
            replies.resolve(seq, JPushResultCode.error(code, field: "tags").map { .failure($0) } ?? .success(TagsResult(tags: tags, sequence: seq)))
        }
        switch request.operation {
        case .add(let tags), .set(let tags), .delete(let tags):
            guard tags.count <= JPushResultCode.maxTags else {
                throw JPushResultCode.error(6007, field: "tags") ?? PushError(.outOfRange, field: "tags", "too many")
            }
            for tag in tags { try Self.checkLength(tag, field: "tags", code: 6006, empty: 6005) }
            let operation: JPushTagOperation =
                switch request.operation {
                case .add: .add
                case .set: .set
                default: .delete
                }
            return try await replies.send { seq in bridge.tags(operation, tags, seq: seq, completion: reply) }
        case .clean:
            return try await replies.send { seq in bridge.cleanTags(seq: seq, completion: reply) }
        case .getAll:
            return try await replies.send { seq in bridge.getAllTags(seq: seq, completion: reply) }
        case .validate(let tag):
            try Self.checkLength(tag, field: "tags", code: 6006, empty: 6005)
            return try await replies.send { seq in
                bridge.validTag(tag, seq: seq) { code, tags, seq, isBind in
                    replies.resolve(seq, JPushResultCode.error(code, field: "tags").map { .failure($0) }
                        ?? .success(TagsResult(tags: tags, isBound: isBind, sequence: seq)))
                }
            }
        }
    }

    /// `setBadge:` (or `resetBadge` for 0): the server-side badge only.
    public func setBadge(_ request: BadgeRequest) throws(PushError) {
        guard request.value >= 0 else { throw PushError(.outOfRange, field: "badge", "\(request.value) is negative") }
        if request.value == 0 {
            bridge.resetBadge()
        } else if !bridge.setBadge(request.value) {
            throw PushError(.providerFailure, field: "badge", "JPush did not accept \(request.value)")
        }
    }

    // MARK: Helpers

    /// Rejects, before sending, what JPush would reject: an empty value or one over 40 UTF-8 bytes.
    private static func checkLength(_ value: String, field: String, code: Int, empty: Int) throws(PushError) {
        if value.isEmpty { throw JPushResultCode.error(empty, field: field) ?? PushError(.outOfRange, field: field, "empty") }
        if value.utf8.count > JPushResultCode.maxBytes {
            throw JPushResultCode.error(code, field: field) ?? PushError(.outOfRange, field: field, "too long")
        }
    }
}
