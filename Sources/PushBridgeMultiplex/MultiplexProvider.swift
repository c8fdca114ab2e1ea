import PushBridge
import PushBridgeProviderKit

/// Two or more providers at once — during a migration from JPush to Getui, say — behind one
/// client.
///
/// Each callback is observed by exactly one provider: the first whose message ID is in the
/// payload (`MessageIdentifyingProvider`: `_j_msgid` → JPush, `_gmid_` → Getui), else the
/// primary, so each notification is reported to the SDK that sent it and delivered once. Start, registration and the device token go to every
/// provider; alias, tags and badge to every provider that supports them; feedback to the first
/// that supports it.
///
/// An app whose configuration names `additionalProviders` lists ``PushBridge/PushAdapter/multiplex``
/// with the providers' adapters, and the client builds one of these; a test builds it directly:
///
/// ```swift
/// let provider = MultiplexProvider(primary: getui, others: [jpush])
/// let client = PushClient(provider: provider)
/// ```
public final class MultiplexProvider: PushProvider, ProviderGroup {
    /// The provider for callbacks no payload key claims, and whose kind this one reports.
    public let primary: any PushProvider
    /// Every provider, the primary first.
    public let providers: [any PushProvider]

    /// Multiplexes `primary` and `others`.
    public init(primary: any PushProvider, others: [any PushProvider]) {
        self.primary = primary
        providers = [primary] + others
    }

    /// The primary's kind.
    public var id: PushProviderID { primary.id }
    /// What any of the providers supports (the multiplex conforms to every opt-in protocol).
    public var declaredCapabilities: PushCapabilities {
        providers.reduce(into: []) { $0.formUnion($1.capabilities) }
    }

    /// Attaches every provider to the same sink.
    public func attach(to sink: PushEventSink) {
        for provider in providers { provider.attach(to: sink) }
    }

    /// Records the answer with every provider; the first error is thrown after all were told.
    public func setPrivacyConsent(_ consent: PrivacyConsent) throws(PushError) {
        try forEachProvider { (provider) throws(PushError) in try (provider as? any ConsentGatedProvider)?.setPrivacyConsent(consent) }
    }

    /// Starts every provider; the first error is thrown after all were started.
    public func start(_ request: PushStartRequest) throws(PushError) {
        try forEachProvider { (provider) throws(PushError) in try provider.start(request) }
    }

    /// Registers with every provider; the first error is thrown after all were asked.
    public func register(_ request: PushRegistrationRequest) throws(PushError) {
        try forEachProvider { (provider) throws(PushError) in try provider.register(request) }
    }

    /// Forwards the token to every provider.
    public func didRegisterForRemoteNotifications(_ request: DeviceTokenRequest) {
        for provider in providers { provider.didRegisterForRemoteNotifications(request) }
    }

    /// Tells every provider.
    public func didFailToRegisterForRemoteNotifications(_ request: RegistrationFailureRequest) {
        for case let provider as any CallbackObservingProvider in providers { provider.didFailToRegisterForRemoteNotifications(request) }
    }

    /// Tells every provider.
    public func sceneWillConnect(_ request: SceneConnectionRequest) {
        for case let provider as any CallbackObservingProvider in providers { provider.sceneWillConnect(request) }
    }

    /// Forwards the VoIP token to every provider with `PushCapabilities.voip`.
    public func registerVoIPToken(_ request: VoIPTokenRequest) {
        for provider in providers { provider.optionalRole((any VoIPProvider).self, .voip)?.registerVoIPToken(request) }
    }

    /// Tells every provider with `PushCapabilities.voip`: a VoIP push carries no message ID
    /// PushBridge knows of, so each SDK sees it (each ignores another vendor's push — an
    /// inference: neither header says what it does with one).
    public func handleVoIPPush(_ request: VoIPPushRequest) {
        for provider in providers { provider.optionalRole((any VoIPProvider).self, .voip)?.handleVoIPPush(request) }
    }

    /// Forwards the token to every provider with the capability for its kind.
    public func registerLiveActivityToken(_ request: LiveActivityTokenRequest) {
        let needed: PushCapabilities = if case .pushToStart = request.kind { .liveActivityPushToStart } else { .liveActivities }
        for provider in providers { provider.optionalRole((any LiveActivityProvider).self, needed)?.registerLiveActivityToken(request) }
    }

    /// Lets the one provider the payload belongs to observe the callback.
    public func observe(_ invocation: CallbackInvocation) {
        (route(invocation.notification) as? any CallbackObservingProvider)?.observe(invocation)
    }

