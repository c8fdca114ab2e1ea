import PushBridge
import PushBridgeAPNs
import PushBridgeAdapterSupport
import PushBridgeFCMDefinition
import PushBridgeProviderKit

/// The Firebase Cloud Messaging adapter: iOS's own callbacks, as with plain APNs, plus what
/// FirebaseMessaging needs from an app whose swizzling is off — the APNs token with its type,
/// every received notification for Firebase's analytics — and FCM's registration, topics and
/// consent.
///
/// PushBridge expects `FirebaseAppDelegateProxyEnabled` = NO in the app's Info.plist
/// (`pushbridge check-config` reports it otherwise): with swizzling on, Firebase replaces the
/// app delegate's methods and `UNUserNotificationCenter`'s delegate, which PushBridge owns, and
/// its swizzling is reported to fight other SDKs' (OneSignal-iOS-SDK #1404, #1439). With it off,
/// Firebase's documentation moves two jobs onto the app ("Method swizzling in Firebase Cloud
/// Messaging", firebase.google.com/docs/cloud-messaging/ios/client): mapping the APNs token, and
/// calling `appDidReceiveMessage:`. This adapter does both.
///
/// Registration, in the order FCM requires: iOS's device token first, handed to
/// `setAPNSToken:type:`; then FCM's registration — `registerWithCompletion:` when the app's SDK
/// registers by installation ID (12.16.0+, `FirebaseMessagingInstallationIdEnabled`), else
/// `tokenWithCompletion:` — then one `registered` event whose identifier is what a backend sends
/// to. An identifier FCM refreshes later (`messaging:didReceiveRegistrationToken:`,
/// `messaging:didReceiveRegistration:`) is one more `registered` event; the same identifier
/// again is none. Whichever SDK generation the app links, the app sees the same events.
///
/// `gcm.message_id` is each delivery's identity (`FCMDefinition`), wherever iOS hands it
/// over, so a re-delivery or a copy is one event. Topics are FCM's tags (`add` subscribes,
/// `delete` unsubscribes); FCM has no alias, and the client reports aliases unsupported by
/// capability, never by a failure at run time.
public final class FCMProvider: PushProvider, FCMBridgeDelegate {
    let settings: FCMSettings
    let bridge: any FCMBridge
    let system: any APNsSystemBridge
    let apnsTokenType: FCMAPNSTokenType
    /// The consent gate, the SDK thread, time (the topic watchdogs) and the client's sink.
    let context: VendorAdapterContext
    let state = Locked(State())

    /// What the provider remembers between calls.
    struct State {
        /// Whether the adapter started FCM (auto-init switched on).
        var started = false
        /// Whether iOS's device token was handed to FCM: no identifier is published before.
        var apnsTokenSet = false
        /// The newest identifier FCM gave, published or not.
        var latest: String?
        /// The identifier last published as `registered`.
        var published: String?
    }

    /// An adapter for FCM with these settings, talking to FirebaseMessaging through `bridge`
    /// (whose delegate it becomes) and to iOS through `system`.
    ///
    /// - Parameters:
    ///   - settings: The Firebase project.
    ///   - bridge: FirebaseMessaging (`FIRMessagingBridge` on a device, `MockFCMBridge` in tests).
    ///   - system: iOS's authorization prompt and remote registration (`SystemAPNsBridge` on a
    ///     device): FirebaseMessaging asks for neither, the app does (Firebase, "Register for
    ///     remote notifications").
    ///   - apnsTokenType: The environment the APNs token is handed to FCM with: the one the app
    ///     is signed for by default (`PushAdapter.fcm`).
    ///   - scheduler: Time, for the topic watchdogs (30 s).
    ///   - sdkThread: Where FirebaseMessaging is called: the calling thread (FirebaseMessaging
    ///     documents no thread for its calls).
    ///   - applicationState: The application state during a callback.
    public init(
        settings: FCMSettings, bridge: any FCMBridge, system: any APNsSystemBridge, apnsTokenType: FCMAPNSTokenType = .unknown,
        scheduler: any PushScheduler = DispatchScheduler(), sdkThread: SDKThread = .calling,
        applicationState: @escaping @Sendable () -> ApplicationState = { .active }
    ) {
        self.settings = settings
        self.bridge = bridge
        self.system = system
        self.apnsTokenType = apnsTokenType
        context = VendorAdapterContext(
            vendor: "FCM", scheduler: scheduler, systemVersion: nil, sdkThread: sdkThread, advertisingIdentifier: { nil },
            applicationState: applicationState, oneAtATime: false)
        bridge.delegate = self
    }

