import PushBridge
import PushBridgeProviderKit

/// What an invocation an adapter hands the client must look like: the callback, the state, the
/// action and text, and the identity of its notification. Shared by the JPush and Getui tests.
package struct InvocationShape: Sendable, Equatable, CustomStringConvertible {
    package var callback: SystemCallback
    package var state: ApplicationState
    package var action: ResponseAction?
    package var textInput: String?
    package var id: String?

    /// An expected invocation.
    package init(_ callback: SystemCallback, _ state: ApplicationState, action: ResponseAction? = nil, textInput: String? = nil, id: String?) {
        self.callback = callback
        self.state = state
        self.action = action
        self.textInput = textInput
        self.id = id
    }

    /// What `invocation` looks like.
    package init(_ invocation: CallbackInvocation) {
        self.init(invocation.callback, invocation.state, action: invocation.action, textInput: invocation.textInput, id: invocation.notification?.id)
    }

    package var description: String { "\(callback)(\(state), \(action.map(String.init(describing:)) ?? "-"), \(id ?? "-"))" }
}
