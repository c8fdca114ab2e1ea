import PushBridgeCore
import PushBridgeProviderKit

/// A 2 or 3 `active` whose meaning the next call decides: the tap on a banner 4 presented, or
/// the arrival of an identical new notification (then 4 follows at once).
struct DeferredCall: Sendable {
    var callback: SystemCallback
    var notification: PushNotification
    /// The delivery whose banner it matched.
    var presentedID: String
    var time: Double

    /// How the deferral ends.
    enum Decision {
        /// A new delivery of the same payload arrived: `next` is its 4.
        case arrival
        /// No 4 of an identical notification followed: the tap on the banner it matched.
        case tap
    }

    /// What the call about to be consumed (`nil`: none, the deadline passed) makes of it: the
    /// arrival of a new identical notification when `next` is its `willPresent` (same payload,
    /// a new request identifier, within the correlation interval); else the tap.
    func decision(before next: CallbackInvocation?, now: Double, resolver: borrowing DeliveryResolver) -> Decision {
        guard let next, next.callback == .willPresent, let note = next.notification, note.providerMessageID == nil,
            note.fingerprint == notification.fingerprint, let identifier = note.requestIdentifier,
            resolver.tiedDelivery(of: identifier) == nil, now - time <= resolver.correlationInterval
        else { return .tap }
        return .arrival
    }

    /// The diagnostic that says how it was decided, for the delivery `deliveryID`.
    func diagnostic(_ decision: Decision, deliveryID: String) -> PushDiagnostic {
        switch decision {
        case .arrival:
            PushDiagnostic(
                code: .foregroundCallResolved, notificationID: deliveryID,
                message: "\(callback.rawValue) (active) matched a banner still on screen, then willPresent "
                    + "followed: the arrival of an identical notification")
        case .tap:
            PushDiagnostic(
                code: .foregroundCallResolved, notificationID: deliveryID,
                message: "\(callback.rawValue) (active) matched a banner still on screen and no willPresent "
                    + "followed: the tap on that banner")
        }
    }
}
