/// The provider's commands, through the client.
extension PushClient {
    /// The provider that runs, in which APNs environment, and what it supports beyond receiving
    /// notifications; `nil` when push is off because the configuration file could not be used
    /// (``configurationProblem`` says why).
    public var activeProvider: PushAdapter.Active? {
        guard configurationProblem == nil else { return nil }
        return PushAdapter.Active(id: provider.id, environment: options.environment ?? SigningEnvironment.current, capabilities: provider.capabilities)
    }

    /// Records the user's answer to the app's privacy policy with the provider, on every launch
    /// before ``start(consent:authorization:categories:)``: JPush and Getui refuse every SDK call until it is granted
    /// (``PrivacyConsent``); plain APNs needs none.
    ///
    /// - Throws: What the provider's SDK reported, if anything.
    public func setPrivacyConsent(_ consent: PrivacyConsent) throws(PushError) {
        try (provider as? any ConsentGatedProvider)?.setPrivacyConsent(consent)
    }

    /// Starts the provider's SDK at launch, with the notification the app was launched for.
    @_spi(ProviderAuthor) public func start(_ request: PushStartRequest) throws(PushError) {
        var request = request
        if request.appGroup == nil { request.appGroup = core.options.features?.serviceExtension?.appGroup }
        try provider.start(request)
        // An SDK that hooks the delegate (Getui) does so when it starts.
        if provider.centerDelegateOwner.isSDK { notificationCenterDelegateSet() }
    }

    /// Asks for authorization and registers for remote notifications through the provider.
    @_spi(ProviderAuthor) public func register(_ request: PushRegistrationRequest) throws(PushError) {
        try provider.register(request)
        // An SDK that takes the delegate when it registers (JPush's
        // `registerForRemoteNotificationConfig:delegate:`) has it now.
        if provider.centerDelegateOwner.isSDK { notificationCenterDelegateSet() }
    }

    /// Forwards the APNs device token (from `didRegisterForRemoteNotificationsWithDeviceToken:`).
    package func didRegisterForRemoteNotifications(deviceToken: [UInt8]) {
        provider.didRegisterForRemoteNotifications(DeviceTokenRequest(token: deviceToken))
    }

    /// Sets, deletes or reads the alias.
    public func alias(_ request: AliasRequest) async throws(PushError) -> AliasRequest.Outcome {
        try await provider.role((any AliasAndTagsProvider).self, .alias, "aliases").alias(request)
    }

    /// Changes or reads the tags.
    public func tags(_ request: TagsRequest) async throws(PushError) -> TagsRequest.Outcome {
        try await provider.role((any AliasAndTagsProvider).self, .tags, "tags").tags(request)
    }

    /// Sets the provider's server-side badge.
    public func setBadge(_ value: Int) throws(PushError) {
        try provider.role((any ServerBadgeProvider).self, .serverBadge, "a server-side badge").setBadge(BadgeRequest(value: value))
    }

    /// Reports what the user did with a provider message (Getui feedback).
    ///
    /// The report is *submitted* to the SDK; the receipt does not mean the provider's server
    /// received it. A provider without ``PushCapabilities/customFeedback`` throws
    /// ``PushError/Code/unsupported``.
    public func report(_ action: FeedbackAction, for message: PushEvent.Message) throws(PushError) -> FeedbackAction.Receipt {
        try provider.role((any FeedbackProvider).self, .customFeedback, "custom feedback").report(FeedbackRequest(action, messageID: message.id))
    }

    /// Reports what the user did with a notification: its provider message ID (found by the
    /// provider when the notification was not read by the client), else its identity.
    public func report(_ action: FeedbackAction, for notification: PushNotification) throws(PushError) -> FeedbackAction.Receipt {
        let feedback = try provider.role((any FeedbackProvider).self, .customFeedback, "custom feedback")
        let messageID = notification.providerMessageID ?? provider.providerMessageID(in: notification.payload) ?? notification.id
        return try feedback.report(FeedbackRequest(action, messageID: messageID))
    }
}

extension PushProvider {
    /// The provider as the opt-in protocol `Role` that carries `capability`, or the
    /// ``PushError/Code/unsupported`` error naming `what` when it has not that capability.
    package func role<Role>(_ role: Role.Type, _ capability: PushCapabilities, _ what: String) throws(PushError) -> Role {
        guard let conforming = optionalRole(role, capability) else { throw unsupported(what) }
        return conforming
    }

    /// The provider as the opt-in protocol `Role` that carries `capability`, if it has that capability.
    package func optionalRole<Role>(_ role: Role.Type, _ capability: PushCapabilities) -> Role? {
        capabilities.contains(capability) ? self as? Role : nil
    }
}
