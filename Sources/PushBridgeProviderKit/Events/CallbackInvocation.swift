import PushBridgeCore

/// One callback iOS (or a vendor SDK acting for it) just made, in the vocabulary of the dispatch
/// model: the method, the application state, the launch options key, the response's action and
/// the notification it carried.
///
/// This is what `PushEventNormalizer` consumes. The Apple integration layer builds one per
/// `UIApplicationDelegate` / `UNUserNotificationCenterDelegate` call; provider adapters translate
/// their SDK's callbacks into these; the simulator turns a `DispatchTrace`'s calls into them.
public struct CallbackInvocation: Sendable, Equatable {
    /// The method called.
    public let callback: SystemCallback
    /// `UIApplication.applicationState` during the call.
    public let state: ApplicationState
    /// For `didFinishLaunching`: the launch options key that held the notification, if any.
    public let launchOptionsKey: LaunchOptionsKey?
    /// For a response: the action the user took.
    public let action: ResponseAction?
    /// For a text-input action: what the user typed.
    public let textInput: String?
    /// The notification the call carried (`nil` for a launch without one).
    public let notification: PushNotification?

    /// An invocation from its parts.
    public init(
        callback: SystemCallback, state: ApplicationState, launchOptionsKey: LaunchOptionsKey? = nil,
        action: ResponseAction? = nil, textInput: String? = nil, notification: PushNotification?
    ) {
        self.callback = callback
        self.state = state
        self.launchOptionsKey = launchOptionsKey
        self.action = action
        self.textInput = textInput
        self.notification = notification
    }
}
