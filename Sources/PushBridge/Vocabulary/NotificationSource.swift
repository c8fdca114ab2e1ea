/// Where a notification comes from.
public enum NotificationSource: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A remote (APNs) notification.
    case remote
    /// A local notification the app scheduled.
    case local
    /// A JPush custom message (自定义消息), over JPush's own connection, not APNs.
    case jpushCustomMessage = "jpush.customMessage"
    /// A Getui passthrough message (透传), over Getui's own connection, not APNs.
    case getuiPassthrough = "getui.passthrough"

    /// The provider whose own channel carries this source, if it is not iOS's.
    public var channel: PushProviderKind? {
        switch self {
        case .remote, .local: nil
        case .jpushCustomMessage: .jpush
        case .getuiPassthrough: .getui
        }
    }

    /// The scenario value.
    public var description: String { rawValue }
}

