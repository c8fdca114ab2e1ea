/// Something PushBridge decided that the app may want to know about: a case it could not tell
/// apart with certainty, or input it could not read, and what it did. Never carries a payload
/// value or a secret.
///
/// The normaliser reports one whenever the callbacks it was handed leave two readings open (see
/// `OneDeliveryOneEvent.md`): it picks the documented one and says so here, instead of merging
/// or duplicating silently. A provider adapter (or the UIKit glue) reports one whenever it could
/// not read what a callback handed it (``Code/unreadablePayload``, ``Code/unreadableMessage``):
/// input is never dropped in silence.
///
/// ```swift
/// client.setDiagnosticHandler { diagnostic in logger.notice("\(diagnostic)") }
/// ```
public struct PushDiagnostic: Sendable, Equatable, CustomStringConvertible {
    /// What was decided.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// Two calls of the same path carried byte-identical payloads with no message ID or
        /// request identifier, within the correlation interval and with no call between them:
        /// taken as one delivery handed over twice (an SDK hooking the method and the app
        /// forwarding it), not as two deliveries.
        case identicalCallsMerged
        /// A foreground `content-available` call matched a notification presented earlier and
        /// not yet acted on: it was either the tap on that banner or the arrival of an identical
        /// new one. Decided by whether `willPresent` followed within the correlation interval.
        case foregroundCallResolved
        /// A callback's payload could not be read as a notification (no `aps` object, a value
        /// with no JSON form): unless the message says what was kept instead, the callback's
        /// completion handler was answered with its default (no presentation, `.noData`, done)
        /// and no event was published. ``PushDiagnostic/error`` names the field and what was
        /// expected.
        case unreadablePayload
        /// A message on a provider's own channel could not be read as its definition expects (a
        /// JPush custom message without `content`, a Getui passthrough without its IDs): it was
        /// still delivered, as it came, named by its IDs or a hash of its payload.
        /// ``PushDiagnostic/error`` names the field and what was expected.
        case unreadableMessage
        /// A provider SDK call that needs no answer (a receipt, the device token) was not made
        /// because the user has not accepted the privacy policy (``PrivacyConsent``);
        /// ``PushDiagnostic/error`` says so. Calls that answer throw
        /// ``PushError/Code/consentRequired`` instead.
        case withheldBeforeConsent
        /// The app was launched with no notification in its launch options (by the user, or into
        /// the background) before any notification-center delegate was set, and launch ended
        /// (the app became active) with no response reaching it. If the user's action button (or
        /// a tap on a scene app that connected without the response) launched it, iOS had no
        /// delegate to hand the response to, and the response is lost (Apple, `UNUserNotificationCenterDelegate`: assign the
        /// delegate "before your app finishes launching"; urbanairship/ios-library#260, iOS
        /// 13.6.1: an action's launch carries no notification). Set the delegate before
        /// `didFinishLaunching` returns and tell the client
        /// (`PushClient.notificationCenterDelegateSet()`).
        case launchedBeforeCenterDelegate
        /// A token arrived for a feature the configuration does not switch on (`voip`,
        /// `liveActivities`, `liveActivities.pushToStart`; `PushFeatures`): it was published on
        /// `PushClient.pushKitEvents()` (`PushBridgePushKit`) but forwarded to no provider.
        case featureNotSwitchedOn
        /// One push reached the app on two channels of its provider — the APNs notification and
        /// the custom message of one JPush push (API v3 sends both in one call), a Getui
        /// passthrough and its APNs copy — named by the same message ID: the first to arrive was
        /// told (`received` or `message`), and the later one, the same delivery, was dropped.
        /// Also reported for a message that arrives after the user responded to its notification.
        /// See `OneDeliveryOneEvent.md`, rule 1.
        case channelCopyDropped
        /// A registration named a notification category the app never declared
        /// (`PushAppDelegate.notificationCategories`, `PushAppIntegration.setNotificationCategories`):
        /// the provider's SDK was registered with the categories that were declared, without it.
        case undeclaredCategory

