/// Which event a call makes of its delivery, once the delivery is known: the rule table of
/// ``PushEventNormalizer`` (events guarantee 3), with no state of its own.
enum EventClassifier {
    /// The event `invocation` carries for its delivery (`notification`, named after it) and
    /// the share of the delivery it tells; `nil` for a launch's own call, which the launch
    /// tracker completes. `presented`: 4 presented the delivery, so a 2 or 3 `active` for it is
    /// the tap on its banner. `launchedForIt`: the app was launched for this response.
    static func event(
        for invocation: CallbackInvocation, _ notification: consuming PushNotification, presented: Bool, launchedForIt: Bool
    ) -> (event: PushEvent, share: EventLedger.Share)? {
        switch invocation.callback {
        case .didReceiveRemoteNotification, .didReceiveRemoteNotificationFetch, .didReceiveLocalNotification:
            switch invocation.state {
            case .active where presented:
                return (.opened(.init(notification: notification, origin: .foreground, action: .default)), .response)
            case .active:
                return (.received(.init(notification: notification, origin: .foreground)), .arrival)
            case .background:
                return (.received(.init(notification: notification, origin: .background)), .arrival)
            case .inactive:
                return (.opened(.init(notification: notification, origin: launchedForIt ? .coldStart : .background, action: .default)), .response)
            }
        case .willPresent:
            return (.received(.init(notification: notification, origin: .foreground)), .arrival)
        case .didReceiveResponse, .handleActionForRemote, .handleActionForLocal:
            let origin: PushOrigin = launchedForIt ? .coldStart : (invocation.state == .active ? .foreground : .background)
            return (response(notification, action: invocation.action ?? .default, origin: origin, textInput: invocation.textInput), .response)
        case .didFinishLaunching, .sceneWillConnect:
            return nil
        }
    }

    /// The event of the user's response: `dismissed` for the dismiss action, else `opened`.
    static func response(_ notification: consuming PushNotification, action: ResponseAction, origin: PushOrigin, textInput: String?) -> PushEvent {
        switch action {
        case .dismiss: .dismissed(.init(notification: notification))
        case .default: .opened(.init(notification: notification, origin: origin, action: .default, textInput: textInput))
        case .custom(let id): .opened(.init(notification: notification, origin: origin, action: .custom(id), textInput: textInput))
        }
    }

    /// What a call tells of its delivery (`presented`: 4 presented it).
    static func share(of invocation: CallbackInvocation, presented: Bool) -> EventLedger.Share {
        if invocation.callback.carriesResponse { return .response }
        switch invocation.callback {
        case .didReceiveRemoteNotification, .didReceiveRemoteNotificationFetch, .didReceiveLocalNotification:
            switch invocation.state {
            case .active: return presented ? .response : .arrival
            case .background: return .arrival
            case .inactive: return .response
            }
        default: return .arrival
        }
    }

    /// Whether a call carries the user's tap or action (not a dismiss, not an arrival).
    static func isUserResponse(_ invocation: CallbackInvocation) -> Bool {
        if invocation.callback.carriesResponse { return invocation.action != .dismiss }
        return invocation.callback.handsOverUserInfo && invocation.state == .inactive
    }
}
