import PushBridge

/// The Getui (个推) adapter: turns the Getui SDK's callbacks — notifications, taps and the three
/// shapes of passthrough (透传) — into the same `PushEvent`s as plain APNs, through the same
/// normaliser, and carries out the app's commands with Getui's calls.
///
/// Every completion handler Getui passes in is completed exactly once; a message Getui delivers
/// both as an APNs notification and, later, offline over its socket (same taskId/msgId) yields one
/// event. Feedback action IDs are checked against 90001…90999 before anything is sent. Client IDs
/// and aliases appear masked in every event, description and error.
///
/// The provider makes itself its bridge's delegate (``GetuiBridgeDelegate``) when it is created;
/// the bridge holds it weakly, and the client keeps it alive.
///
/// ```swift
/// let provider = GetuiProvider(
///     settings: try configuration.require(\.getui, "getui"), bridge: try GeTuiSdkBridge(),
///     applicationState: GeTuiSdkBridge.currentApplicationState)
/// let client = PushClient(provider: provider)
/// ```
public final class GetuiProvider: PushProvider, GetuiBridgeDelegate {
    let settings: GetuiSettings
    let bridge: any GetuiBridge
    let applicationState: @Sendable () -> ApplicationState
    /// The iOS the app runs on (`nil`: not iOS, the options pass unchanged).
    let systemVersion: IOSVersion?

    /// The options to hand the SDK's completion handler for the running iOS.
    func systemOptions(_ options: PresentationOptions) -> PresentationOptions {
        guard let systemVersion else { return options }
        return PresentationAdapter.systemOptions(options, on: systemVersion)
    }
    let state = Locked((sink: PushEventSink.discarding, registered: false))
    let aliasReplies: SequencedReplies<AliasResult>
    let tagReplies: SequencedReplies<TagsResult>

    /// An adapter for Getui with these settings, talking to the SDK through `bridge`, whose
    /// delegate it becomes.
    ///
    /// - Parameters:
    ///   - settings: The app ID, key and secret.
    ///   - bridge: The SDK (`MockGetuiBridge` in tests).
    ///   - scheduler: Time, for the alias and tag watchdogs (30 s).
    ///   - systemVersion: The iOS the app runs on, for the presentation options the SDK hands
    ///     iOS (`IOSVersion.running` by default; before iOS 14 `banner` and `list` become
    ///     `alert`, as `PresentationAdapter` decides for every provider).
    ///   - applicationState: The application state during a callback:
    ///     `UIApplication.shared.applicationState` on a device.
    public init(
        settings: GetuiSettings, bridge: any GetuiBridge, scheduler: any PushScheduler = DispatchScheduler(),
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

    /// `.getui`.
    public var kind: PushProviderID { .getui }
    /// Aliases, tags, the server badge, custom feedback and passthrough messages.
    public var capabilities: PushCapabilities { [.alias, .tags, .serverBadge, .customFeedback, .ownChannelMessages] }

    var sink: PushEventSink { state.withLock { $0.sink } }

    /// Keeps the client's sink.
    public func attach(to sink: PushEventSink) { state.withLock { $0.sink = sink } }

    /// `startSdkWithAppId:appKey:appSecret:delegate:launchingOptions:` with the launch options.
    public func start(_ request: PushStartRequest) throws(PushError) {
        bridge.startSdk(
            appID: settings.appID.revealed, appKey: settings.appKey.revealed, appSecret: settings.appSecret.revealed,
            launchingOptions: request.launchOptions)
    }

    /// `registerRemoteNotification:`, after checking the options against the device's iOS.
    ///
    /// Getui's call takes the options only: the request's categories are the app's to set with
    /// `UNUserNotificationCenter.setNotificationCategories(_:)`, as with plain APNs.
    ///
    /// - Throws: `PushError` naming an option the device's iOS lacks; nothing is registered then.
    public func register(_ request: PushRegistrationRequest) throws(PushError) {
        try request.checkOptionsAvailable()
        bridge.registerRemoteNotification(request.options.rawValue)
    }

    /// Nothing: Getui registered through `registerRemoteNotification:` and forwards the device
    /// token itself (since SDK 2.5.2.0). Harmless to call.
    public func didRegisterForRemoteNotifications(_ request: DeviceTokenRequest) {}

    /// The app delegate's own callbacks (those Getui leaves to the app: launch, the iOS 8–9
    /// methods) need nothing from Getui.
    ///
    /// `handleRemoteNotification:` is not called: Getui's manual receipt is for apps that register
    /// without `registerRemoteNotification:`, and this adapter registers with it, so the SDK hooks
    /// the delegate methods and reports receipts itself.
    public func observe(_ invocation: CallbackInvocation) {}

    /// `taskId:msgId` from `_gmid_` (``GetuiDefinition``).
    public func messageID(in payload: JSONObject) -> String? { GetuiDefinition().messageID(in: payload) }

    /// Getui's SDK: `registerRemoteNotification:` makes it the center's delegate.
    public var notificationCenterOwner: NotificationCenterOwner { .sdkHooksDelegate }
}