    /// The first provider's message ID found in the payload.
    public func messageID(in payload: JSONObject) -> String? {
        for provider in providers {
            if let id = provider.providerMessageID(in: payload) { return id }
        }
        return nil
    }

    /// The strongest claim among the providers: an SDK that hooks, else one that replaces, else the app.
    public var notificationCenterOwner: NotificationCenterOwner {
        let owners = providers.map(\.centerDelegateOwner)
        if owners.contains(.sdkHooksDelegate) { return .sdkHooksDelegate }
        return owners.contains(.sdkReplacesDelegate) ? .sdkReplacesDelegate : .app
    }

    /// The provider a notification belongs to: the first whose message ID is in its payload.
    public func route(_ notification: PushNotification?) -> any PushProvider {
        guard let payload = notification?.payload else { return primary }
        return providers.first { $0.providerMessageID(in: payload) != nil } ?? primary
    }

    /// Applies the alias on every provider that supports aliases; returns the first result.
    public func alias(_ request: AliasRequest) async throws(PushError) -> AliasRequest.Outcome {
        try await onEvery(.alias, unsupported: "aliases") { provider throws(PushError) in try await provider.alias(request) }
    }

    /// Applies the tags on every provider that supports tags; returns the first result.
    public func tags(_ request: TagsRequest) async throws(PushError) -> TagsRequest.Outcome {
        try await onEvery(.tags, unsupported: "tags") { provider throws(PushError) in try await provider.tags(request) }
    }

    /// Calls every provider that has `capability`, in order, each once; the first one's answer
    /// (a result or an error) is returned.
    private func onEvery<Outcome>(
        _ capability: PushCapabilities, unsupported what: String,
        _ call: (any AliasAndTagsProvider) async throws(PushError) -> Outcome
    ) async throws(PushError) -> Outcome {
        var first: Result<Outcome, PushError>?
        for case let provider? in providers.map({ $0.optionalRole((any AliasAndTagsProvider).self, capability) }) {
            do {
                let result = try await call(provider)
                if first == nil { first = .success(result) }
            } catch {
                if first == nil { first = .failure(error) }
            }
        }
        // A switch, not `first.get()`: before Swift 6's standard library (the iOS 17.4 SDK's is
        // Swift 5.10's), `Result.get()` throws `any Error`, not `PushError`.
        switch first {
        case .success(let outcome): return outcome
        case .failure(let error): throw error
        case nil: throw unsupported(what)
        }
    }

    /// Sets the badge on every provider that keeps one.
    public func setBadge(_ request: BadgeRequest) throws(PushError) {
        let badgeProviders = providers.compactMap { $0.optionalRole((any ServerBadgeProvider).self, .serverBadge) }
        guard !badgeProviders.isEmpty else { throw unsupported("a server-side badge") }
        for provider in badgeProviders { try provider.setBadge(request) }
    }

    /// Reports feedback through the first provider that supports it.
    public func report(_ request: FeedbackRequest) throws(PushError) -> FeedbackAction.Receipt {
        guard let provider = providers.lazy.compactMap({ $0.optionalRole((any FeedbackProvider).self, .customFeedback) }).first else {
            throw unsupported("custom feedback")
        }
        return try provider.report(request)
    }

    private func forEachProvider(_ body: (any PushProvider) throws(PushError) -> Void) throws(PushError) {
        var firstError: PushError?
        for provider in providers {
            do {
                try body(provider)
            } catch {
                if firstError == nil { firstError = error }
            }
        }
        if let firstError { throw firstError }
    }
}

extension MultiplexProvider: CapabilityNarrowingProvider, ConsentGatedProvider, CallbackObservingProvider,
    MessageIdentifyingProvider, NotificationCenterOwningProvider, AliasAndTagsProvider, ServerBadgeProvider, FeedbackProvider,
    OwnChannelProvider, VoIPProvider, LiveActivityProvider
{}

extension PushAdapter {
    /// Runs the providers a configuration names at once — `additionalProviders` beside
    /// `provider` — behind one client, as a ``MultiplexProvider``: list it with the providers'
    /// adapters (`[.getui, .jpush, .multiplex]`). Without it, such a configuration is an error
    /// naming this product; choosing one provider per market needs none of it.
    public static let multiplex = PushAdapter(id: PushProviderID(rawValue: "multiplex"), combining: { MultiplexProvider(primary: $0, others: $1) })
}
