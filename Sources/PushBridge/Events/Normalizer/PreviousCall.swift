import PushBridgeCore

/// The previous callback the normaliser saw: a call of the same path with an identical payload,
/// right after it and within the correlation interval, is the same delivery handed over twice.
struct PreviousCall: Sendable {
    var fingerprint: UInt64
    var callback: SystemCallback
    var state: ApplicationState
    var time: Double
    var deliveryID: String
}
