/// Where the app is when a notification arrives.
public enum ArrivalState: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Running and on screen.
    case foreground
    /// Suspended or running in the background.
    case background
    /// Never launched, or terminated by the system.
    case notRunning
    /// Swiped away by the user in the app switcher: iOS does not launch it for a remote notification.
    case forceQuit

    /// The scenario value.
    public var description: String { rawValue }

    /// Whether the app has no process: a user's action on a notification is then a cold start.
    public var isTerminated: Bool { self == .notRunning || self == .forceQuit }
}

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

/// When the app sets `UNUserNotificationCenter.current().delegate`.
public enum CenterDelegateTiming: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Before `didFinishLaunching` returns, as Apple requires: the delegate sees cold-start responses.
    case beforeLaunchEnds
    /// Later: the delegate works for a running app but misses the response that launched it.
    case afterLaunch
    /// Never: methods 4 and 5 are never called.
    case none

    /// The scenario value.
    public var description: String { rawValue }
}

/// What the system showed when the notification arrived.
public enum NotificationDisplay: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A banner (or alert) the user can act on.
    case banner
    /// Only in Notification Center's list (iOS 14+).
    case list
    /// Nothing.
    case none

    /// The trace value.
    public var description: String { rawValue }

    /// Whether the user has something to tap, dismiss or press an action on.
    public var isActionable: Bool { self != .none }
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
