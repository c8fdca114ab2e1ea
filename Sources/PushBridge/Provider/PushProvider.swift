/// What a push provider's adapter implements: the backend of ``PushClient``.
///
/// An implementation detail for app code, like a `LogHandler`: apps pick a provider by
/// configuration and talk to ``PushClient``. Implement it only to add a provider.
///
/// Every requirement takes one request struct, so requests can grow without breaking adapters.
/// The default implementations of the optional requirements throw ``PushError/Code/unsupported``,
/// and ``capabilities`` says up front which ones a provider really supports.
///
/// The app's delegate methods go to ``PushClient``, which normalises them into events; the
/// provider *observes* each (``observe(_:)``) to do whatever its SDK needs (JPush:
/// `handleRemoteNotification:`), and is never in their data path. What the provider's SDK
/// itself reports (its own delegate callbacks, channel messages, registration) it passes to the
/// ``PushEventSink`` it was attached to.
public protocol PushProvider: AnyObject, Sendable {
    /// Which provider this is: its ``PushProviderID``.
    var id: PushProviderID { get }
    /// What it supports beyond receiving notifications.
    var capabilities: PushCapabilities { get }

    /// Connects the provider to the client's event sink. Called once, by the client.
    func attach(to sink: PushEventSink)
    /// Whether the provider's SDK may be called only after the user accepted the privacy policy
    /// (``PrivacyConsent``): `false` by default (plain APNs collects nothing of its own).
    var needsPrivacyConsent: Bool { get }
    /// Records the user's answer to the privacy policy, before ``start(_:)`` (JPush: JCore's
    /// `JCollectionAuth:`). Nothing by default.
    func setPrivacyConsent(_ consent: PrivacyConsent) throws(PushError)
    /// Starts the provider's SDK at launch (JPush `setupWithOption:…`, Getui `startSdkWithAppId:…`).
    func start(_ request: PushStartRequest) throws(PushError)
    /// Asks for authorization and registers for remote notifications.
    func register(_ request: PushRegistrationRequest) throws(PushError)
    /// Forwards the APNs device token to the provider.
    func didRegisterForRemoteNotifications(_ request: DeviceTokenRequest)
    /// Tells the provider registering for remote notifications failed (the client emits the
    /// `registrationFailed` event itself).
    func didFailToRegisterForRemoteNotifications(_ request: RegistrationFailureRequest)
    /// Tells the provider a scene app's scene connected, with the system's options.
    func sceneWillConnect(_ request: SceneConnectionRequest)
    /// Sees a callback the app's delegate received from iOS, after the client took it: does
    /// what the SDK needs with it (its events and completion are the client's).
    func observe(_ invocation: CallbackInvocation)
    /// The provider's message ID in a payload, if it has one (its definition's
    /// ``PushProviderDefinition/messageID(in:)``).
    func messageID(in payload: JSONObject) -> String?
    /// Whether ``messageID(in:)`` can find anything: `false` spares the client reading each
    /// payload for a provider without message IDs (plain APNs). `true` by default.
    var findsMessageIDs: Bool { get }
    /// What the provider's SDK does with `UNUserNotificationCenter`'s delegate when it registers
    /// (JPush replaces it, Getui replaces and hooks it; see ``NotificationCenterOwner``).
    var notificationCenterOwner: NotificationCenterOwner { get }

    /// Sets, deletes or reads the alias.
    func alias(_ request: AliasRequest) async throws(PushError) -> AliasResult
    /// Changes or reads the tags.
    func tags(_ request: TagsRequest) async throws(PushError) -> TagsResult
    /// Sets the provider's server-side badge.
    func setBadge(_ request: BadgeRequest) throws(PushError)
    /// Reports an action on a message.
    func report(_ request: FeedbackRequest) throws(PushError) -> FeedbackReceipt

    /// Forwards the PushKit VoIP token (or its invalidation) to the provider's server, for a
    /// provider with ``PushCapabilities/voip``. What the SDK refuses it reports as a
    /// ``PushChannelEvent/tokenForwardingFailed(_:)`` through its sink. Nothing by default.
    func registerVoIPToken(_ request: VoIPTokenRequest)
    /// Tells the provider's SDK a VoIP push arrived (its receipt), after the app reported the
    /// call. Nothing by default.
    func handleVoIPPush(_ request: VoIPPushRequest)
    /// Forwards a Live Activity's push token or an attributes type's push-to-start token, for a
    /// provider with ``PushCapabilities/liveActivities`` or ``PushCapabilities/liveActivityPushToStart``.
    /// Nothing by default.
    func registerLiveActivityToken(_ request: LiveActivityTokenRequest)
}

extension PushProvider {
    /// Nothing to do.
    public func observe(_ invocation: CallbackInvocation) {}

    /// `false`: no consent needed.
    public var needsPrivacyConsent: Bool { false }

    /// Nothing to record.
    public func setPrivacyConsent(_ consent: PrivacyConsent) throws(PushError) {}

    /// Nothing to do.
    public func didFailToRegisterForRemoteNotifications(_ request: RegistrationFailureRequest) {}

    /// Nothing to do.
    public func sceneWillConnect(_ request: SceneConnectionRequest) {}

    /// No message IDs.
    public func messageID(in payload: JSONObject) -> String? { nil }

    /// `true`: the client asks ``messageID(in:)`` of every payload.
    public var findsMessageIDs: Bool { true }

    /// The app's (or PushBridge's) delegate receives methods 4 and 5.
    public var notificationCenterOwner: NotificationCenterOwner { .app }

    /// Unsupported unless the provider has ``PushCapabilities/alias``.
    public func alias(_ request: AliasRequest) async throws(PushError) -> AliasResult {
        throw unsupported("aliases")
    }

    /// Unsupported unless the provider has ``PushCapabilities/tags``.
    public func tags(_ request: TagsRequest) async throws(PushError) -> TagsResult {
        throw unsupported("tags")
    }

    /// Unsupported unless the provider has ``PushCapabilities/serverBadge``.
    public func setBadge(_ request: BadgeRequest) throws(PushError) {
        throw unsupported("a server-side badge")
    }

    /// Unsupported unless the provider has ``PushCapabilities/customFeedback``.
    public func report(_ request: FeedbackRequest) throws(PushError) -> FeedbackReceipt {
        throw unsupported("custom feedback")
    }

    /// Nothing: a provider without ``PushCapabilities/voip`` leaves the token to the app's server
    /// (``PushChannelEvent/tokenChanged(_:)``).
    public func registerVoIPToken(_ request: VoIPTokenRequest) {}

    /// Nothing: no receipt to report.
    public func handleVoIPPush(_ request: VoIPPushRequest) {}

    /// Nothing: a provider without Live Activity support leaves the token to the app's server
    /// (``PushChannelEvent/tokenChanged(_:)``).
    public func registerLiveActivityToken(_ request: LiveActivityTokenRequest) {}

    /// The error for a request this provider cannot carry out.
    public func unsupported(_ what: String) -> PushError {
        PushError(.unsupported, field: "provider", "\(id) does not support \(what) (capabilities: \(capabilities))")
    }
}