    /// `.fcm`.
    public var id: PushProviderID { .fcm }

    var sink: PushEventSink { context.sink }

    /// Keeps the client's sink.
    public func attach(to sink: PushEventSink) { context.attach(to: sink) }

    /// Records the user's answer. Until it is `.granted`, FCM is not started (``start(_:)``
    /// throws `PushError/Code/consentRequired`) and no call reaches FirebaseMessaging. A
    /// withdrawal once started switches `autoInitEnabled` off (FCM then stops registering and
    /// refreshing by itself; the setting persists, `FIRMessaging.h` L262–276), and a later grant
    /// switches it back on.
    ///
    /// The app keeps FCM from registering before consent by setting
    /// `FirebaseMessagingAutoInitEnabled` to NO in its Info.plist (the header's own advice "because
    /// you want to prompt the user before registration").
    public func setPrivacyConsent(_ consent: PrivacyConsent) throws(PushError) {
        context.consent.record(consent)
        let change = state.withLock { state -> Bool? in state.started ? consent == .granted : nil }
        guard let enabled = change else { return }
        let bridge = self.bridge
        context.sdkThread.run { bridge.autoInitEnabled = enabled }
    }

    /// Switches FCM's auto-init on (`autoInitEnabled` YES) once the user consented.
    ///
    /// - Throws: `PushError/Code/consentRequired` before the user accepted the privacy policy;
    ///   nothing is called then.
    public func start(_ request: PushStartRequest) throws(PushError) {
        try context.requireConsent(for: "start")
        state.withLock { $0.started = true }
        let bridge = self.bridge
        context.sdkThread.run { bridge.autoInitEnabled = true }
    }

    /// Checks the options against the device's iOS, asks for authorization and registers for
    /// remote notifications once it is granted (a denial is a `registrationFailed` event), as
    /// plain APNs does; with no options it registers without asking.
    ///
    /// - Throws: `PushError/Code/consentRequired` before the user's consent; `PushError` naming
    ///   an option the device's iOS lacks. Nothing is asked then.
    public func register(_ request: PushRegistrationRequest) throws(PushError) {
        try context.requireConsent(for: "register")
        try request.checkOptionsAvailable()
        let (system, sink) = (self.system, self.sink)
        guard !request.options.isEmpty else { return system.registerForRemoteNotifications() }
        system.requestAuthorization(options: request.options) { granted, error in
            if granted {
                system.registerForRemoteNotifications()
            } else {
                let reason = error.map { "authorization was not granted (\($0))" } ?? "the user did not allow notifications"
                sink.publish(
                    .registrationFailed(.init(provider: .fcm, error: PushError(.providerFailure, field: "authorization", reason, vendorCode: error))))
            }
        }
    }

    /// Hands iOS's device token to FCM (`setAPNSToken:type:`), then registers with FCM: its
    /// answer is the `registered` event. An empty token is a `registrationFailed` event and
    /// reaches FCM not.
    public func didRegisterForRemoteNotifications(_ request: DeviceTokenRequest) {
        guard !request.token.isEmpty else {
            return sink.publish(
                .registrationFailed(
                    .init(provider: .fcm, error: PushError(.providerFailure, field: "deviceToken", "iOS returned an empty device token"))))
        }
        guard context.mayCall(FCMSDKSymbols.setAPNSToken) else { return }
        let (bridge, type) = (self.bridge, apnsTokenType)
        context.sdkThread.run {
            bridge.setAPNSToken(request.token, type: type)
            self.state.withLock { $0.apnsTokenSet = true }
            self.registerWithFCM()
        }
    }

