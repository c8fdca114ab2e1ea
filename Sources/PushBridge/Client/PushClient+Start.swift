/// Starting push in one call: consent, the provider's start, and registration.
extension PushClient {
    /// Records the user's privacy consent, starts the provider's SDK and registers for remote
    /// notifications, asking the user for `authorization`: what an app calls once launch has been
    /// forwarded (`PushAppDelegate` calls it for the app).
    ///
    /// The launch notification is the one the launch options held
    /// (`didFinishLaunching(launchOptions:state:)`), the iOS version ``IOSVersion/running``,
    /// the app group the configuration's `serviceExtension.appGroup`. It never throws and never
    /// traps; what stops push is published as a `registrationFailed` event (held for the first
    /// subscriber):
    /// - consent `.denied` with a provider that needs it (JPush, Getui): nothing is started, and
    ///   the event says consent is required (``PushError/Code/consentRequired``); call this again
    ///   with `.granted` once the user accepts. Plain APNs needs no consent and starts either way.
    /// - an option the device's iOS lacks, or an SDK that refused: the provider's error.
    ///
    /// Once push has started, calling this again only records the consent (the SDK is started
    /// and registered once per launch).
    ///
    /// ```swift
    /// client.start(consent: UserDefaults.standard.bool(forKey: "privacyAccepted") ? .granted : .denied)
    /// ```
    ///
    /// - Parameters:
    ///   - consent: The user's answer to the app's privacy policy.
    ///   - authorization: What to ask the user for.
    ///   - categories: The identifiers of the notification categories to register with the
    ///     provider (JPush registers them; with APNs and Getui the app sets them on
    ///     `UNUserNotificationCenter`).
    public func start(consent: PrivacyConsent, authorization: AuthorizationOptions = [.alert, .badge, .sound], categories: [String] = []) {
        // Push is off: the reason was published when the client was made.
        guard configurationProblem == nil else { return }
        do throws(PushError) {
            try setPrivacyConsent(consent)
            let started = core.start.withLock { $0.started }
            if consent != .granted, provider.needsPrivacyConsent, !started {
                throw PushError(
                    .consentRequired, field: "consent",
                    "\(provider.id) may not start before the user accepts the privacy policy: push stays off until start(consent: .granted)")
            }
            // Taken once: a second call (or a racing one) finds it started.
            guard let launch = core.start.withLock({ record -> StartRecord? in
                guard !record.started else { return nil }
                record.started = true
                return record
            }) else { return }
            let ios = IOSVersion.running ?? IOSVersion(13)
            try start(PushStartRequest(iosVersion: ios, launchNotification: launch.launchNotification, launchOptionsKey: launch.launchOptionsKey))
            try register(PushRegistrationRequest(iosVersion: ios, options: authorization, categories: categories))
        } catch {
            core.publish(.registrationFailed(.init(provider: provider.id, error: error)))
        }
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
/// launch options' notification, and whether push started already.
struct StartRecord: Sendable {
    /// The notification the launch options held.
    var launchNotification: PushNotification?
    /// The launch options key that held it.
    var launchOptionsKey: LaunchOptionsKey?
    /// Whether the provider was started (and registration asked for).
    var started = false
    /// Why push is off, for a client made from a configuration file it could not use.
    var configurationProblem: PushError?
}
