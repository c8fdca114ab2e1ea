import PushBridge
import PushBridgeAPNs

/// iOS's authorization prompt, answered when the simulated device says: the request's completion
/// is kept until then. The one stand-in for `requestAuthorizationWithOptions:completionHandler:`
/// that the simulators of providers on plain APNs share (`APNsSimulator`, and `FCMSimulator`,
/// whose FirebaseMessaging takes no part in the prompt).
package final class AuthorizationPrompt: APNsSystemBridge {
    private let pending = Locked<(@Sendable (Bool, PushError.VendorCode?) -> Void)?>(nil)

    /// A prompt no request has shown yet.
    package init() {}

    /// Keeps the request's completion until ``answer(granted:)``.
    package func requestAuthorization(options: AuthorizationOptions, completion: @escaping @Sendable (Bool, PushError.VendorCode?) -> Void) {
        pending.withLock { $0 = completion }
    }

    /// Nothing: the simulated device answers the registration itself.
    package func registerForRemoteNotifications() {}

    /// Answers the pending request; `false` when none was made.
    package func answer(granted: Bool) -> Bool {
        guard
            let completion = pending.withLock({ pending in
                defer { pending = nil }
                return pending
            })
        else { return false }
        completion(granted, nil)
        return true
    }
}
