import PushBridge

/// Getui's `SdkStatus`.
public enum GetuiSdkStatus: Int, Sendable, Hashable, CaseIterable {
    /// `SdkStatusStarting` (0).
    case starting = 0
    /// `SdkStatusStarted` (1).
    case started = 1
    /// `SdkStatusStoped` (2, sic).
    case stoped = 2
    /// `SdkStatusOffline` (3).
    case offline = 3

    /// The provider-neutral connection state.
    public var connectionState: PushEvent.ConnectionState {
        switch self {
        case .starting: .connecting
        case .started: .online
        case .stoped: .stopped
        case .offline: .offline
        }
    }
}
