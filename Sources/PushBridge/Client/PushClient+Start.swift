import PushBridgeCore
import PushBridgeProviderKit

/// Starting push with the user's consent, and turning it off when the user withdraws it; the
/// user's authorization (below), which starting asks for and the app may ask for later.
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

/// What the client asks of iOS itself, whatever the provider: the user's authorization for
/// notifications, the icon's badge, and unregistering from APNs when the user withdraws consent.
///
/// The UIKit glue hands the client `UNUserNotificationCenter` and `UIApplication` at launch
/// (`PushAppIntegration.application(_:didFinishLaunchingWithOptions:client:)`); the test kit a
/// simulated one (`SimulatedNotificationSettings`), which records each prompt.
package protocol NotificationSystem: Sendable {
    /// `getNotificationSettings(completionHandler:)`'s `authorizationStatus`, once.
    func authorizationStatus(_ completion: @escaping @Sendable (PushEvent.AuthorizationStatus) -> Void)
    /// `requestAuthorization(options:completionHandler:)`: `completion` once, when iOS answered
    /// (after the user did, if iOS asked them), with the system error's domain and code, if any.
    func requestAuthorization(_ options: AuthorizationOptions, completion: @escaping @Sendable (PushError.VendorCode?) -> Void)
    /// The number on the app's icon, 0 clearing it: `setBadgeCount(_:withCompletionHandler:)` on
    /// iOS 16+, `applicationIconBadgeNumber` before; `completion` once, with the error, if any.
    func setBadgeCount(_ count: Int, completion: @escaping @Sendable (PushError.VendorCode?) -> Void)
    /// `UIApplication.unregisterForRemoteNotifications()`.
    func unregisterForRemoteNotifications()
}

/// What the client knows of the user's authorization: the system it reads it from, the status
/// it saw last, and the order of its reads (a slow read never overwrites a later one).
///
/// A class, not a struct: it never leaves its lock (`PushClientCore.authorization`), which is
/// what makes it `Sendable` (hence `@unchecked`), and a struct needed a value witness table.
final class AuthorizationRecord: @unchecked Sendable {
    var system: (any NotificationSystem)?
    /// The status the client saw last; `nil` before its first read.
    var status: PushEvent.AuthorizationStatus?
    /// How many reads were started.
    var readsStarted = 0
    /// The read whose answer is ``status``.
    var readApplied = 0
}

/// The user's authorization for notifications: read it, ask for it when the app chooses, and
/// hear it change.
extension PushClient {
    /// The user's authorization for the app's notifications, as iOS reads it now — after asking
    /// for `requesting`, when it is not empty.
    ///
    /// Starting push and asking for permission are separate moments. An app that starts with
    /// `authorization: [.provisional]` (iOS 12+) or `[]` gets its token without a prompt, and asks
    /// here when it decides: iOS shows the prompt when the status is `notDetermined` or
    /// `provisional` (the upgrade), and answers at once with the stored choice otherwise (Apple,
    /// "Asking permission to use notifications"; `requestAuthorization(options:completionHandler:)`:
    /// "the system prompts the user only the first time"). A change it sees — here, or in
    /// Settings, read each time the app becomes active — is one `PushEvent.authorizationChanged(_:)`.
    ///
    /// ```swift
    /// let status = try await push.authorizationStatus(requesting: [.alert, .badge, .sound])
    /// if status == .denied { showHowToTurnNotificationsOn() }
    /// ```
    ///
    /// - Parameter options: What to ask the user for; `[]` (the default) only reads.
    /// - Throws: `PushError.Code.consentRequired` when asking before the user's consent
    ///   (`PrivacyConsent`: no prompt appears before it); `PushError.Code.unsupported` naming
    ///   each option the device's iOS lacks, or when the client has no notification center (one
    ///   made outside the UIKit glue and the test kit); `PushError.Code.providerFailure` with
    ///   the system error's domain and code when iOS refused the request.
    public func authorizationStatus(requesting options: AuthorizationOptions = []) async throws(PushError) -> PushEvent.AuthorizationStatus {
        guard let system = core.authorization.withLock({ $0.system }) else {
            throw PushError(
                .unsupported, field: "authorization",
                "this client was given no notification center: PushAppIntegration's launch entry point (or PushAppDelegate) gives it iOS's")
        }
        guard !options.isEmpty else { return await readAuthorizationStatus(system) }
        let consent = core.start.withLock { $0.consent }
        guard consent?.allowsPush == true else {
            throw PushError(
                .consentRequired, field: "authorization",
                "no permission prompt before the user's consent: call start(consent: .granted) (or .notRequired) first")
        }
        try PushRegistrationRequest(iosVersion: IOSVersion.running ?? IOSVersion(13), options: options).checkOptionsAvailable()
        // The status before the prompt, so that the answer is seen as the change it is.
        if core.authorization.withLock({ $0.status }) == nil { _ = await readAuthorizationStatus(system) }
        let failure = await withCheckedContinuation { (answered: CheckedContinuation<PushError.VendorCode?, Never>) in
            system.requestAuthorization(options) { answered.resume(returning: $0) }
        }
        let status = await readAuthorizationStatus(system)
        if let failure {
            throw PushError(
                .providerFailure, field: "authorization", "iOS did not ask for \(options) (\(failure)); the status is \(status)", vendorCode: failure)
        }
        return status
    }

