/// The value of `UIApplication.applicationState` during a callback.
public enum ApplicationState: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// In the foreground and receiving events.
    case active
    /// In the foreground but not receiving events: how a tap brings an app to the screen.
    case inactive
    /// In the background.
    case background

    /// The trace value.
    public var description: String { rawValue }
}

/// The key under which `launchOptions` carries the notification that launched the app.
public enum LaunchOptionsKey: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `UIApplicationLaunchOptionsRemoteNotificationKey`.
    case remoteNotification
    /// `UIApplicationLaunchOptionsLocalNotificationKey`.
    case localNotification

    /// The trace value.
    public var description: String { rawValue }
}
