/// The push providers PushBridge has adapters for.
public enum PushProviderKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Apple's APNs, directly.
    case apns
    /// JPush (极光).
    case jpush
    /// Getui (个推).
    case getui

    /// The configuration value.
    public var description: String { rawValue }
}

/// A provider's connection to its own servers (JPush network notifications, Getui `SdkStatus`).
public enum ProviderConnectionState: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Connecting (JPush `kJPFNetworkIsConnectingNotification`/`DidSetup`, Getui `SdkStatusStarting`).
    case connecting
    /// Online and logged in (JPush `kJPFNetworkDidLoginNotification`, Getui `SdkStatusStarted`).
    case online
    /// Offline: messages are held by the provider (JPush `kJPFNetworkDidCloseNotification`, Getui `SdkStatusOffline`).
    case offline
    /// Stopped by the app (Getui `SdkStatusStoped`, JPush stopped).
    case stopped

    /// The JSON value.
    public var description: String { rawValue }
}