    /// FCM's registration for the SDK in the app: by installation ID (the ID comes through
    /// `messaging:didReceiveRegistration:`) or by token (the token is the answer).
    func registerWithFCM() {
        if bridge.registersByInstallationID {
            bridge.register { error in
                guard let error else { return }
                self.registrationFailed(FCMSDKSymbols.register, error)
            }
        } else {
            bridge.token { token, error in
                if let error { return self.registrationFailed(FCMSDKSymbols.token, error) }
                guard let token, !token.isEmpty else {
                    return self.sink.publish(
                        .registrationFailed(
                            .init(
                                provider: .fcm,
                                error: PushError(
                                    .providerFailure, field: "fcmToken", "FCM answered tokenWithCompletion: with neither a token nor an error"))))
                }
                self.identifierArrived(token)
            }
        }
    }

    func registrationFailed(_ call: String, _ error: PushError.VendorCode) {
        sink.publish(.registrationFailed(.init(provider: .fcm, error: FCMErrorCode.error(error, field: "registration", call: call))))
    }

    /// Publishes `identifier` as `registered` unless it is the one published last, and only once
    /// FCM has the APNs token: an identifier FCM gave before it (auto-init at launch) is kept
    /// and published after, if FCM's registration does not replace it.
    func identifierArrived(_ identifier: String) {
        let publish = state.withLock { state -> Bool in
            state.latest = identifier
            guard state.apnsTokenSet, state.published != identifier else { return false }
            state.published = identifier
            return true
        }
        if publish { sink.publish(.registered(.init(provider: .fcm, identifier: SecretText(identifier)))) }
    }

    /// `messaging:didReceiveRegistrationToken:`: a token arrived or was refreshed.
    public func messaging(didReceiveRegistrationToken token: String?) {
        guard let token, !token.isEmpty else { return reportEmpty(FCMSDKSymbols.didReceiveRegistrationToken) }
        identifierArrived(token)
    }

    /// `messaging:didReceiveRegistration:`: the installation's ID arrived or was refreshed.
    public func messaging(didReceiveRegistration installationID: String?) {
        guard let installationID, !installationID.isEmpty else { return reportEmpty(FCMSDKSymbols.didReceiveRegistration) }
        identifierArrived(installationID)
    }

    /// `messaging:didUnregister:`: the identifier no longer reaches this device; the next
    /// registration publishes even the same one again.
    public func messaging(didUnregister installationID: String) {
        state.withLock { $0.published = nil }
    }

    func reportEmpty(_ callback: String) {
        sink.report(
            PushDiagnostic(
                code: .unreadablePayload, notificationID: "none", message: "FCM called \(callback) with no identifier: nothing was published",
                error: PushError(.providerFailure, field: "registration", "expected a non-empty identifier from \(callback)")))
    }

    /// Hands every remote notification the app's callbacks carry to `appDidReceiveMessage:`,
    /// for Firebase's analytics, as an app with swizzling off must. FCM logs a `gcm.message_id`
    /// once per session itself (`FIRMessaging.m`, `appDidReceiveMessage:`'s `loggedMessageIDs`),
    /// so a notification seen by two callbacks (presented, then tapped) is logged once.
    public func observe(_ invocation: CallbackInvocation) {
        guard let notification = invocation.notification, notification.source == .remote, !notification.payload.isEmpty else { return }
        guard context.mayCall(FCMSDKSymbols.appDidReceiveMessage, notificationID: notification.id) else { return }
        let bridge = self.bridge
        context.sdkThread.run { bridge.appDidReceiveMessage(notification.payload) }
    }

    /// `gcm.message_id` (`FCMDefinition`).
    public func messageID(in payload: JSONObject) -> String? { FCMDefinition().messageID(in: payload) }

    /// Topics only: FCM has no alias.
    public var declaredCapabilities: PushCapabilities { [.tags] }
}

/// What FCM does beyond the core: consent gates its auto-init, it sees the app's callbacks (for
/// `appDidReceiveMessage:`), its message ID, and topics as tags (aliases narrowed away).
extension FCMProvider: ConsentGatedProvider, CallbackObservingProvider, MessageIdentifyingProvider, AliasAndTagsProvider, CapabilityNarrowingProvider
{}
