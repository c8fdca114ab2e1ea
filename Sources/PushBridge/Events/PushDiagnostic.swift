/// Something PushBridge decided that the app may want to know about: a case it could not tell
/// apart with certainty, and what it did. Never carries a payload value or a secret.
///
/// The normaliser reports one whenever the callbacks it was handed leave two readings open (see
/// <doc:OneDeliveryOneEvent>): it picks the documented one and says so here, instead of merging
/// or duplicating silently.
///
/// ```swift
/// client.setDiagnosticHandler { diagnostic in logger.notice("\(diagnostic)") }
/// ```
public struct PushDiagnostic: Sendable, Hashable, CustomStringConvertible {
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
    }

    /// What was decided.
    public var code: Code
    /// The identity of the delivery concerned (as its events carry it).
    public var notificationID: String
    /// One line: what PushBridge saw and what it did.
    public var message: String

    /// A diagnostic from its parts.
    public init(code: Code, notificationID: String, message: String) {
        self.code = code
        self.notificationID = notificationID
        self.message = message
    }

    /// `code (id): message`.
    public var description: String { "\(code.rawValue) (\(notificationID)): \(message)" }
}
