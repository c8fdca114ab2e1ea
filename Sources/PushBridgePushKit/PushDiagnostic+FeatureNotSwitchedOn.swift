import PushBridge

/// The diagnostic of a VoIP or Live Activity token whose feature the configuration leaves off:
/// only this module receives such tokens (PushKit, ActivityKit), so it builds the diagnostic, and
/// an app that links no `PushBridgePushKit` ships none of it.
extension PushDiagnostic {
    /// A token of a feature the configuration leaves off (`PushDiagnostic.Code.featureNotSwitchedOn`).
    ///
    /// - Parameters:
    ///   - key: The configuration key that would switch it on.
    ///   - kind: The token's kind (never its value).
    public static func featureNotSwitchedOn(_ key: String, token kind: PushTokenKind) -> PushDiagnostic {
        PushDiagnostic(
            code: .featureNotSwitchedOn, notificationID: "unidentified",
            message: "a \(kind) token arrived but \(key) is not switched on in the configuration: it was published, not forwarded to the providers")
    }
}

extension PushFeatures {
    /// The configuration key that switches on the feature of `kind`.
    static func key(for kind: PushTokenKind) -> String {
        switch kind {
        case .voip: "voip"
        case .liveActivity: "liveActivities"
        case .pushToStart: "liveActivities.pushToStart"
        }
    }
}
