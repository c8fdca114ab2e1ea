import PushBridgeCore
import PushBridgeProviderKit

/// The entry points the UIKit glue forwards to, taking what iOS hands over as it is: here, once,
/// each payload is read, and one that cannot be read is reported
/// (`PushDiagnostic.Code.unreadablePayload`) and answered with its default — never dropped in
/// silence, never a trap. Tested on Linux; the glue only unwraps UIKit's types.
extension PushClient {
    /// The notification iOS handed over, or `nil` — reported, naming `callback` and the request —
    /// when it cannot be read (its `userInfo` had no JSON form at the edge, or it is not a
    /// notification): the one place the glue's read-or-report rule is written.
    func notification(_ request: SystemNotification, in callback: SystemCallback) -> PushNotification? {
        do throws(PushError) {
            return try request.read(providerMessageID: nil)
        } catch {
            reportUnreadablePayload(error, in: callback, identifier: request.identifier)
            return nil
        }
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
        callbacks.handle(invocation)
    }

    /// From `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`: `completion`
    /// runs exactly once — with the app's answer, or `.noData` at once when the payload cannot be
    /// read (reported).
    package func didReceiveRemoteNotification(
        _ userInfo: [AnyHashable: Any], state: ApplicationState, completion: @escaping @Sendable (BackgroundFetchResult) -> Void
    ) {
        guard let note = notification(SystemNotification(foundationUserInfo: userInfo), in: .didReceiveRemoteNotificationFetch) else {
            completion(.noData)
            return
        }
        callbacks.handle(
            CallbackInvocation(callback: .didReceiveRemoteNotificationFetch, state: state, notification: note), completion: .fetch(completion))
    }

    /// From `scene(_:willConnectTo:options:)`: the response the options carry
    /// (`notificationResponse`, `nil` for none; one that cannot be read is reported and the
    /// connection still handled) and the options themselves, for an SDK that reads them.
    package func sceneWillConnect(response: SystemResponse?, options: PlatformObject?) {
        var launch: (notification: PushNotification, action: ResponseAction, textInput: String?)?
        if let response, let note = notification(response.notification, in: .sceneWillConnect) {
            launch = (note, response.action, response.userText)
        }
        sceneWillConnect(response: launch, options: options)
    }
}
