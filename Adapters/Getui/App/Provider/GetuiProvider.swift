import PushBridge
import PushBridgeAdapterSupport
import PushBridgeGetuiDefinition
import PushBridgeProviderKit

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
    /// What every vendor adapter keeps (``VendorAdapterContext``): the app's closures, the iOS it
    /// runs on, time (the watchdogs, Getui's time rules: 30001, 20002), the SDK thread, the
    /// consent gate, the client's sink, and the alias and tag requests.
    let context: VendorAdapterContext
    /// How many `setTags` may succeed in 24 hours (Getui's default: one).
    let tagSetsPerDay: Int
    let state = Locked(State())

    /// What the provider remembers between calls.
    struct State {
        /// Whether a client ID arrived.
        var registered = false
        /// Whether the SDK was started.
        var started = false
        /// Whether a withdrawal asked Getui's server to stop pushing (`setPushModeForOff:` YES).
        var pushedOff = false
        /// When `bindAlias` was last sent (Getui's 5-second rule).
        var lastBind: Double?
        /// When `setTags` succeeded in the last 24 hours (Getui's once-a-day rule).
        var tagSetSuccesses: [Double] = []
        /// The Live Activity registrations Getui has not answered, by sequence number.
        var liveActivityRequests: [String: PushTokenKind] = [:]
        /// The next Live Activity sequence number.
        var nextLiveActivitySeq = 1
    }

    /// An adapter for Getui with these settings, talking to the SDK through `bridge`, whose
    /// delegate it becomes.
    ///
    /// - Parameters:
    ///   - settings: The app ID, key and secret.
    ///   - bridge: The SDK (`GeTuiSdkBridge` on a device, `MockGetuiBridge` in tests).
    ///   - scheduler: Time, for the alias and tag watchdogs (30 s) and Getui's time rules.
    ///   - systemVersion: The iOS the app runs on, for the presentation options the SDK hands
    ///     iOS (`IOSVersion.running` by default; before iOS 14 `banner` and `list` become
    ///     `alert`, as `PresentationAdapter` decides for every provider).
    ///   - sdkThread: Where `setIDFA:`, `startSdkWithAppId:…` and `registerRemoteNotification:`
    ///     are called: the main thread on a device (`SDKThread.platformDefault`), as Getui
    ///     documents for the last two ("该方法需要在主线程中调用", docs.getui.com/getui/mobile/ios/api/).
    ///   - advertisingIdentifier: The IDFA to hand Getui (`setIDFA:`, before it starts), read
    ///     then: the app's closure returns it only when App Tracking Transparency allows it
    ///     (`nil`, the default, sets none).
    ///   - tagSetsPerDay: How many `setTags` may succeed in 24 hours: Getui's default is one
    ///     (``GetuiResultCode/tagSetsPerDay``); Getui can raise it for an app.
    ///   - applicationState: The application state during a callback:
    ///     `UIApplication.shared.applicationState` on a device.
    public init(
        settings: GetuiSettings, bridge: any GetuiBridge, scheduler: any PushScheduler = DispatchScheduler(),
        systemVersion: IOSVersion? = IOSVersion.running, sdkThread: SDKThread = .platformDefault,
        advertisingIdentifier: @escaping @Sendable () -> String? = { nil }, tagSetsPerDay: Int = GetuiResultCode.tagSetsPerDay,
        applicationState: @escaping @Sendable () -> ApplicationState = { .active }
    ) {
        self.settings = settings
        self.bridge = bridge
        self.tagSetsPerDay = tagSetsPerDay
        context = VendorAdapterContext(
            vendor: "Getui", scheduler: scheduler, systemVersion: systemVersion, sdkThread: sdkThread,
            advertisingIdentifier: advertisingIdentifier, applicationState: applicationState, oneAtATime: false)
        bridge.delegate = self
    }

    /// `.getui`.
    public var id: PushProviderID { .getui }

    var sink: PushEventSink { context.sink }

    /// Keeps the client's sink.
    public func attach(to sink: PushEventSink) { context.attach(to: sink) }

    /// Records the user's answer. Getui has no consent call on iOS: the rule is not to start the
    /// SDK without it (docs.getui.com/compliance/ido), so until it is `.granted` every Getui call
    /// is refused with `PushError/Code/consentRequired`. A withdrawal once the SDK started asks
    /// Getui's server to stop pushing to this client ID (`setPushModeForOff:` YES, `GeTuiSdk.h`
    /// 3.1.0.0 L112, "关闭消息推送"; it needs the SDK online, which the header says and this
    /// adapter cannot check), and a later grant in the same launch switches it back on. The
    /// running SDK is not destroyed: `+destroy` has no documented way back within the launch.
    public func setPrivacyConsent(_ consent: PrivacyConsent) throws(PushError) {
        context.consent.record(consent)
        let pushMode = state.withLock { state -> Bool? in
            guard state.started, state.pushedOff != (consent != .granted) else { return nil }
            state.pushedOff = consent != .granted
            return state.pushedOff
        }
        guard let off = pushMode else { return }
        let bridge = self.bridge
        context.sdkThread.run { bridge.setPushModeForOff(off) }
    }

    /// `setIDFA:` with the identifier the app's closure returns now (if any),
    /// `setApplicationGroupIdentifier:` with the request's app group when the configuration
    /// switches the notification service extension on (Getui's extension SDK reads what the app's
    /// SDK shares there: `GeTuiSdk.h` 3.1.0.0 L53), then
    /// `startSdkWithAppId:appKey:appSecret:delegate:launchingOptions:` with the launch options,
    /// on the SDK thread.
    ///
    /// - Throws: `PushError/Code/consentRequired` before the user accepted the privacy policy;
    ///   nothing is called then.
    public func start(_ request: PushStartRequest) throws(PushError) {
        try context.requireConsent(for: "start")
        state.withLock { $0.started = true }
        let (bridge, settings, idfa) = (self.bridge, self.settings, context.advertisingIdentifier())
        context.sdkThread.run {
            if let idfa { bridge.setIDFA(idfa) }
            // Before the SDK starts, so that it shares with the extension from its first
            // message (an inference: the header does not say when).
            if let group = request.appGroup { bridge.setApplicationGroupIdentifier(group) }
            bridge.startSdk(
                appID: settings.appID.revealed, appKey: settings.appKey.revealed, appSecret: settings.appSecret.revealed,
                launchingOptions: request.launchOptions)
        }
    }

    /// `registerRemoteNotification:`, after checking the options against the device's iOS.
    ///
    /// Getui's call takes the options only: the request's categories are the app's to set with
    /// `UNUserNotificationCenter.setNotificationCategories(_:)`, as with plain APNs.
    ///
    /// The answer comes back through `GetuiSdkGrantAuthorization:error:`: a refusal is a
    /// `registrationFailed` event.
    ///
    /// - Throws: `PushError/Code/consentRequired` before the user accepted the privacy policy;
    ///   `PushError` naming an option the device's iOS lacks. Nothing is registered then.
    public func register(_ request: PushRegistrationRequest) throws(PushError) {
        try context.requireConsent(for: "register")
        try request.checkOptionsAvailable()
        let (bridge, options) = (self.bridge, request.options.rawValue)
        context.sdkThread.run { bridge.registerRemoteNotification(options) }
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

    /// `taskId:msgId` from `_gmid_` (`GetuiDefinition`).
    public func messageID(in payload: JSONObject) -> String? { GetuiDefinition().messageID(in: payload) }

    /// Getui's SDK: `registerRemoteNotification:` makes it the center's delegate.
    public var notificationCenterOwner: NotificationCenterOwner { .sdkHooksDelegate }
}

/// What Getui's SDK does beyond the core: consent first (Getui must not start before the user
/// accepts the privacy policy), the app's callbacks and scenes, `_gmid_`, the center's delegate,
/// aliases, tags, the server badge, custom feedback, passthrough messages, VoIP and Live
/// Activities (push tokens and push-to-start tokens).
extension GetuiProvider: ConsentGatedProvider, CallbackObservingProvider, MessageIdentifyingProvider,
    NotificationCenterOwningProvider, AliasAndTagsProvider, ServerBadgeProvider, FeedbackProvider, OwnChannelProvider, VoIPProvider,
    LiveActivityProvider
{}
