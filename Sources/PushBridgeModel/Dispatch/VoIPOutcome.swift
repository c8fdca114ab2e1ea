import PushBridge

/// What becomes of a VoIP push (`apns-push-type: voip`): PushKit hands it to the app's
/// `pushRegistry(_:didReceiveIncomingPushWith:for:completion:)`, launching the app if needed, and
/// from iOS 13 the app must report a call to CallKit before that handler returns.
///
/// Apple, `pushRegistry(_:didReceiveIncomingPushWith:for:completion:)`: "On iOS 13.0 and later,
/// you must report incoming calls to CallKit … If you fail to report a call to CallKit, the
/// system will terminate your app. Repeatedly failing to report calls may cause the system to stop
/// delivering any more VoIP push notifications to your app."
public enum VoIPOutcome: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The app reported a call to CallKit: the incoming-call UI shows.
    case callReported
    /// iOS 13+: the app did not report a call, and the system terminated it.
    case appTerminated
    /// Before iOS 13, reporting a call was not required.
    case notRequired

    /// The trace value.
    public var description: String { rawValue }

    /// The outcome of `scenario`'s VoIP push.
    init(_ scenario: borrowing DispatchScenario) {
        if scenario.ios.major < 13 {
            self = scenario.reportsCall ? .callReported : .notRequired
        } else {
            self = scenario.reportsCall ? .callReported : .appTerminated
        }
    }
}
