import PushBridgeCore

/// No provider: registration and commands do nothing, and the callbacks the app's delegate
/// forwards are normalised as they come. The default of `PushClient`.
public final class NoOpProvider: PushProvider {
    private let sink = Locked(PushEventSink.discarding)

    /// A provider that does nothing.
    public init() {}

    /// `.apns`: with no provider SDK, notifications are plain APNs.
    public var id: PushProviderID { .apns }
    /// Keeps the sink to forward callbacks to.
    public func attach(to sink: PushEventSink) { self.sink.withLock { $0 = sink } }
    /// Does nothing.
    public func start(_ request: PushStartRequest) throws(PushError) {}
    /// Does nothing.
    public func register(_ request: PushRegistrationRequest) throws(PushError) {}
    /// Does nothing.
    public func didRegisterForRemoteNotifications(_ request: DeviceTokenRequest) {}
}
