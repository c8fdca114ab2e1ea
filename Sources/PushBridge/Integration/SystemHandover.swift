import PushBridgeCore
import PushBridgeProviderKit

/// A notification request as the notification center hands it over (`UNNotificationRequest`'s
/// identifier, its content's `userInfo`, and whether a push triggered it): what the UIKit glue
/// forwards, unread. Not `Sendable` (`userInfo` holds Foundation objects): the entry points read
/// it before anything crosses a thread.
package struct SystemNotification {
    /// `UNNotificationRequest.identifier`: made anew for each delivery.
    public var identifier: String
    /// `UNNotificationContent.userInfo`: the payload.
    public var userInfo: [AnyHashable: Any]
    /// Whether a push triggered the request (`UNPushNotificationTrigger`); else it is local.
    public var isRemote: Bool

    /// A request as the notification center handed it over.
    public init(identifier: String, userInfo: [AnyHashable: Any], isRemote: Bool) {
        self.identifier = identifier
        self.userInfo = userInfo
        self.isRemote = isRemote
    }
}

/// A response as the notification center hands it over (`UNNotificationResponse`): the
/// notification, the action's identifier, what the user typed.
package struct SystemResponse {
    /// The notification responded to.
    public var notification: SystemNotification
    /// `UNNotificationResponse.actionIdentifier`.
    public var actionIdentifier: String
    /// `UNTextInputNotificationResponse.userText`, for a text-input action.
    public var textInput: String?

    /// A response as the notification center handed it over.
    public init(notification: SystemNotification, actionIdentifier: String, textInput: String? = nil) {
        self.notification = notification
        self.actionIdentifier = actionIdentifier
        self.textInput = textInput
    }
}

/// The entry points the UIKit glue forwards to, taking what iOS hands over as it is: here, once,
/// each payload is read, and one that cannot be read is reported
/// (`PushDiagnostic.Code.unreadablePayload`) and answered with its default — never dropped in
/// silence, never a trap. Tested on Linux; the glue only unwraps UIKit's types.
extension PushClient {
    /// The notification `userInfo` carries, or `nil` — reported, naming `callback` and the
    /// request — when it cannot be read: the one place the read-or-report rule is written.
    func notification(userInfo: [AnyHashable: Any], identifier: String?, source: NotificationSource, in callback: SystemCallback) -> PushNotification?
    {
        do throws(PushError) {
            return try PushNotification(userInfo: userInfo, identifier: identifier, source: source)
        } catch {
            reportUnreadablePayload(error, in: callback, identifier: identifier)
            return nil
        }
    }

    /// The notification of a request the notification center handed over, or `nil` (reported).
    func notification(_ request: SystemNotification, in callback: SystemCallback) -> PushNotification? {
        notification(userInfo: request.userInfo, identifier: request.identifier, source: request.isRemote ? .remote : .local, in: callback)
    }

    /// From `application(_:didFinishLaunchingWithOptions:)`: the launch options keyed by their raw
    /// values (`UIApplication.LaunchOptionsKey.rawValue`), `nil` for none. Only the remote
    /// notification's key is read: on iOS 10 and later a tapped local notification reaches the
    /// notification center's delegate as a response (UIKit deprecates `.localNotification` in
    /// iOS 10.0), and what that key holds is a `UILocalNotification`, which has no JSON form. A
    /// payload that cannot be read is reported and the launch still handled.
    package func didFinishLaunching(launchOptions: [String: Any]?, state: ApplicationState) {
        let key = LaunchOptionsReader.remoteNotificationKey
        var options: JSONObject?
        if let value = launchOptions?[key] {
            do throws(PushError) {
                options = [key: try JSONValue(foundation: value, path: "launchOptions.\(key)")]
            } catch {
                reportUnreadablePayload(error, in: .didFinishLaunching)
            }
        }
        let (invocation, error) = LaunchOptionsReader.invocation(launchOptions: options, state: state)
        if let error { reportUnreadablePayload(error, in: .didFinishLaunching) }
        recordLaunch(invocation)
        receive(invocation)
    }

    /// From `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`: `completion`
    /// runs exactly once — with the app's answer, or `.noData` at once when the payload cannot be
    /// read (reported).
    package func didReceiveRemoteNotification(
        _ userInfo: [AnyHashable: Any], state: ApplicationState, completion: @escaping @Sendable (BackgroundFetchResult) -> Void
    ) {
        guard let note = notification(userInfo: userInfo, identifier: nil, source: .remote, in: .didReceiveRemoteNotificationFetch) else {
            completion(.noData)
            return
        }
        receive(CallbackInvocation(callback: .didReceiveRemoteNotificationFetch, state: state, notification: note), completion: .fetch(completion))
    }

    /// From `scene(_:willConnectTo:options:)`: the response the options carry
    /// (`notificationResponse`, `nil` for none; one that cannot be read is reported and the
    /// connection still handled) and the options themselves, for an SDK that reads them.
    package func sceneWillConnect(response: SystemResponse?, options: PlatformObject?) {
        var launch: (notification: PushNotification, action: ResponseAction, textInput: String?)?
        if let response, let note = notification(response.notification, in: .sceneWillConnect) {
            launch = (note, ResponseAction(identifier: response.actionIdentifier), response.textInput)
        }
        sceneWillConnect(response: launch, options: options)
    }
}
