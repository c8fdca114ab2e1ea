import PushBridgeCore

/// A completion handler the system passed with a callback, which PushBridge must call exactly once.
///
/// Provider-author API (an app never makes one): in `PushBridgeProviderKit`, which apps do not import.
public enum SystemCompletion: Sendable {
    /// Method 3's (and Getui's passthrough) fetch completion.
    case fetch(@Sendable (BackgroundFetchResult) -> Void)
    /// Method 4's presentation options.
    case presentation(@Sendable (PresentationOptions) -> Void)
    /// Method 5's (and the iOS 8–9 action handlers') completion.
    case response(@Sendable () -> Void)
}

extension SystemCompletion {
    /// Answers with the neutral value: `.noData`, no presentation, done. For a completion that
    /// reaches nobody who could decide (a client that no longer exists).
    public func completeWithDefault() {
        switch self {
        case .fetch(let handler): handler(.noData)
        case .presentation(let handler): handler([])
        case .response(let handler): handler()
        }
    }
}

extension SystemCompletion {
    /// A completion handler nobody waits on, for a notification-center callback (4 or 5)
    /// replayed to an SDK's delegate with no system handler behind it; `nil` for other callbacks.
    package static func ignored(for callback: SystemCallback) -> SystemCompletion? {
        switch callback {
        case .willPresent: .presentation { _ in }
        case .didReceiveResponse: .response {}
        default: nil
        }
    }
}
