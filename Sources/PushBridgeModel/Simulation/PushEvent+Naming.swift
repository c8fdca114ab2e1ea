import PushBridge

/// Here, not in the runtime: only the simulations rename events, and an app does not ship it.
extension PushEvent {
    /// The event with its notification named as a trace names it: by `name`'s answer, unless the
    /// notification carries a provider message ID (which stays its name) or `name` has none.
    /// Events without a notification are returned as they are. For the simulations' traces,
    /// which show an event under the scenario's notification `id` instead of the identity the
    /// client derived (what an app sees is unchanged).
    package func named(by name: (PushNotification) -> String?) -> PushEvent {
        func renamed(_ note: PushNotification) -> PushNotification {
            guard note.providerMessageID == nil, let id = name(note) else { return note }
            return note.identified(as: id)
        }
        switch self {
        case .received(let arrival):
            return .received(Received(notification: renamed(arrival.notification), origin: arrival.origin))
        case .opened(let open):
            return .opened(
                Opened(notification: renamed(open.notification), origin: open.origin, action: open.action, textInput: open.textInput))
        case .dismissed(let dismissal):
            return .dismissed(Dismissed(notification: renamed(dismissal.notification)))
        case .message, .registered, .registrationFailed, .providerState, .settingsRequested, .authorizationChanged:
            return self
        }
    }
}
