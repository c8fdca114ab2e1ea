import PushBridge
import PushBridgeProviderKit

/// A simulation session whose SDK is the notification center's delegate (JPush, Getui): iOS's
/// methods 4 and 5 reach the SDK's delegate — and through it the adapter — while the other calls
/// stay the app's own. The replay of both paths is written here, once; a vendor's session says
/// only how its mock SDK hands 4 and 5 over.
package protocol CenterDelegateSDKSession: ProviderSimulationSession {
    /// Sets the application state the adapter reads during the call.
    func enter(_ state: ApplicationState)

    /// Hands method 4 to the SDK's delegate; `answer` gets the options the adapter gives the
    /// SDK's block. Returns the SDK's name for the call.
    func presentToSDK(_ notification: PushNotification, answer: @escaping @Sendable (PresentationOptions) -> Void) -> String

    /// Hands method 5 to the SDK's delegate; `done` runs when the adapter calls the SDK's block.
    /// Returns the SDK's name for the call.
    func respondToSDK(_ notification: PushNotification, action: ResponseAction?, textInput: String?, done: @escaping @Sendable () -> Void) -> String

    /// Another call the SDK hooks and hands over itself (Getui's method 3), replayed; `nil` when
    /// the call is the app's own.
    func replayHooked(_ call: SystemCall, notification: PushNotification) -> [TraceCall]?
}

extension CenterDelegateSDKSession {
    /// No other call is hooked.
    package func replayHooked(_ call: SystemCall, notification: PushNotification) -> [TraceCall]? { nil }

    /// 4 and 5 to the SDK's delegate with nobody waiting on their blocks; a hooked call to the
    /// SDK; every other call to the app (`client`).
    package func replay(_ call: SystemCall, notification: PushNotification?, to client: PushClient) -> [TraceCall] {
        enter(call.state)
        let note = call.carriesNotification ? notification : nil
        if let note, let ignored = SystemCompletion.ignored(for: call.callback) {
            return replayToSDK(call, notification: note, to: client, completion: ignored)
        }
        if let note, let hooked = replayHooked(call, notification: note) { return hooked }
        client.callbacks.handle(CallbackInvocation(call, notification: note))
        return [TraceCall(call)]
    }

    /// 4 or 5 to the SDK's delegate with the system's handler, which the SDK calls when the
    /// adapter answers its block; any other call as ``replay(_:notification:to:)`` does, its
    /// handler answered with the default.
    package func replayToSDK(_ call: SystemCall, notification: PushNotification, to client: PushClient, completion: SystemCompletion) -> [TraceCall] {
        enter(call.state)
        switch (call.callback, completion) {
        case (.willPresent, .presentation(let handler)):
            return [TraceCall(call).renamed(presentToSDK(notification, answer: handler))]
        case (.didReceiveResponse, .response(let handler)):
            return [TraceCall(call).renamed(respondToSDK(notification, action: call.action, textInput: call.textInput, done: handler))]
        default:
            defer { completion.completeWithDefault() }
            return replay(call, notification: notification, to: client)
        }
    }
}
