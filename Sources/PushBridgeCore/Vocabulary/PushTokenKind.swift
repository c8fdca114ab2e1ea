/// Which of the tokens beside the APNs device token a provider is handed or an app is told of:
/// the PushKit VoIP token, a Live Activity's push token, or an attributes type's push-to-start
/// token (`PushKitEvent.TokenChange`, in `PushBridgePushKit`).
///
/// In the vocabulary, not in `PushBridgePushKit`, because the providers take these tokens
/// (`LiveActivityTokenRequest.kind`) and the configuration switches them on (`PushFeatures`).
public enum PushTokenKind: Sendable, Hashable, CustomStringConvertible {
    /// The PushKit VoIP token (`pushRegistry(_:didUpdate:for:)` with `.voIP`).
    case voip
    /// One Live Activity's push token (ActivityKit `Activity.pushTokenUpdates`, iOS 16.1+), with
    /// the identifier the app's server knows the activity by (`Activity.id`, or the app's own).
    case liveActivity(activityID: String)
    /// The push-to-start token of one `ActivityAttributes` type (ActivityKit
    /// `Activity<Attributes>.pushToStartTokenUpdates`, iOS 17.2+), with the type's name.
    case pushToStart(attributesType: String)

    /// `voip`, `liveActivity(order-42)`, `pushToStart(DeliveryAttributes)`.
    public var description: String {
        switch self {
        case .voip: "voip"
        case .liveActivity(let id): "liveActivity(\(id))"
        case .pushToStart(let type): "pushToStart(\(type))"
        }
    }
}