    /// Gives the client iOS's notification center (or the test kit's), and reads the status it
    /// starts from: the UIKit glue calls it at launch.
    package func useNotificationSystem(_ system: any NotificationSystem) {
        core.authorization.withLock { $0.system = system }
        refreshAuthorizationStatus()
    }

    /// The notification center the client was given, if any.
    package var notificationSystem: (any NotificationSystem)? { core.authorization.withLock { $0.system } }

    /// Reads the status again — each time the app becomes active, so that a change made in
    /// Settings is seen — and publishes `PushEvent.authorizationChanged(_:)` when it differs
    /// from the one seen last.
    package func refreshAuthorizationStatus() {
        guard let (system, ticket) = startRead() else { return }
        system.authorizationStatus { [core] status in Self.apply(status, read: ticket, to: core) }
    }

    /// Reads the status, publishing the change if there is one, and returns it.
    private func readAuthorizationStatus(_ system: any NotificationSystem) async -> PushEvent.AuthorizationStatus {
        let ticket = core.authorization.withLock { record -> Int in
            record.readsStarted += 1
            return record.readsStarted
        }
        let status = await withCheckedContinuation { (read: CheckedContinuation<PushEvent.AuthorizationStatus, Never>) in
            system.authorizationStatus { read.resume(returning: $0) }
        }
        Self.apply(status, read: ticket, to: core)
        return status
    }

    /// The system and the number of a new read, if the client has a system.
    private func startRead() -> (any NotificationSystem, Int)? {
        core.authorization.withLock { record in
            guard let system = record.system else { return nil }
            record.readsStarted += 1
            return (system, record.readsStarted)
        }
    }

    /// Records what read `ticket` found, unless a later read was recorded first, and publishes
    /// the change: one event per status that differs from the one seen before (the first read
    /// only sets where the client starts from).
    private static func apply(_ status: PushEvent.AuthorizationStatus, read ticket: Int, to core: PushClientCore) {
        let changed = core.authorization.withLock { record -> Bool in
            guard ticket > record.readApplied else { return false }
            record.readApplied = ticket
            let before = record.status
            record.status = status
            return before != nil && before != status
        }
        if changed { core.publish(.authorizationChanged(status)) }
    }
}

extension PrivacyConsent {
    /// Whether push may start: the user granted consent, or the app asks none.
    var allowsPush: Bool { self != .denied }
}

/// What the simulated device reads of the start, and its simulated kill.
extension PushClient {
    /// Whether ``start(consent:authorization:categories:)`` started the provider and asked to
    /// register (for the simulated device, which then answers as iOS and the SDK would).
    package var startedPush: Bool { core.start.withLock { $0.started } }

    /// The app's process ended (a simulated kill): every stream ends after what it holds, as
    /// when the client goes away.
    package func endProcess() { core.close() }
}
