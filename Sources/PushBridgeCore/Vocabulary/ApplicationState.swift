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

    /// Whether the two are the same case (by case, not by comparing raw strings).
    public static func == (lhs: ApplicationState, rhs: ApplicationState) -> Bool { lhs.ordinal == rhs.ordinal }

    /// Hashes the case, not its raw value.
    public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }

    /// The case's position in the declaration, which `==` compares and `hash(into:)` hashes:
    /// `RawRepresentable`'s defaults, which a raw-value enum gets otherwise, build and compare the
    /// raw strings at each use (`Benchmarks/README.md`, "What an app ships").
    private var ordinal: Int {
        switch self {
        case .active: 0
        case .inactive: 1
        case .background: 2
        }
    }
}

/// The key under which `launchOptions` carries the notification that launched the app.
public enum LaunchOptionsKey: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `UIApplicationLaunchOptionsRemoteNotificationKey`.
    case remoteNotification
    /// `UIApplicationLaunchOptionsLocalNotificationKey`.
    case localNotification

    /// The trace value.
    public var description: String { rawValue }

    /// Whether the two are the same case (by case, not by comparing raw strings).
    public static func == (lhs: LaunchOptionsKey, rhs: LaunchOptionsKey) -> Bool { lhs.ordinal == rhs.ordinal }

    /// Hashes the case, not its raw value.
    public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }

    /// The case's position in the declaration, which `==` compares and `hash(into:)` hashes:
    /// `RawRepresentable`'s defaults, which a raw-value enum gets otherwise, build and compare the
    /// raw strings at each use (`Benchmarks/README.md`, "What an app ships").
    private var ordinal: Int {
        switch self {
        case .remoteNotification: 0
        case .localNotification: 1
        }
    }
}
