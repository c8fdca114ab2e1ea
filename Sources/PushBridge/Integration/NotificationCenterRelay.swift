import PushBridgeCore
import PushBridgeProviderKit

/// PushBridge's side of `UNUserNotificationCenter`'s delegate calls (methods 4 and 5): the one
/// implementation behind the UIKit glue's delegate, its forwarding entry points and the
/// simulated device's notification center, so that in every arrangement each call reaches the
/// client once and each completion handler runs once.
///
/// The arrangements (see <doc:OneOwnerOfTheCallbacks>):
/// - **PushBridge owns the delegate** (`PushAppIntegration.installNotificationCenterDelegate`):
///   installed only when no provider SDK takes the delegate (``installsDelegate``); it forwards to
///   the delegate it replaced, uniting presentation options and joining completions.
/// - **The app owns it** and calls PushBridge's entry points from its own delegate methods.
/// - **The provider's SDK owns it** (JPush, Getui): its adapter hands the calls to the client.
///
/// When an SDK takes the delegate, PushBridge's path takes a call only when the SDK cannot
/// see it: with an SDK that replaces the delegate (JPush), a call that reached the app's
/// delegate means the app set it after the SDK registered, so the SDK's is gone; with an SDK that
/// hooks later delegates (Getui), the SDK sees every call, so PushBridge's path never feeds the
/// client (``feedsClient``) and only answers its own completion handler.
///
/// ```swift
/// let relay = NotificationCenterRelay(client: client)
/// relay.willPresent(note, forwardingTo: [otherDelegate]) { options in completionHandler(options) }
/// ```
package struct NotificationCenterRelay: Sendable {
    /// Asks a delegate PushBridge forwards to for its presentation options.
    public typealias PresentationForward = @Sendable (_ answer: @escaping @Sendable (PresentationOptions) -> Void) -> Void
    /// Hands a response to a delegate PushBridge forwards to.
    public typealias ResponseForward = @Sendable (_ done: @escaping @Sendable () -> Void) -> Void

    /// The client the calls go to.
    public let client: PushClient

    /// A relay to `client`.
    public init(client: PushClient) {
        self.client = client
    }

    /// Who takes the delegate, as the client's provider says.
    public var owner: NotificationCenterOwner { client.provider.centerDelegateOwner }

    /// Whether PushBridge installs its own delegate: only when no provider SDK takes it (an SDK
    /// replacing PushBridge's would make it vanish; one forwarding to PushBridge's would double).
    public var installsDelegate: Bool { owner == .app }

    /// Whether a call that reached PushBridge's path is the client's to take: not when the
    /// provider's SDK hooks every delegate and so hands it to the client itself.
    public var feedsClient: Bool { owner != .sdkHooksDelegate }

    /// Method 4: the client's presentation (when it takes the call) united with each forwarded
    /// delegate's; `completion` runs once, after all answered.
    ///
    /// - Parameters:
    ///   - notification: The notification, or `nil` when its payload could not be read (the
    ///     client does not take it; the forwarded delegates still do).
    ///   - others: The delegates PushBridge forwards to (the one it replaced).
    ///   - completion: The system's completion handler.
    public func willPresent(
        _ notification: PushNotification?, forwardingTo others: [PresentationForward] = [],
        completion: @escaping @Sendable (PresentationOptions) -> Void
    ) {
        // The call the client takes, if it takes one.
        let presentation = feedsClient ? notification.map { CallbackInvocation(callback: .willPresent, state: .active, notification: $0) } : nil
        if let presentation, others.isEmpty {
            // The client's answer alone: the system's handler takes it as it is, no join.
            client.callbacks.handle(presentation, completion: .presentation(completion))
            return
        }
        let united = Locked(PresentationOptions())
        let join = CompletionJoin(parts: (presentation == nil ? 0 : 1) + others.count) { completion(united.withLock { $0 }) }
        let answer: @Sendable (PresentationOptions) -> Void = { options in
            united.withLock { $0.formUnion(options) }
            join.partDone()
        }
        if let presentation { client.callbacks.handle(presentation, completion: .presentation(answer)) }
        // Each forwarded delegate's first answer counts: a repeat must not stand in for another part.
        for forward in others {
            let once = ExactlyOnce(answer)
            forward { options in once.complete(options) }
        }
    }

    /// Method 5: the client takes the response (when it does) and each forwarded delegate gets
    /// it; `completion` runs once, after all are done.
    ///
    /// - Parameters:
    ///   - notification: The response's notification, or `nil` when its payload could not be read.
    ///   - action: The response's action.
    ///   - textInput: What the user typed, for a text-input action.
    ///   - state: `UIApplication.applicationState` during the call.
    ///   - others: The delegates PushBridge forwards to (the one it replaced).
    ///   - completion: The system's completion handler.
    public func didReceive(
        _ notification: PushNotification?, action: ResponseAction, textInput: String? = nil, state: ApplicationState,
        forwardingTo others: [ResponseForward] = [], completion: @escaping @Sendable () -> Void
    ) {
        // The call the client takes, if it takes one.
        let response =
            feedsClient
            ? notification.map {
                CallbackInvocation(callback: .didReceiveResponse, state: state, action: action, textInput: textInput, notification: $0)
            } : nil
        if let response, others.isEmpty {
            // The client's answer alone: the system's handler takes it as it is, no join.
            client.callbacks.handle(response, completion: .response(completion))
            return
        }
        let join = CompletionJoin(parts: (response == nil ? 0 : 1) + others.count, completion: completion)
        if let response { client.callbacks.handle(response, completion: .response { join.partDone() }) }
        for forward in others {
            let once = ExactlyOnce<Void> { _ in join.partDone() }
            forward { once.complete(()) }
        }
    }

    /// `userNotificationCenter(_:openSettingsFor:)`: a `settingsRequested` event, unless the
    /// provider's SDK hooks the delegate and reports it itself.
    public func openSettings(for notification: PushNotification?) {
        guard feedsClient else { return }
        client.openSettings(for: notification)
    }
}

/// The notification center's calls as iOS hands them over, read once (``PushClient``'s rule).
extension NotificationCenterRelay {
    /// Method 4 as the center hands it over: see ``willPresent(_:forwardingTo:completion:)``; a
    /// notification that cannot be read is reported, and the forwarded delegates still answer.
    public func willPresent(
        _ request: SystemNotification, forwardingTo others: [PresentationForward] = [],
        completion: @escaping @Sendable (PresentationOptions) -> Void
    ) {
        willPresent(client.notification(request, in: .willPresent), forwardingTo: others, completion: completion)
    }

    /// Method 5 as the center hands it over: the response is read at once; the application
    /// state is read on the main actor (the center may call its delegate on another thread), and
    /// then ``didReceive(_:action:textInput:state:forwardingTo:completion:)`` runs.
    public func didReceive(
        _ response: SystemResponse, forwardingTo others: [ResponseForward] = [],
        applicationState: @escaping @MainActor @Sendable () -> ApplicationState, completion: @escaping @Sendable () -> Void
    ) {
        let note = client.notification(response.notification, in: .didReceiveResponse)
        let action = response.action
        let textInput = response.userText
        Task { @MainActor in
            didReceive(note, action: action, textInput: textInput, state: applicationState(), forwardingTo: others, completion: completion)
        }
    }

    /// `userNotificationCenter(_:openSettingsFor:)` as the center hands it over (`nil`: from the
    /// Settings app).
    public func openSettings(forRequest request: SystemNotification?) {
        openSettings(for: request.flatMap { client.notification($0, in: .didReceiveResponse) })
    }
}
