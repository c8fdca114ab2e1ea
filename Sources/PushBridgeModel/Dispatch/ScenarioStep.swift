import PushBridge

/// One thing that happens after a scenario's notification arrived and the user acted on it: the
/// app changes state, another notification arrives, or the user acts on one that arrived earlier
/// — so that the app's state at the user's action can differ from its state at the arrival.
///
/// ```json
/// "steps": [{"app": "foreground"}, {"notification": {"id": "n-2", "payload": {…}}}, {"user": "tap", "on": "n-1"}]
/// ```
public enum ScenarioStep: Sendable, Hashable, CustomStringConvertible {
    /// The app changes state: `.foreground`, the user opens it from its icon (launching it if it
    /// is not running); `.background`, the user goes to the home screen; `.notRunning`, the system
    /// terminates it; `.forceQuit`, the user swipes it away in the app switcher.
    case app(ArrivalState)
    /// Another notification arrives, in whatever state the app is then.
    case notification(ScenarioNotification)
    /// The user acts on a notification that arrived earlier: the one whose `id` is `on`, or the
    /// last one that arrived when `on` is `nil`.
    case user(UserAction, on: String?)

    /// `app(foreground)`, `notification(n-2)`, `user(tap, on: n-1)`.
    public var description: String {
        switch self {
        case .app(let state): "app(\(state))"
        case .notification(let note): "notification(\(note.id ?? "unnamed"))"
        case .user(let action, let id): "user(\(action)\(id.map { ", on: \($0)" } ?? ""))"
        }
    }
}
