import PushBridgeCore
import PushBridgeProviderKit

/// The provider's commands, through the client.
extension PushClient {
    /// The provider that runs, in which APNs environment, and what it supports beyond receiving
    /// notifications; `nil` when push is off because the configuration file could not be used
    /// (``configurationProblem`` says why).
    public var activeProvider: PushAdapter.Active? {
        guard configurationProblem == nil else { return nil }
        return PushAdapter.Active(
            id: provider.id, environment: options.environment ?? SigningEnvironment.current, capabilities: provider.capabilities)
    }

    /// Records the user's answer to the app's privacy policy with the provider: JPush and Getui
    /// refuse every SDK call until it is granted (`PrivacyConsent`). An app gives its answer
    /// with ``start(consent:authorization:categories:)``, which calls this and also starts push,
    /// or turns it off when the consent is withdrawn.
    ///
    /// - Throws: What the provider's SDK reported, if anything.
    package func setPrivacyConsent(_ consent: PrivacyConsent) throws(PushError) {
        try (provider as? any ConsentGatedProvider)?.setPrivacyConsent(consent)
    }

    /// Starts the provider's SDK at launch, with the notification the app was launched for.
    package func start(_ request: PushStartRequest) throws(PushError) {
        let appGroup = request.appGroup ?? core.options.features?.serviceExtension?.appGroup
        try provider.start(
            PushStartRequest(
                iosVersion: request.iosVersion, launchNotification: request.launchNotification,
                launchOptionsKey: request.launchOptionsKey, appGroup: appGroup))
        // An SDK that hooks the delegate (Getui) does so when it starts.
        if provider.centerDelegateOwner.isSDK { notificationCenterDelegateSet() }
    }

    /// Asks for authorization and registers for remote notifications through the provider.
    package func register(_ request: PushRegistrationRequest) throws(PushError) {
        try provider.register(request)
        // An SDK that takes the delegate when it registers (JPush's
        // `registerForRemoteNotificationConfig:delegate:`) has it now.
        if provider.centerDelegateOwner.isSDK { notificationCenterDelegateSet() }
    }

    /// Forwards the APNs device token (from `didRegisterForRemoteNotificationsWithDeviceToken:`).
    /// Withheld, and reported as a `PushDiagnostic.Code.withheldBeforeConsent` diagnostic, before
    /// the user's consent allows push or after it was withdrawn: no `registered` event then.
    package func didRegisterForRemoteNotifications(deviceToken: [UInt8]) {
        guard mayForwardRegistration else {
            return report(
                PushDiagnostic(
                    code: .withheldBeforeConsent, notificationID: "none",
                    message: "the device token was not forwarded to \(provider.id): the user's consent does not allow push (start(consent:))"))
        }
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

    /// Sets the number on the app's icon — `0` clears it — and, where the provider keeps a
    /// server-side count for its "+1" badges (JPush, Getui: `setBadge:`, `resetBadge` for 0), that
    /// count too: the one way to set and clear the badge, whatever the provider.
    ///
    /// The icon is iOS's: `UNUserNotificationCenter.setBadgeCount(_:withCompletionHandler:)` on
    /// iOS 16+, `UIApplication.applicationIconBadgeNumber` before (Apple deprecated it in iOS 17).
    /// The providers' calls set the server's count only ("本接口不会改变应用本地的角标值",
    /// `JPUSHService.h` 5.9.0 `setBadge:`; "本地仍须调用setApplicationIconBadgeNumber函数",
    /// `GeTuiSdk.h` 3.1.0.0 `setBadge:`). Before the user's consent the icon is set and the
    /// provider's count is not (a `PushDiagnostic.Code.withheldBeforeConsent` diagnostic).
    ///
    /// ```swift
    /// try await push.setBadge(0)  // the user read everything: clear the icon and the server's count
    /// ```
    ///
    /// - Throws: `PushError.Code.outOfRange` for a negative value or one the provider refuses
    ///   (JPush: above 99,999), the provider's error, or `PushError.Code.providerFailure` when
    ///   iOS could not set the icon (`PushError.Code.unsupported` when the client has no
    ///   notification center: one made outside the UIKit glue and the test kit). The server's
    ///   count is set first, so a refused value changes neither.
    public func setBadge(_ value: Int) async throws(PushError) {
        guard value >= 0 else { throw PushError(.outOfRange, field: "badge", "\(value) is negative: 0 clears the badge") }
        guard let system = notificationSystem else {
            throw PushError(
                .unsupported, field: "badge",
                "this client was given no notification center to set the icon's badge with: PushAppIntegration's launch entry point (or PushAppDelegate) gives it iOS's"
            )
        }
        if let server = provider.optionalRole((any ServerBadgeProvider).self, .serverBadge) {
            if mayForwardRegistration {
                try server.setBadge(BadgeRequest(value: value))
            } else {
                report(
                    PushDiagnostic(
                        code: .withheldBeforeConsent, notificationID: "none",
                        message: "\(provider.id)'s server-side badge was not set to \(value): the user's consent does not allow push; the icon's was")
                )
            }
        }
        let failure = await withCheckedContinuation { (done: CheckedContinuation<PushError.VendorCode?, Never>) in
            system.setBadgeCount(value) { done.resume(returning: $0) }
        }
        if let failure {
            throw PushError(.providerFailure, field: "badge", "iOS could not set the icon's badge to \(value) (\(failure))", vendorCode: failure)
        }
    }

    /// Reports what the user did with a provider message (Getui feedback).
    ///
    /// The report is *submitted* to the SDK; the receipt does not mean the provider's server
    /// received it. A provider without `PushCapabilities.customFeedback` throws
    /// `PushError.Code.unsupported`.
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
