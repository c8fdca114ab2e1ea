import PushBridge

/// What the dispatch model knows of each callback beyond what an app's runtime needs: its label
/// in traces and tables, and the iOS versions that call it. Here, not in the runtime, so that an
/// app does not ship them.
extension SystemCallback {
    /// The label traces and tables use: `1`–`5`, `L`, `A` or `AL`; `S` for the scene connection.
    package var seedLabel: String {
        switch self {
        case .didFinishLaunching: "1"
        case .didReceiveRemoteNotification: "2"
        case .didReceiveRemoteNotificationFetch: "3"
        case .willPresent: "4"
        case .didReceiveResponse: "5"
        case .didReceiveLocalNotification: "L"
        case .handleActionForRemote: "A"
        case .handleActionForLocal: "AL"
        case .sceneWillConnect: "S"
        }
    }

    /// The first iOS version on which iOS calls this method.
    package var introduced: IOSVersion {
        switch self {
        case .didFinishLaunching, .didReceiveRemoteNotification: IOSVersion(3)
        case .didReceiveLocalNotification: IOSVersion(4)
        case .didReceiveRemoteNotificationFetch: IOSVersion(7)
        case .handleActionForRemote, .handleActionForLocal: IOSVersion(8)
        case .willPresent, .didReceiveResponse: IOSVersion(10)
        case .sceneWillConnect: IOSVersion(13)
        }
    }

    /// The first iOS version on which iOS no longer calls this method, if there is one.
    ///
    /// The local-notification and action handlers of `UIApplicationDelegate` gave way to the
    /// UserNotifications framework in iOS 10. Method 2 is deprecated there but still called.
    package var removed: IOSVersion? {
        switch self {
        case .didReceiveLocalNotification, .handleActionForRemote, .handleActionForLocal: IOSVersion(10)
        default: nil
        }
    }

    /// Whether iOS `version` calls this method at all.
    package func exists(on version: IOSVersion) -> Bool {
        version >= introduced && removed.map { version < $0 } ?? true
    }
}