        /// Whether the two are the same case (by case, not by comparing raw strings).
        public static func == (lhs: Code, rhs: Code) -> Bool { lhs.ordinal == rhs.ordinal }

        /// Hashes the case, not its raw value.
        public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }

        /// The case's position in the declaration, which `==` compares and `hash(into:)` hashes:
        /// `RawRepresentable`'s defaults, which a raw-value enum gets otherwise, build and compare the
        /// raw strings at each use (`Benchmarks/README.md`, "What an app ships").
        private var ordinal: Int {
            switch self {
            case .identicalCallsMerged: 0
            case .foregroundCallResolved: 1
            case .unreadablePayload: 2
            case .unreadableMessage: 3
            case .withheldBeforeConsent: 4
            case .launchedBeforeCenterDelegate: 5
            case .featureNotSwitchedOn: 6
            case .channelCopyDropped: 7
            case .undeclaredCategory: 8
            }
        }
    }

    /// What was decided.
    public let code: Code
    /// The identity of the delivery concerned (as its events carry it).
    public let notificationID: String
    /// One line: what PushBridge saw and what it did.
    public let message: String
    /// The error that made PushBridge drop the input or fall back (its code, the field concerned
    /// and what was expected), for ``Code/unreadablePayload`` and ``Code/unreadableMessage``.
    public let error: PushError?

    /// A diagnostic from its parts.
    public init(code: Code, notificationID: String, message: String, error: PushError? = nil) {
        self.code = code
        self.notificationID = notificationID
        self.message = message
        self.error = error
    }

    /// A callback whose payload could not be read: it was answered with its default and produced
    /// no event.
    ///
    /// ```swift
    /// do {
    ///     note = try PushNotification(userInfo: userInfo, identifier: identifier)
    /// } catch {
    ///     client.report(.unreadablePayload(in: SystemCallback.willPresent.rawValue, notificationID: identifier, error: error))
    ///     completionHandler([])
    ///     return
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - callback: The delegate method (its selector) whose payload it was.
    ///   - notificationID: The identity the notification would have had, as far as it is known
    ///     (see `NotificationIdentity`): its message ID, request identifier or payload hash.
    ///   - error: Why it could not be read; its field and message are kept, never a value.
    public static func unreadablePayload(in callback: String, notificationID: String, error: PushError) -> PushDiagnostic {
        PushDiagnostic(
            code: .unreadablePayload, notificationID: notificationID,
            message: "\(callback): the payload could not be read (\(error)); the callback was answered with its default and produced no event",
            error: error)
    }

    /// A provider's own-channel message that could not be read as its definition expects, and
    /// was delivered as it came.
    ///
    /// - Parameters:
    ///   - channel: The channel it came on (`jpush.customMessage`, `getui.passthrough`).
    ///   - notificationID: The identity it was delivered under (its IDs, or its payload's hash).
    ///   - error: Why it could not be read; its field and message are kept, never a value.
    public static func unreadableMessage(on channel: NotificationSource, notificationID: String, error: PushError) -> PushDiagnostic {
        PushDiagnostic(
            code: .unreadableMessage, notificationID: notificationID,
            message: "\(channel): the message could not be read (\(error)); it was delivered as it came", error: error)
    }

    /// A launch seen before any notification-center delegate was set
    /// (``Code/launchedBeforeCenterDelegate``).
    ///
    /// - Parameter state: The application state of the launch (`inactive` when the user brought
    ///   the app to the screen, `background` when iOS launched it there).
    public static func launchedBeforeCenterDelegate(state: ApplicationState) -> PushDiagnostic {
        PushDiagnostic(
            code: .launchedBeforeCenterDelegate, notificationID: "unidentified",
            message: "launched (\(state)) with no notification in the launch options before a notification-center delegate was set, "
                + "and no response followed: if an action button launched the app, its response reached no delegate and is lost; "
                + "set the delegate before didFinishLaunching returns")
    }

    /// `code (id): message`.
    public var description: String { "\(code.rawValue) (\(notificationID)): \(message)" }
}
