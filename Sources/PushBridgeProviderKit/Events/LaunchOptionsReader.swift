import PushBridgeCore

/// Reads the notification out of `didFinishLaunchingWithOptions:`'s launch options.
///
/// iOS puts a remote notification's payload under `UIApplicationLaunchOptionsRemoteNotificationKey`
/// and a local notification under `UIApplicationLaunchOptionsLocalNotificationKey`. The Apple
/// integration layer converts the dictionary once (`JSONValue.init(foundation:path:depth:)`)
/// and lets this type decide, so the decision is tested everywhere.
public enum LaunchOptionsReader {
    /// `UIApplication.LaunchOptionsKey.remoteNotification`'s raw value.
    public static let remoteNotificationKey = "UIApplicationLaunchOptionsRemoteNotificationKey"
    /// `UIApplication.LaunchOptionsKey.localNotification`'s raw value.
    public static let localNotificationKey = "UIApplicationLaunchOptionsLocalNotificationKey"

    /// The launch callback for these launch options, in the given application state.
    ///
    /// A payload that cannot be read as a notification still yields the launch (without the
    /// notification) and the error, so the launch is never lost.
    public static func invocation(
        launchOptions: JSONObject?, state: ApplicationState
    ) -> (invocation: CallbackInvocation, error: PushError?) {
        let bare = CallbackInvocation(callback: .didFinishLaunching, state: state, notification: nil)
        guard let options = launchOptions else { return (bare, nil) }
        let found: (LaunchOptionsKey, JSONValue, NotificationSource)? =
            options[remoteNotificationKey].map { (.remoteNotification, $0, .remote) }
            ?? options[localNotificationKey].map { (.localNotification, $0, .local) }
        guard let (key, value, source) = found else { return (bare, nil) }
        guard case .object(let payload) = value else {
            return (
                bare, PushError(.invalidPayload, field: "launchOptions.\(key)", "is \(value.typeDescription), expected the notification's payload")
            )
        }
        do {
            let notification = try PushNotification(payload: payload, source: source)
            return (CallbackInvocation(callback: .didFinishLaunching, state: state, launchOptionsKey: key, notification: notification), nil)
        } catch {
            return (bare, error)
        }
    }
}
