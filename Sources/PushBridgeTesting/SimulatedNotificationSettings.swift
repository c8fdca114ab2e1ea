import PushBridge

/// The user's notification settings for the app, and iOS's permission prompt, as a client sees
/// them through `UNUserNotificationCenter`: what `PushClient.authorizationStatus(requesting:)`
/// reads and asks, what `PushClient.setBadge(_:)` sets on the icon, and the unregistering a
/// withdrawn consent does. It records each prompt, so a test can say "no prompt before consent"
/// and "one prompt when the app asks".
///
/// iOS's rules, as Apple states them ("Asking permission to use notifications";
/// `requestAuthorization(options:completionHandler:)`): a request with `provisional` while the
/// status is `notDetermined` is granted quietly, with no prompt; otherwise iOS prompts only while
/// the status is `notDetermined` or `provisional`, and answers later requests with the stored
/// choice.
///
/// ```swift
/// let settings = SimulatedNotificationSettings(userAllows: true)
/// settings.install(on: client)
/// #expect(try await client.authorizationStatus(requesting: [.alert, .sound]) == .authorized)
/// #expect(settings.prompts == [[.alert, .sound]])
/// settings.userTurnsOffInSettings()   // seen when the app is next active
/// ```
public final class SimulatedNotificationSettings: NotificationSystem {
    private struct State {
        var status: PushEvent.AuthorizationStatus
        var userAllows: Bool
        var prompts: [AuthorizationOptions] = []
        var requests: [AuthorizationOptions] = []
        var badge = 0
        var unregistrations = 0
        var error: PushError.VendorCode?
    }

    private let state: Locked<State>

    /// Settings with `status` now, whose user answers a prompt with "Allow" when `userAllows`
    /// (and iOS's error `error`, if any, to every request).
    public init(status: PushEvent.AuthorizationStatus = .notDetermined, userAllows: Bool = true, error: PushError.VendorCode? = nil) {
        state = Locked(State(status: status, userAllows: userAllows, error: error))
    }

    /// Gives `client` these settings as its notification center, as the UIKit glue gives it iOS's
    /// at launch; the client reads the status it starts from.
    public func install(on client: PushClient) {
        client.useNotificationSystem(self)
    }

    /// The options of each request that showed the permission prompt, in order.
    public var prompts: [AuthorizationOptions] { state.withLock { $0.prompts } }
    /// The options of every request, prompt or not.
    public var requests: [AuthorizationOptions] { state.withLock { $0.requests } }
    /// The status now.
    public var status: PushEvent.AuthorizationStatus { state.withLock { $0.status } }
    /// The number on the icon now.
    public var badge: Int { state.withLock { $0.badge } }
    /// How many times the app unregistered from APNs.
    public var unregistrations: Int { state.withLock { $0.unregistrations } }

    /// The user changes the app's notifications in Settings to `status` (the app sees it when it
    /// is next active).
    public func userChangesInSettings(to status: PushEvent.AuthorizationStatus) {
        state.withLock { $0.status = status }
    }

    /// The user turns the app's notifications off in Settings.
    public func userTurnsOffInSettings() {
        userChangesInSettings(to: .denied)
    }

    // MARK: NotificationSystem

    /// The status now.
    package func authorizationStatus(_ completion: @escaping @Sendable (PushEvent.AuthorizationStatus) -> Void) {
        completion(status)
    }

    /// Records the request; prompts (and records the prompt) as iOS would, and answers once.
    package func requestAuthorization(_ options: AuthorizationOptions, completion: @escaping @Sendable (PushError.VendorCode?) -> Void) {
        let error = state.withLock { state -> PushError.VendorCode? in
            state.requests.append(options)
            guard state.error == nil else { return state.error }
            switch state.status {
            case .notDetermined where options.contains(.provisional):
                state.status = .provisional
            case .notDetermined, .provisional:
                state.prompts.append(options)
                state.status = state.userAllows ? .authorized : .denied
            case .denied, .authorized, .ephemeral:
                break
            }
            return nil
        }
        completion(error)
    }

    /// Sets the icon's number.
    package func setBadgeCount(_ count: Int, completion: @escaping @Sendable (PushError.VendorCode?) -> Void) {
        state.withLock { $0.badge = count }
        completion(nil)
    }

    /// Counts the unregistration.
    package func unregisterForRemoteNotifications() {
        state.withLock { $0.unregistrations += 1 }
    }
}
