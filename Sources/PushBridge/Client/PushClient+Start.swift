import PushBridgeCore
import PushBridgeProviderKit

/// Starting push with the user's consent, and turning it off when the user withdraws it.
extension PushClient {
    /// Records the user's answer to the app's privacy policy and, once it allows push, starts the
    /// provider's SDK and registers for remote notifications asking for `authorization`: what an
    /// app calls at launch, once launch has been forwarded (`PushAppDelegate` calls it with its
    /// `privacyConsent`), and again whenever the user answers.
    ///
    /// Nothing starts — no provider, plain APNs included, and no permission prompt — before the
    /// app's answer allows it:
    /// - `.denied` (or no call yet): nothing is started; a `registrationFailed` event says consent
    ///   is required (`PushError.Code.consentRequired`). Call this again with `.granted` once the
    ///   user accepts.
    /// - `.granted`: push starts, once per launch (a second call asks for nothing more).
    /// - `.notRequired`: the app asks no consent for push; providers that need none (plain APNs)
    ///   start, JPush and Getui — whose vendors require it — stay off with `consentRequired`.
    /// - `.denied` after push started withdraws the consent and turns push off for every
    ///   provider: the SDK is told (JPush: `JCollectionAuth:` NO; Getui: `setPushModeForOff:` YES),
    ///   the app unregisters from APNs (`unregisterForRemoteNotifications()`), and no device
    ///   token or `registered` event is forwarded any more. Notifications iOS already shows are
    ///   still handled when the user acts on them. A later `.granted` in the same launch
    ///   registers again.
    ///
    /// Asking for permission is a moment of its own: start with `authorization: [.provisional]`
    /// (iOS 12+: delivered quietly, no prompt) or `[]` (the token only: APNs gives one without
    /// authorization), and ask with ``authorizationStatus(requesting:)`` when the app decides.
    ///
    /// The launch notification is the one the launch options held
    /// (`didFinishLaunching(launchOptions:state:)`), the iOS version `IOSVersion.running`,
    /// the app group the configuration's `serviceExtension.appGroup`. It never throws and never
    /// traps: what stops push is published as a `registrationFailed` event (held for the first
    /// subscriber), an option the device's iOS lacks or an SDK that refused included.
    ///
    /// ```swift
    /// push.start(consent: UserDefaults.standard.bool(forKey: "privacyAccepted") ? .granted : .denied)
    /// ```
    ///
    /// - Parameters:
    ///   - consent: The user's answer to the app's privacy policy.
    ///   - authorization: What to ask the user for when push starts; `nil` keeps what an earlier
    ///     call said (`[.alert, .badge, .sound]` if none did).
    ///   - categories: The identifiers of the notification categories to register with the
    ///     provider; `nil` keeps what an earlier call or `PushAppIntegration.setNotificationCategories`
    ///     said.
    public func start(consent: PrivacyConsent, authorization: AuthorizationOptions? = nil, categories: [String]? = nil) {
        // Push is off: the reason was published when the client was made.
        guard configurationProblem == nil else { return }
        let before = core.start.withLock { record -> (started: Bool, withdrawn: Bool) in
            let before = (record.started, record.withdrawn)
            record.consent = consent
            if let authorization { record.authorization = authorization }
            if let categories { record.categories = categories }
            return before
        }
        do throws(PushError) {
            try setPrivacyConsent(consent)
            guard consent.allowsPush else {
                if before.started {
                    if !before.withdrawn { withdraw() }
                    return
                }
                throw PushError(
                    .consentRequired, field: "consent",
                    "\(provider.id) may not start before the user accepts the privacy policy: push stays off until start(consent: .granted)")
            }
            if consent == .notRequired, provider.needsPrivacyConsent {
                throw PushError(
                    .consentRequired, field: "consent",
                    "\(provider.id)'s vendor requires the user's consent before its SDK is called: ask it, and start with .granted (.notRequired is for plain APNs)"
                )
            }
            // Taken once: a second call (or a racing one) finds it started, or registers again
            // after a withdrawal (then without starting). The requests are made under the lock,
            // from what the record holds at that moment.
            let ios = IOSVersion.running ?? IOSVersion(13)
            let requests = core.start.withLock { record -> (start: PushStartRequest?, registration: PushRegistrationRequest)? in
                let registration = PushRegistrationRequest(iosVersion: ios, options: record.authorization, categories: record.categories)
                if record.started {
                    guard record.withdrawn else { return nil }
                    record.withdrawn = false
                    return (nil, registration)
                }
                record.started = true
                let launch = PushStartRequest(
                    iosVersion: ios, launchNotification: record.launchNotification, launchOptionsKey: record.launchOptionsKey)
                return (launch, registration)
            }
            guard let requests else { return }
            if let request = requests.start { try start(request) }
            try register(requests.registration)
        } catch {
            core.publish(.registrationFailed(.init(provider: provider.id, error: error)))
        }
    }

    /// The user withdrew consent after push started: the provider was told by
    /// `setPrivacyConsent(.denied)`; the app unregisters from APNs, and the client forwards no
    /// token or registration from now on.
    private func withdraw() {
        core.start.withLock { $0.withdrawn = true }
        if let system = notificationSystem {
            system.unregisterForRemoteNotifications()
        } else {
            report(
                PushDiagnostic(
                    code: .withheldBeforeConsent, notificationID: "none",
                    message:
                        "the consent was withdrawn, but this client has no notification center to unregister from APNs with: its provider was told"))
        }
    }

    /// Whether a device token or registration may be forwarded now: the app's answer is not
    /// `.denied`, and the consent was not withdrawn. (A provider author who starts the provider
    /// without ``start(consent:authorization:categories:)`` gave no answer: its provider's own
    /// consent gate decides.)
    var mayForwardRegistration: Bool {
        core.start.withLock { $0.consent != .denied && !$0.withdrawn }
    }

    /// The categories' identifiers to register with the provider when push starts (unless the
    /// start call names its own): what `PushAppIntegration.setNotificationCategories` set on the
    /// notification center.
    package func useNotificationCategories(_ identifiers: [String]) {
        core.start.withLock { $0.categories = identifiers }
    }

    /// Remembers the notification the app was launched for, for ``start(consent:authorization:categories:)``.
    func recordLaunch(_ invocation: CallbackInvocation) {
        core.start.withLock { record in
            record.launchNotification = invocation.notification
            record.launchOptionsKey = invocation.launchOptionsKey
        }
    }
}

/// What ``PushClient/start(consent:authorization:categories:)`` needs from earlier calls: the
/// launch options' notification, the user's answer, what to ask and register, and whether push
/// started already.
///
/// A class, not a struct: it never leaves its lock (`PushClientCore.start`), which is what makes
/// it `Sendable` (hence `@unchecked`), and a struct of these eight fields needed a value witness
/// table and outlined copies of its own.
final class StartRecord: @unchecked Sendable {
    /// The notification the launch options held.
    var launchNotification: PushNotification?
    /// The launch options key that held it.
    var launchOptionsKey: LaunchOptionsKey?
    /// The user's answer, as the last call gave it; `nil` before the first.
    var consent: PrivacyConsent?
    /// What to ask the user for when push starts.
    var authorization: AuthorizationOptions = [.alert, .badge, .sound]
    /// The categories' identifiers to register with the provider.
    var categories: [String] = []
    /// Whether the provider was started (and registration asked for).
    var started = false
    /// Whether the user withdrew consent after push started.
    var withdrawn = false
    /// Why push is off, for a client made from a configuration file it could not use.
    var configurationProblem: PushError?
}
