import PushBridge

/// The JPush (极光) adapter: turns the JPush SDK's callbacks into the same `PushEvent`s as plain
/// APNs, through the same normaliser, and carries out the app's commands with JPush's calls.
///
/// JPush installs itself as the notification-center delegate and forwards iOS's methods 4 and 5
/// to its `JPUSHRegisterDelegate` — the bridge's, which forwards them here
/// (``JPushBridgeDelegate``). The app keeps its own `UIApplicationDelegate` methods (1, 2, 3 and
/// the iOS 8–9 ones), forwarded through `PushClient.handle(_:completion:)` to
/// `handle(_:completion:)`. Every remote push the app is handed is reported to JPush with
/// `handleRemoteNotification:`, as JPush requires; every completion handler JPush passes in is
/// completed exactly once. Custom messages (`kJPFNetworkDidReceiveMessageNotification`) become
/// `message` events; the registration ID after login a (masked) `registered` event.
///
/// The provider makes itself its bridge's delegate when it is created; the bridge holds it
/// weakly, and the client keeps it alive.
///
/// ```swift
/// let provider = JPushProvider(
///     settings: try configuration.require(\.jpush, "jpush"), bridge: try JPUSHServiceBridge(),
///     applicationState: JPUSHServiceBridge.currentApplicationState)
/// let client = PushClient(provider: provider)
/// ```
public final class JPushProvider: PushProvider, JPushBridgeDelegate {
    let settings: JPushSettings
    let bridge: any JPushBridge
    let applicationState: @Sendable () -> ApplicationState
    /// The iOS the app runs on (`nil`: not iOS, the options pass unchanged).
    let systemVersion: IOSVersion?

    /// The options to hand the SDK's completion handler for the running iOS.
    func systemOptions(_ options: PresentationOptions) -> PresentationOptions {
        guard let systemVersion else { return options }
        return PresentationAdapter.systemOptions(options, on: systemVersion)
    }
    let state = Locked(State())
    let aliasReplies: SequencedReplies<AliasResult>
    let tagReplies: SequencedReplies<TagsResult>

    /// What the provider remembers between callbacks.
    struct State {
        /// The client's sink.
        var sink = PushEventSink.discarding
        /// The last connection state published, so that only changes are.
        var connection: ProviderConnectionState?
        /// The registration ID last published, so that a re-login with the same ID is not news
        /// (masked if the provider is ever dumped).
        var registrationID: SecretText?
    }

    /// An adapter for JPush with these settings, talking to the SDK through `bridge`, whose
    /// delegate it becomes.
    ///
    /// - Parameters:
    ///   - settings: The app key, channel, environment and advertising identifier.
    ///   - bridge: The SDK (`JPUSHServiceBridge` on a device, `MockJPushBridge` in tests).
    ///   - scheduler: Time, for the alias and tag watchdogs (30 s).
    ///   - systemVersion: The iOS the app runs on, for the presentation options the SDK hands
    ///     iOS (`IOSVersion.running` by default; before iOS 14 `banner` and `list` become
    ///     `alert`, as `PresentationAdapter` decides for every provider).
    ///   - applicationState: The application state during a callback:
    ///     `UIApplication.shared.applicationState` on a device
    ///     (`JPUSHServiceBridge.currentApplicationState`).
    public init(
        settings: JPushSettings, bridge: any JPushBridge, scheduler: any PushScheduler = DispatchScheduler(),
        systemVersion: IOSVersion? = IOSVersion.running, applicationState: @escaping @Sendable () -> ApplicationState = { .active }
    ) {
        self.settings = settings
        self.bridge = bridge
        self.systemVersion = systemVersion
        self.applicationState = applicationState
        aliasReplies = SequencedReplies(scheduler: scheduler, operation: "alias")
        tagReplies = SequencedReplies(scheduler: scheduler, operation: "tags")
        bridge.delegate = self
    }

    /// `.jpush`.
    public var kind: PushProviderID { .jpush }
    /// Aliases, tags, the server badge and custom messages; no custom feedback (`report` throws
    /// `unsupported`).
    public var capabilities: PushCapabilities { [.alias, .tags, .serverBadge, .ownChannelMessages] }

    var sink: PushEventSink { state.withLock { $0.sink } }

    /// Keeps the client's sink.
    public func attach(to sink: PushEventSink) { state.withLock { $0.sink = sink } }

    /// `setupWithOption:appKey:channel:apsForProduction:advertisingIdentifier:` with the launch
    /// options (JPush reads a launch notification from them itself).
    public func start(_ request: PushStartRequest) throws(PushError) {
        bridge.setup(
            launchOptions: request.launchOptions, appKey: settings.appKey.revealed, channel: settings.channel,
            apsForProduction: settings.production, advertisingIdentifier: settings.advertisingIdentifier?.revealed)
    }

    /// `registerForRemoteNotificationConfig:delegate:` with the register entity for the request.
    ///
    /// - Throws: `PushError` (`unsupported`) naming each option (field `types`) or the categories
    ///   (field `categories`) the device's iOS lacks; nothing is registered then.
    public func register(_ request: PushRegistrationRequest) throws(PushError) {
        bridge.registerForRemoteNotificationConfig(try JPushRegisterEntity(request))
    }

    /// `registerDeviceToken:`.
    public func didRegisterForRemoteNotifications(_ request: DeviceTokenRequest) {
        bridge.registerDeviceToken(request.token)
    }

    /// The app delegate's own callbacks (1, 2, 3 and the iOS 8–9 methods; 4 and 5 come through
    /// JPush's delegate): a remote push is reported to JPush with `handleRemoteNotification:`.
    ///
    /// The launch is not reported: JPush reads the launch notification from the launch options
    /// `start` passed to `setupWithOption:…`.
    public func observe(_ invocation: CallbackInvocation) {
        if invocation.callback != .didFinishLaunching, let note = invocation.notification, note.source == .remote {
            bridge.handleRemoteNotification(note.payload)
        }
    }

    /// `_j_msgid` (``JPushDefinition``).
    public func messageID(in payload: JSONObject) -> String? { JPushDefinition().messageID(in: payload) }

    /// JPush's SDK: `registerForRemoteNotificationConfig:delegate:` makes it the center's delegate.
    public var notificationCenterOwner: NotificationCenterOwner { .sdkReplacesDelegate }
}
