import PushBridgeCore

// The opt-in parts of a provider, one protocol per job. Each refines `PushProvider`; a provider
// conforms to the ones its SDK does, and `PushCapabilities(of:)` reads them. They live in
// `PushBridgeProviderKit`, which an app never imports, so an app sees the provider type and the
// client, not these protocols.

/// A provider whose SDK may be called only after the user accepted the privacy policy
/// (`PrivacyConsent`; JPush: JCore's `JCollectionAuth:`, Getui: `setPrivacyPolicyStrategy`).
public protocol ConsentGatedProvider: PushProvider {
    /// Records the user's answer to the privacy policy, before ``PushProvider/start(_:)``.
    func setPrivacyConsent(_ consent: PrivacyConsent) throws(PushError)
}

/// A provider that sees the callbacks the app's delegate hands to the client, after the client
/// took them (their events and completions are the client's).
public protocol CallbackObservingProvider: PushProvider {
    /// Sees a callback iOS made: does what the SDK needs with it. Nothing by default.
    func observe(_ invocation: CallbackInvocation)
    /// Tells the provider registering for remote notifications failed (the client emits the
    /// `registrationFailed` event itself). Nothing by default.
    func didFailToRegisterForRemoteNotifications(_ request: RegistrationFailureRequest)
    /// Tells the provider a scene app's scene connected, with the system's options. Nothing by
    /// default.
    func sceneWillConnect(_ request: SceneConnectionRequest)
}

extension CallbackObservingProvider {
    /// Nothing to do.
    public func observe(_ invocation: CallbackInvocation) {}
    /// Nothing to do.
    public func didFailToRegisterForRemoteNotifications(_ request: RegistrationFailureRequest) {}
    /// Nothing to do.
    public func sceneWillConnect(_ request: SceneConnectionRequest) {}
}

/// A provider whose payloads carry its own message ID (JPush `_j_msgid`, Getui `_gmid_`). The
/// client asks it of every payload; a provider that does not conform is never asked.
public protocol MessageIdentifyingProvider: PushProvider {
    /// The provider's message ID in a payload, if it has one (as its definition's
    /// `PushProviderDefinition.messageID(in:)` reads it).
    func messageID(in payload: JSONObject) -> String?
}

/// A provider whose SDK takes `UNUserNotificationCenter`'s delegate when it starts or registers
/// (JPush replaces it, Getui replaces and hooks it; see `NotificationCenterOwner`). A provider
/// that does not conform leaves it to the app (`NotificationCenterOwner.app`).
public protocol NotificationCenterOwningProvider: PushProvider {
    /// What the SDK does with the delegate.
    var notificationCenterOwner: NotificationCenterOwner { get }
}

/// Aliases and tags (`PushCapabilities.alias`, `PushCapabilities.tags`).
public protocol AliasAndTagsProvider: PushProvider {
    /// Sets, deletes or reads the alias.
    func alias(_ request: AliasRequest) async throws(PushError) -> AliasRequest.Outcome
    /// Changes or reads the tags.
    func tags(_ request: TagsRequest) async throws(PushError) -> TagsRequest.Outcome
}

/// A server-side badge (`PushCapabilities.serverBadge`: JPush `setBadge:`, Getui `setBadge:`).
public protocol ServerBadgeProvider: PushProvider {
    /// Sets the provider's server-side badge.
    func setBadge(_ request: BadgeRequest) throws(PushError)
}

/// Reporting app-defined actions on messages (`PushCapabilities.customFeedback`: Getui
/// feedback 90001–90999).
public protocol FeedbackProvider: PushProvider {
    /// Reports an action on a message.
    func report(_ request: FeedbackRequest) throws(PushError) -> FeedbackAction.Receipt
}

/// Messages over the provider's own channel (`PushCapabilities.ownChannelMessages`: JPush
/// custom messages, Getui passthrough), which the provider hands to its sink
/// (`PushEventSink.receive(_:)`).
public protocol OwnChannelProvider: PushProvider {}

/// Pushing VoIP calls (`PushCapabilities.voip`): the provider takes the PushKit token and
/// wants each VoIP push's receipt.
public protocol VoIPProvider: PushProvider {
    /// Forwards the PushKit VoIP token (or its invalidation) to the provider's server. What the
    /// SDK refuses it reports through its sink (`PushEventSink.tokenForwardingFailed(_:provider:error:)`).
    func registerVoIPToken(_ request: VoIPTokenRequest)
    /// Tells the provider's SDK a VoIP push arrived (its receipt), after the app reported the call.
    func handleVoIPPush(_ request: VoIPPushRequest)
}

