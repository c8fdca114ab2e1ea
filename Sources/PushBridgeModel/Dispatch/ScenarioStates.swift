import PushBridge

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
    /// A Live Activity update's alert on a device with the Dynamic Island: the activity's
    /// expanded presentation, not a notification (Apple, Human Interface Guidelines, "Live
    /// Activities": an update with an alert shows the expanded presentation on such a device).
    case expandedActivity

    /// The trace value.
    public var description: String { rawValue }

    /// Whether the user has something to tap, dismiss or press an action on, as a notification:
    /// not a Live Activity's expanded presentation, which opens the app through the activity.
    public var isActionable: Bool { self != .none && self != .expandedActivity }
}

extension PresentationOptions {
    /// What the system shows for a visible notification given these options on `version`.
    ///
    /// `banner` and `list` exist from iOS 14; before that they are ignored *(inference)*.
    /// `alert` shows a banner on every version (deprecated on 14+, still honoured).
    public func display(on version: IOSVersion) -> NotificationDisplay {
        let modern = version >= IOSVersion(14)
        if contains(.alert) || (modern && contains(.banner)) { return .banner }
        if modern && contains(.list) { return .list }
        return .none
    }
}

/// How the app is built: with the app delegate alone, or with scenes (UIKit `UISceneDelegate`, and
/// every SwiftUI `App`, whose windows are scenes).
///
/// Apple's `application(_:didFinishLaunchingWithOptions:)` page: "If the app supports scenes, this
/// is `nil`" (the launch options); the response that launched the app is in the scene's
/// `UIScene.ConnectionOptions.notificationResponse` instead, and, when the center's delegate was
/// set before launch ended, also reaches `userNotificationCenter(_:didReceive:withCompletionHandler:)`
/// *(Apple's delegate page; no public report shows both for one tap, and two report
/// `notificationResponse` nil on a cold start while `didReceive` had it — onmyway133/blog#884,
/// Getui's Flutter plugin comments; PushBridge ties the two by the response's request identifier,
/// so either alone or both yield one event)*. TN3187: the scene life cycle is required after iOS 26.
public enum AppLifecycle: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The app delegate alone: the launch options carry the notification (the default).
    case appDelegate
    /// Scenes (iOS 13+): no notification in the launch options; the scene's connection carries
    /// the response when the user's tap or foreground action launched the app.
    case scenes

    /// The scenario value.
    public var description: String { rawValue }
}
