import PushBridge
import PushBridgeProviderKit

extension CallbackInvocation {
    /// The invocation of a modelled call, carrying `notification` when the call carries one.
    ///
    /// `notification` must be what iOS hands this call's path
    /// (``DeliveryHandover/notification(for:)``): the `userInfo` alone for the launch and
    /// methods 2 and 3, the request identifier too for 4 and 5.
    public init(_ call: SystemCall, notification: PushNotification?) {
        self.init(
            callback: call.callback, state: call.state, launchOptionsKey: call.launchOptionsKey,
            action: call.action, textInput: call.textInput, notification: call.carriesNotification ? notification : nil)
    }
}
