import PushBridgeCore
import PushBridgeProviderKit

/// Which event a call makes of its delivery, once the delivery is known: the rule table of
/// `PushEventNormalizer` (events guarantee 3), with no state of its own.
enum EventClassifier {
    /// Emits through `ledger` the event `invocation` carries for its delivery (`notification`,
    /// named after it), unless the ledger already told that share of the delivery; nothing for a
    /// launch's own call, which the launch tracker completes. `presented`: 4 presented the
    /// delivery, so a 2 or 3 `active` for it is the tap on its banner. `launchedForIt`: the app
    /// was launched for this response. The event is moved along, never copied.
    @inline(__always)
    static func classify(
        _ invocation: CallbackInvocation, _ notification: consuming PushNotification, presented: Bool, launchedForIt: Bool,
        to ledger: inout EventLedger, _ emit: (consuming PushEvent) -> Void
    ) {
        let identity = EventLedger.IdentityKey(notification)
        switch invocation.callback {
        case .didReceiveRemoteNotification, .didReceiveRemoteNotificationFetch, .didReceiveLocalNotification:
            switch invocation.state {
            case .active where presented:
                ledger.tell(.opened(.init(notification: notification, origin: .foreground, action: .default)), identity, .response, emit)
            case .active:
                ledger.tell(.received(.init(notification: notification, origin: .foreground)), identity, .arrival, emit)
            case .background:
                ledger.tell(.received(.init(notification: notification, origin: .background)), identity, .arrival, emit)
            case .inactive:
                let origin: PushOrigin = launchedForIt ? .coldStart : .background
                ledger.tell(.opened(.init(notification: notification, origin: origin, action: .default)), identity, .response, emit)
            }
        case .willPresent:
            ledger.tell(.received(.init(notification: notification, origin: .foreground)), identity, .arrival, emit)
        case .didReceiveResponse, .handleActionForRemote, .handleActionForLocal:
            let origin: PushOrigin = launchedForIt ? .coldStart : (invocation.state == .active ? .foreground : .background)
            ledger.tell(
                response(notification, action: invocation.action ?? .default, origin: origin, textInput: invocation.textInput), identity, .response,
                emit)
        case .didFinishLaunching, .sceneWillConnect:
            break
        }
    }

    /// The event of the user's response: `dismissed` for the dismiss action, else `opened`.
    @inline(__always)
    static func response(_ notification: consuming PushNotification, action: ResponseAction, origin: PushOrigin, textInput: String?) -> PushEvent {
        switch action {
        case .dismiss: .dismissed(.init(notification: notification))
        case .default: .opened(.init(notification: notification, origin: origin, action: .default, textInput: textInput))
        case .custom(let id): .opened(.init(notification: notification, origin: origin, action: .custom(id), textInput: textInput))
        }
    }

    /// What a call tells of its delivery (`presented`: 4 presented it).
    @inline(__always)
    static func share(of invocation: CallbackInvocation, presented: Bool) -> EventLedger.Share {
        if invocation.callback.carriesResponse { return .response }
        guard invocation.callback.handsOverUserInfo else { return .arrival }
        switch invocation.state {
        case .active: return presented ? .response : .arrival
        case .background: return .arrival
        case .inactive: return .response
        }
    }

    /// Whether a call carries the user's tap or action (not a dismiss, not an arrival).
    @inline(__always)
    static func isUserResponse(_ invocation: CallbackInvocation) -> Bool {
        if invocation.callback.carriesResponse { return invocation.action != .dismiss }
        return invocation.callback.handsOverUserInfo && invocation.state == .inactive
    }
}
