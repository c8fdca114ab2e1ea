import PushBridge
import PushBridgeAdapterSupport
import PushBridgeJPushDefinition
import PushBridgeProviderKit

/// The JPush (极光) adapter: turns the JPush SDK's callbacks into the same `PushEvent`s as plain
/// APNs, through the same normaliser, and carries out the app's commands with JPush's calls.
///
/// JPush installs itself as the notification-center delegate and forwards iOS's methods 4 and 5
/// to its `JPUSHRegisterDelegate` — the bridge's, which forwards them here
/// (``JPushBridgeDelegate``). The app keeps its own `UIApplicationDelegate` methods (1, 2, 3 and
/// the iOS 8–9 ones), which the UIKit glue hands to the client, and the client lets this provider
/// ``observe(_:)`` each. Every remote push the app is handed is reported to JPush with
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
    /// What every vendor adapter keeps (``VendorAdapterContext``): the app's closures, the iOS it
    /// runs on, time (the watchdogs, JPush's 10-requests-in-10-seconds rule), the SDK thread, the
    /// consent gate, the client's sink, and the alias and tag requests, one of each kind at a
    /// time (JPush answers a second one 6022 or 6021 while one is out).
    let context: VendorAdapterContext
    let state = Locked(State())

    /// What the provider remembers between callbacks.
    struct State {
        /// The last connection state published, so that only changes are.
        var connection: PushEvent.ConnectionState?
        /// The registration ID last published, so that a re-login with the same ID is not news
        /// (masked if the provider is ever dumped).
        var registrationID: SecretText?
        /// When each alias or tag request was made in the last 10 seconds (JPush's 6011 rule).
        var requestTimes: [Double] = []
        /// The next `seq` of a Live Activity registration.
        var nextLiveActivitySeq = 1
    }

    /// An adapter for JPush with these settings, talking to the SDK through `bridge`, whose
    /// delegate it becomes.
    ///
    /// - Parameters:
    ///   - settings: The app key, channel and environment.
    ///   - bridge: The SDK (`JPUSHServiceBridge` on a device, `MockJPushBridge` in tests).
    ///   - scheduler: Time, for the alias and tag watchdogs (30 s) and JPush's rate rule.
    ///   - systemVersion: The iOS the app runs on, for the presentation options the SDK hands
    ///     iOS (`IOSVersion.running` by default; before iOS 14 `banner` and `list` become
    ///     `alert`, as `PresentationAdapter` decides for every provider).
    ///   - sdkThread: Where `JCollectionAuth:`, `setupWithOption:…` and
    ///     `registerForRemoteNotificationConfig:delegate:` are called: the main thread on a device
    ///     (`SDKThread.platformDefault`). JPush registers with UIKit there and calls back on it
    ///     ("所有回调函数都在主线程运行", docs.jiguang.cn/jpush/client/iOS/ios_api), and its own
    ///     React Native module hops to the main queue to register (`jpush/jpush-react-native`
    ///     `RCTJPushModule.m`); JPush documents no thread for the other calls.
    ///   - advertisingIdentifier: The IDFA to hand JPush at `setupWithOption:…`, read then: the
    ///     app's closure returns it only when App Tracking Transparency allows it (`nil`, the
    ///     default, passes none). Never a setting: it differs per device.
    ///   - applicationState: The application state during a callback:
    ///     `UIApplication.shared.applicationState` on a device
    ///     (`JPUSHServiceBridge.currentApplicationState`).
    public init(
        settings: JPushSettings, bridge: any JPushBridge, scheduler: any PushScheduler = DispatchScheduler(),
        systemVersion: IOSVersion? = IOSVersion.running, sdkThread: SDKThread = .platformDefault,
        advertisingIdentifier: @escaping @Sendable () -> String? = { nil },
        applicationState: @escaping @Sendable () -> ApplicationState = { .active }
    ) {
        self.settings = settings
        self.bridge = bridge
        context = VendorAdapterContext(
            vendor: "JPush", scheduler: scheduler, systemVersion: systemVersion, sdkThread: sdkThread,
            advertisingIdentifier: advertisingIdentifier, applicationState: applicationState, oneAtATime: true)
        bridge.delegate = self
    }

    /// `.jpush`.
    public var id: PushProviderID { .jpush }

    var sink: PushEventSink { context.sink }

    /// Keeps the client's sink.
    public func attach(to sink: PushEventSink) { context.attach(to: sink) }

    /// How many alias requests wait for their turn (one is out at a time).
    func aliasQueueCount() -> Int { context.aliasReplies.queuedCount }
    /// How many tag requests wait for their turn (one is out at a time).
    func tagQueueCount() -> Int { context.tagReplies.queuedCount }

    /// Records the user's answer and tells JCore: `JCollectionAuth:` with `isAuth` (on the SDK
    /// thread, before `setupWithOption:…`, as `JGInforCollectionAuth.h` asks). Until it is
    /// `.granted`, every JPush call is refused with `PushError/Code/consentRequired`.
    public func setPrivacyConsent(_ consent: PrivacyConsent) throws(PushError) {
        context.consent.record(consent)
        let bridge = self.bridge
        context.sdkThread.run { bridge.setCollectionAuthorization(consent == .granted) }
    }

    /// `setupWithOption:appKey:channel:apsForProduction:advertisingIdentifier:` with the launch
    /// options (JPush reads a launch notification from them itself) and the advertising
    /// identifier the app's closure returns now, on the SDK thread.
    ///
    /// - Throws: `PushError/Code/consentRequired` before the user accepted the privacy policy;
    ///   nothing is called then.
    public func start(_ request: PushStartRequest) throws(PushError) {
        try context.requireConsent(for: "start")
        let (bridge, settings, idfa) = (self.bridge, self.settings, context.advertisingIdentifier())
        context.sdkThread.run {
            bridge.setup(
                launchOptions: request.launchOptions, appKey: settings.appKey.revealed, channel: settings.channel,
                apsForProduction: settings.production ?? (SigningEnvironment.current == .production), advertisingIdentifier: idfa)
        }
    }

    /// `registerForRemoteNotificationConfig:delegate:` with the register entity for the request,
    /// on the SDK thread.
    ///
    /// - Throws: `PushError/Code/consentRequired` before the user accepted the privacy policy;
    ///   `PushError` (`unsupported`) naming each option (field `types`) or the categories (field
    ///   `categories`) the device's iOS lacks. Nothing is registered then.
    public func register(_ request: PushRegistrationRequest) throws(PushError) {
        try context.requireConsent(for: "register")
        let entity = try JPushRegisterEntity(request)
        let bridge = self.bridge
        context.sdkThread.run { bridge.registerForRemoteNotificationConfig(entity) }
    }

    /// `registerDeviceToken:` — withheld (and reported) before the user accepted the privacy
    /// policy, which cannot happen when JPush registered: the token comes after `register`.
    public func didRegisterForRemoteNotifications(_ request: DeviceTokenRequest) {
        guard context.mayCall("registerDeviceToken:") else { return }
        bridge.registerDeviceToken(request.token)
    }

    /// The app delegate's own callbacks (1, 2, 3 and the iOS 8–9 methods; 4 and 5 come through
    /// JPush's delegate): a remote push is reported to JPush with `handleRemoteNotification:`.
    ///
    /// The launch is not reported: JPush reads the launch notification from the launch options
    /// `start` passed to `setupWithOption:…`.
    public func observe(_ invocation: CallbackInvocation) {
        if invocation.callback != .didFinishLaunching, let note = invocation.notification, note.source == .remote,
            context.mayCall("handleRemoteNotification:", notificationID: note.id)
        {
            bridge.handleRemoteNotification(note.payload)
        }
    }

    /// `_j_msgid` (`JPushDefinition`).
    public func messageID(in payload: JSONObject) -> String? { JPushDefinition().messageID(in: payload) }

    /// JPush's SDK: `registerForRemoteNotificationConfig:delegate:` makes it the center's delegate.
    public var notificationCenterOwner: NotificationCenterOwner { .sdkReplacesDelegate }
}

/// What JPush's SDK does beyond the core: consent first (JCore's compliance call must come before
/// any other JPush call), the app's callbacks, `_j_msgid`, the center's delegate, aliases, tags,
/// the server badge, custom messages, VoIP and Live Activities (push tokens and push-to-start
/// tokens). No custom feedback: the client's `report` throws `unsupported`.
extension JPushProvider: ConsentGatedProvider, CallbackObservingProvider, MessageIdentifyingProvider,
    NotificationCenterOwningProvider, AliasAndTagsProvider, ServerBadgeProvider, OwnChannelProvider, VoIPProvider, LiveActivityProvider
{}