/// Updating Live Activities (`PushCapabilities.liveActivities`) and, when
/// ``startsActivitiesByPush`` (by default), starting them by push
/// (`PushCapabilities.liveActivityPushToStart`, iOS 17.2+).
public protocol LiveActivityProvider: PushProvider {
    /// Whether the provider takes push-to-start tokens too. `true` by default.
    var startsActivitiesByPush: Bool { get }
    /// Forwards a Live Activity's push token or an attributes type's push-to-start token.
    func registerLiveActivityToken(_ request: LiveActivityTokenRequest)
}

extension LiveActivityProvider {
    /// `true`: push-to-start tokens are taken too.
    public var startsActivitiesByPush: Bool { true }
}

/// A provider that stands for others (`MultiplexProvider`, in `PushBridgeMultiplex`): each of
/// them, for what is told to every provider that takes it (PushKit's tokens).
package protocol ProviderGroup: PushProvider {
    /// Every provider it stands for, the primary first.
    var providers: [any PushProvider] { get }
}

/// A provider that stands for others (`MultiplexProvider`) or a test double that pretends to
/// lack some: it conforms to the opt-in protocols and declares which of them really apply. The
/// declaration only narrows: ``PushProvider/capabilities`` is what the conformances give,
/// intersected with ``declaredCapabilities``.
public protocol CapabilityNarrowingProvider: PushProvider {
    /// What of its conformances applies.
    var declaredCapabilities: PushCapabilities { get }
}

extension PushCapabilities {
    /// What `provider` supports: one capability per opt-in protocol it conforms to, narrowed by
    /// what a `CapabilityNarrowingProvider` declares.
    @inline(never)  // one copy, not one per caller: an app's code size
    public init(of provider: any PushProvider) {
        var found: PushCapabilities = []
        if provider is any AliasAndTagsProvider { found.formUnion([.alias, .tags]) }
        if provider is any ServerBadgeProvider { found.insert(.serverBadge) }
        if provider is any FeedbackProvider { found.insert(.customFeedback) }
        if provider is any OwnChannelProvider { found.insert(.ownChannelMessages) }
        if provider is any VoIPProvider { found.insert(.voip) }
        if let activities = provider as? any LiveActivityProvider {
            found.insert(.liveActivities)
            if activities.startsActivitiesByPush { found.insert(.liveActivityPushToStart) }
        }
        if let narrowing = provider as? any CapabilityNarrowingProvider { found.formIntersection(narrowing.declaredCapabilities) }
        self = found
    }
}

extension PushProvider {
    /// Whether the provider's SDK may be called only after the user's consent: it is a
    /// `ConsentGatedProvider`.
    public var needsPrivacyConsent: Bool { self is any ConsentGatedProvider }

    /// What the provider's SDK does with the notification center's delegate: `NotificationCenterOwner.app`
    /// unless it is a `NotificationCenterOwningProvider`. (Not named as that protocol's requirement,
    /// so that it can never stand in for a conformer's own answer.)
    public var centerDelegateOwner: NotificationCenterOwner {
        (self as? any NotificationCenterOwningProvider)?.notificationCenterOwner ?? .app
    }

    /// The provider's message ID in `payload`: `nil` unless it is a `MessageIdentifyingProvider`.
    public func providerMessageID(in payload: JSONObject) -> String? {
        (self as? any MessageIdentifyingProvider)?.messageID(in: payload)
    }

    /// The error for a request this provider cannot carry out.
    public func unsupported(_ what: String) -> PushError {
        PushError(.unsupported, field: "provider", "\(id) does not support \(what) (capabilities: \(capabilities))")
    }
}

extension PushProvider {
    /// The provider as the opt-in protocol `Role` that carries `capability`, or the
    /// `PushError.Code.unsupported` error naming `what` when it has not that capability.
    package func role<Role>(_ role: Role.Type, _ capability: PushCapabilities, _ what: String) throws(PushError) -> Role {
        guard let conforming = optionalRole(role, capability) else { throw unsupported(what) }
        return conforming
    }

    /// The provider as the opt-in protocol `Role` that carries `capability`, if it has that capability.
    package func optionalRole<Role>(_ role: Role.Type, _ capability: PushCapabilities) -> Role? {
        capabilities.contains(capability) ? self as? Role : nil
    }
}
