import PushBridgeCore

/// What a push provider's adapter implements: the backend of `PushClient`.
///
/// An implementation detail for app code, like a `LogHandler`: apps pick a provider by
/// configuration and talk to `PushClient`. Implement it only to add a provider.
///
/// The core is five requirements: who the provider is, the sink it reports to, starting,
/// registering and the device token. A provider author writes `import PushBridgeProviderKit`
/// (this module, public, which apps never import) for the sink, the token and everything else an
/// app never names. The rest is
/// opt-in, one protocol per job: privacy consent, observing the app's callbacks,
/// message IDs, the notification center's delegate, aliases and tags, a server-side badge,
/// feedback, the provider's own channel, VoIP, Live Activities. What a provider supports
/// (``capabilities``) is read from the protocols it conforms to, so the two cannot disagree.
///
/// Every requirement takes one request struct, so requests can grow without breaking adapters.
///
/// The app's delegate methods go to `PushClient`, which normalises them into events; a
/// provider that needs to see them (JPush: `handleRemoteNotification:`) observes each, and is
/// never in their data path. What the provider's SDK itself reports (its own delegate callbacks,
/// channel messages, registration) it passes to the `PushEventSink` it was attached to.
public protocol PushProvider: AnyObject, Sendable {
    /// Which provider this is: its `PushProviderID`.
    var id: PushProviderID { get }
    /// Connects the provider to the client's event sink. Called once, by the client.
    func attach(to sink: PushEventSink)
    /// Starts the provider's SDK at launch (JPush `setupWithOption:…`, Getui `startSdkWithAppId:…`).
    func start(_ request: PushStartRequest) throws(PushError)
    /// Asks for authorization and registers for remote notifications.
    func register(_ request: PushRegistrationRequest) throws(PushError)
    /// Forwards the APNs device token to the provider.
    func didRegisterForRemoteNotifications(_ request: DeviceTokenRequest)
}

extension PushProvider {
    /// What it supports beyond receiving notifications: read from the opt-in protocols it
    /// conforms to (`PushCapabilities.alias` and `PushCapabilities.tags` from an alias-and-tags
    /// provider, and so on), narrowed by what a provider that stands for others declares.
    public var capabilities: PushCapabilities { PushCapabilities(of: self) }
}
