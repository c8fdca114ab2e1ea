/// A callback iOS makes into an app about a notification, named by its Objective-C selector.
///
/// Traces and tables number the five main ones 1–5, as a published on-device experiment did;
/// the table below is the legend (`L`, `A` and `AL` are the local-notification and action
/// handlers of iOS 4–9, `S` a scene's connection).
///
/// | # | selector | exists on |
/// |---|---|---|
/// | 1 | `application:didFinishLaunchingWithOptions:` | all |
/// | 2 | `application:didReceiveRemoteNotification:` | 3.0+ |
/// | 3 | `application:didReceiveRemoteNotification:fetchCompletionHandler:` | 7.0+ |
/// | 4 | `userNotificationCenter:willPresentNotification:withCompletionHandler:` | 10.0+ |
/// | 5 | `userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:` | 10.0+ |
/// | L | `application:didReceiveLocalNotification:` | 4.0–9.x |
/// | A | `application:handleActionWithIdentifier:forRemoteNotification:completionHandler:` | 8.0–9.x |
/// | AL | `application:handleActionWithIdentifier:forLocalNotification:completionHandler:` | 8.0–9.x |
/// | S | `scene:willConnectToSession:options:` with `notificationResponse` (scene apps) | 13.0+ |
public enum SystemCallback: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// 1: the launch, with launch options saying why the app was launched.
    case didFinishLaunching = "application:didFinishLaunchingWithOptions:"
    /// 2: the pre-iOS 7 remote notification handler (deprecated in iOS 10).
    case didReceiveRemoteNotification = "application:didReceiveRemoteNotification:"
    /// 3: the remote notification handler with a background-fetch completion handler (iOS 7+).
    case didReceiveRemoteNotificationFetch = "application:didReceiveRemoteNotification:fetchCompletionHandler:"
    /// 4: the notification center asks how to present a notification in the foreground (iOS 10+).
    case willPresent = "userNotificationCenter:willPresentNotification:withCompletionHandler:"
    /// 5: the notification center reports the user's response (iOS 10+).
    case didReceiveResponse = "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:"
    /// L: a local notification arrived in the foreground or was tapped (iOS 4–9).
    case didReceiveLocalNotification = "application:didReceiveLocalNotification:"
    /// A: a custom action on a remote notification (iOS 8–9).
    case handleActionForRemote = "application:handleActionWithIdentifier:forRemoteNotification:completionHandler:"
    /// AL: a custom action on a local notification (iOS 8–9).
    case handleActionForLocal = "application:handleActionWithIdentifier:forLocalNotification:completionHandler:"
    /// S: a scene app's scene connects to show the response that launched the app
    /// (`UISceneDelegate.scene(_:willConnectTo:options:)`, `connectionOptions.notificationResponse`;
    /// iOS 13+). A scene app's launch options carry no notification.
    case sceneWillConnect = "scene:willConnectToSession:options:"

    /// The selector.
    public var description: String { rawValue }

    /// Hashes the case, not the selector's text (a `Set<SystemCallback>` is hashed a lot).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(bit)
    }

    /// The callback's bit in a ``CallbackSet``.
    @inlinable
    package var bit: UInt16 {
        switch self {
        case .didFinishLaunching: 1 << 0
        case .didReceiveRemoteNotification: 1 << 1
        case .didReceiveRemoteNotificationFetch: 1 << 2
        case .willPresent: 1 << 3
        case .didReceiveResponse: 1 << 4
        case .didReceiveLocalNotification: 1 << 5
        case .handleActionForRemote: 1 << 6
        case .handleActionForLocal: 1 << 7
        case .sceneWillConnect: 1 << 8
        }
    }

    /// Whether this is a launch's call: 1, or a scene app's scene connecting (which carries the
    /// response that launched it, when there was one).
    package var beginsLaunch: Bool { self == .didFinishLaunching || self == .sceneWillConnect }

    /// Whether this method hands the app the payload (`userInfo`) alone, with no request
    /// identifier: 2, 3 and L (the launch options too, through 1).
    package var handsOverUserInfo: Bool {
        switch self {
        case .didReceiveRemoteNotification, .didReceiveRemoteNotificationFetch, .didReceiveLocalNotification: true
        default: false
        }
    }

    /// Whether a call of this method hands the app a response (a user's action) to complete.
    @inlinable
    package var carriesResponse: Bool {
        switch self {
        case .didReceiveResponse, .handleActionForRemote, .handleActionForLocal, .sceneWillConnect: true
        default: false
        }
    }

    /// Whether the two are the same case (by case, not by comparing raw strings).
    public static func == (lhs: SystemCallback, rhs: SystemCallback) -> Bool { lhs.bit == rhs.bit }
}
