import PushBridge
import PushBridgeAPNs

/// A stand-in for iOS's APNs calls, for tests: records what was asked and answers as told.
///
/// ```swift
/// let bridge = MockAPNsBridge(grants: true)
/// let provider = APNsProvider(bridge: bridge)
/// ```
public final class MockAPNsBridge: APNsSystemBridge {
    /// One call the adapter made.
    public enum Call: Sendable, Hashable {
        /// `requestAuthorization(options:)`.
        case requestAuthorization(AuthorizationOptions)
        /// `registerForRemoteNotifications()`.
        case registerForRemoteNotifications
    }

    private struct State {
        var calls: [Call] = []
        var grants: Bool
        var error: PushError.VendorCode?
    }

    private let state: Locked<State>

    /// A bridge whose authorization prompt answers `grants` (and `error`, the system error's
    /// domain and code, if any).
    public init(grants: Bool = true, error: PushError.VendorCode? = nil) {
        state = Locked(State(grants: grants, error: error))
    }

    /// Every call so far, in order.
    public var calls: [Call] { state.withLock { $0.calls } }

    /// Records the request and answers at once.
    public func requestAuthorization(
        options: AuthorizationOptions, completion: @escaping @Sendable (Bool, PushError.VendorCode?) -> Void
    ) {
        let (granted, error) = state.withLock { state -> (Bool, PushError.VendorCode?) in
            state.calls.append(.requestAuthorization(options))
            return (state.grants, state.error)
        }
        completion(granted, error)
    }

    /// Records the registration.
    public func registerForRemoteNotifications() {
        state.withLock { $0.calls.append(.registerForRemoteNotifications) }
    }
}
