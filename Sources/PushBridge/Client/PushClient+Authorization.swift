import PushBridgeCore
import PushBridgeProviderKit

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
