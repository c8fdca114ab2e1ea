import PushBridge
import PushBridgeProviderKit

/// Plain APNs: notifications straight from Apple, no provider SDK.
///
/// Registration asks for the authorization options (each checked against the device's iOS
/// version), then registers for remote notifications; the device token iOS hands the app
/// delegate becomes a `registered` event (masked whenever printed). Callbacks pass to the
/// client's normaliser unchanged. Aliases, tags, a server badge and feedback are not APNs
/// features: it conforms to none of the opt-in provider protocols, so `capabilities` is empty and
/// those requests throw `PushError/Code/unsupported`.
///
/// An app does not make one: it lists `.apns` (`PushAdapter.apns`) among its adapters, and a
/// configuration whose provider is `apns` picks it; a test gives `.apns(bridge: MockAPNsBridge())`.
///
/// ```swift
/// let client = PushClient(configurationFile: "push.json", adapters: [.apns])  // {"provider": "apns"}
/// ```
public final class APNsProvider: PushProvider {
    private let bridge: any APNsSystemBridge
    private let sink = Locked(PushEventSink.discarding)

    /// An APNs provider talking to iOS through `bridge`.
    public init(bridge: any APNsSystemBridge) {
        self.bridge = bridge
    }

    /// `.apns`.
    public var id: PushProviderID { .apns }

    /// Keeps the client's sink.
    public func attach(to sink: PushEventSink) {
        self.sink.withLock { $0 = sink }
    }

    /// Nothing to start: iOS delivers APNs notifications itself.
    public func start(_ request: PushStartRequest) throws(PushError) {}

    /// Checks the options against the device's version, asks for authorization, and registers
    /// for remote notifications once it is granted (a denial is a `registrationFailed` event,
    /// keeping the system error's domain and code as its `PushError/vendorCode`).
    ///
    /// With no options it registers without asking: APNs gives the app its token whether or not
    /// the user allowed notifications (Apple, `registerForRemoteNotifications()`: "call this method
    /// to initiate the registration process"; background notifications need no authorization,
    /// "Pushing background updates to your App"), so an app can start push before it asks.
    ///
    /// - Throws: `PushError` (`PushError/Code/unsupported`) naming each option the device's
    ///   iOS version lacks; nothing is asked then.
    public func register(_ request: PushRegistrationRequest) throws(PushError) {
        try request.checkOptionsAvailable()
        let sink = self.sink.withLock { $0 }
        let bridge = self.bridge
        guard !request.options.isEmpty else { return bridge.registerForRemoteNotifications() }
        bridge.requestAuthorization(options: request.options) { granted, error in
            if granted {
                bridge.registerForRemoteNotifications()
            } else {
                let reason = error.map { "authorization was not granted (\($0))" } ?? "the user did not allow notifications"
                sink.publish(
                    .registrationFailed(
                        .init(
                            provider: .apns, error: PushError(.providerFailure, field: "authorization", reason, vendorCode: error))))
            }
        }
    }

    /// Publishes the device token as a `registered` event.
    public func didRegisterForRemoteNotifications(_ request: DeviceTokenRequest) {
        guard !request.token.isEmpty else {
            return didFailToRegisterForRemoteNotifications(error: "iOS returned an empty device token")
        }
        sink.withLock { $0 }.publish(.registered(.init(provider: .apns, identifier: request.hexToken)))
    }

    /// Publishes a registration failure (from `didFailToRegisterForRemoteNotificationsWithError:`)
    /// with `error` as its message: pass PushBridge's own words, never the system error's text.
    public func didFailToRegisterForRemoteNotifications(error: String) {
        sink.withLock { $0 }.publish(
            .registrationFailed(.init(provider: .apns, error: PushError(.providerFailure, field: "deviceToken", error))))
    }

    /// Publishes a registration failure (from `didFailToRegisterForRemoteNotificationsWithError:`)
    /// keeping the system error's domain and code as its `PushError/vendorCode`.
    ///
    /// ```swift
    /// let error = error as NSError
    /// provider.didFailToRegisterForRemoteNotifications(errorCode: PushError.VendorCode(domain: error.domain, code: error.code))
    /// ```
    public func didFailToRegisterForRemoteNotifications(errorCode: PushError.VendorCode) {
        sink.withLock { $0 }.publish(
            .registrationFailed(
                .init(
                    provider: .apns,
                    error: PushError(
                        .providerFailure, field: "deviceToken", "iOS could not register for remote notifications (\(errorCode))",
                        vendorCode: errorCode))))
    }
}
