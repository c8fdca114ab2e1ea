import PushBridge
import PushBridgeProviderKit

/// Builders shared by the client tests.
enum Fixture {
    /// A remote notification with an alert and the given identifier.
    static func notification(_ id: String, contentAvailable: Bool = false) throws -> PushNotification {
        var aps: JSONObject = ["alert": .string("Hello \(id)")]
        if contentAvailable { aps["content-available"] = 1 }
        // The payload has no provider ID, so the identifier is the notification's identity.
        return try PushNotification(payload: ["aps": .object(aps)], identifier: id)
    }

    /// Method 4 for `notification`.
    static func willPresent(_ notification: PushNotification) -> CallbackInvocation {
        CallbackInvocation(callback: .willPresent, state: .active, notification: notification)
    }

    /// Method 3 in `state` for `notification`.
    static func fetch(_ notification: PushNotification, _ state: ApplicationState) -> CallbackInvocation {
        CallbackInvocation(callback: .didReceiveRemoteNotificationFetch, state: state, notification: notification)
    }

    /// Method 5 with `action` for `notification`.
    static func response(
        _ notification: PushNotification, _ action: ResponseAction = .default, _ state: ApplicationState = .inactive
    ) -> CallbackInvocation {
        CallbackInvocation(callback: .didReceiveResponse, state: state, action: action, notification: notification)
    }

    /// Method 1 launched by the user for `notification`.
    static func coldLaunch(_ notification: PushNotification) -> CallbackInvocation {
        CallbackInvocation(
            callback: .didFinishLaunching, state: .inactive, launchOptionsKey: .remoteNotification, notification: notification)
    }
}
