import PushBridge
import PushBridgeProviderKit

/// `UNUserNotificationCenter`'s one delegate slot, and who takes it when: PushBridge's delegate,
/// the app's own (which calls PushBridge's entry points), another SDK's (say, analytics), and the
/// provider's SDK when it registers — as each really does (`NotificationCenterOwner`: JPush
/// replaces the delegate and forwards to none; Getui replaces it and hooks any set later).
///
/// iOS calls methods 4 and 5 on whoever holds the slot, with one completion handler; a hooking
/// SDK also gets each call, with a completion handler of its own. The counts say how often each
/// system handler was called: exactly once is the rule.
///
/// ```swift
/// let center = SimulatedNotificationCenter(relay: NotificationCenterRelay(client: client), sdk: sdkDelegate)
/// center.sdkRegisters()
/// center.installPushBridgeDelegate()
/// center.willPresent(note) { options in … }
/// ```
public final class SimulatedNotificationCenter: Sendable {
    /// How the provider's SDK's own delegate receives a call (its mock's trigger).
    public struct SDKDelegate: Sendable {
        /// Method 4, as the SDK's delegate receives it.
        public var willPresent: @Sendable (PushNotification, _ completion: @escaping @Sendable (PresentationOptions) -> Void) -> Void
        /// Method 5, as the SDK's delegate receives it.
        public var didReceive: @Sendable (PushNotification, ResponseAction, ApplicationState, _ completion: @escaping @Sendable () -> Void) -> Void

        /// Method 5 with what the user typed into a text-input action (`userText`), when the
        /// delegate takes it; otherwise ``didReceive`` is called without it.
        public var didReceiveWithText:
            (
                @Sendable (PushNotification, ResponseAction, _ textInput: String?, ApplicationState, _ completion: @escaping @Sendable () -> Void) ->
                    Void
            )?

        /// A delegate from its two methods.
        public init(
            willPresent: @escaping @Sendable (PushNotification, _ completion: @escaping @Sendable (PresentationOptions) -> Void) -> Void,
            didReceive: @escaping @Sendable (PushNotification, ResponseAction, ApplicationState, _ completion: @escaping @Sendable () -> Void) -> Void
        ) {
            self.willPresent = willPresent
            self.didReceive = didReceive
        }

        /// A delegate whose method 5 takes the typed text of a text-input action too.
        public init(
            willPresent: @escaping @Sendable (PushNotification, _ completion: @escaping @Sendable (PresentationOptions) -> Void) -> Void,
            didReceiveWithText:
                @escaping @Sendable (
                    PushNotification, ResponseAction, _ textInput: String?, ApplicationState, _ completion: @escaping @Sendable () -> Void
                ) -> Void
        ) {
            self.willPresent = willPresent
            didReceive = { note, action, state, completion in didReceiveWithText(note, action, nil, state, completion) }
            self.didReceiveWithText = didReceiveWithText
        }

        /// Method 5, with the typed text when the delegate takes it.
        func respond(
            _ note: PushNotification, _ action: ResponseAction, _ textInput: String?, _ state: ApplicationState,
            _ completion: @escaping @Sendable () -> Void
        ) {
            if let didReceiveWithText {
                didReceiveWithText(note, action, textInput, state, completion)
            } else {
                didReceive(note, action, state, completion)
            }
        }
    }

    /// Who holds the slot.
    indirect enum Holder: Sendable {
        /// PushBridge's delegate, forwarding to the one it replaced.
        case pushBridge(previous: Holder?)
        /// The app's own delegate, calling PushBridge's entry points.
        case app
        /// Another SDK's delegate (analytics, say): it answers `[.sound]` and completes.
        case other
        /// The provider's SDK's delegate.
        case sdk
    }

    private struct State {
        var holder: Holder?
        var sdkHooks = false
        var otherCalls = 0
        var hookCompletions = 0
    }

    /// PushBridge's side of the calls.
    package let relay: NotificationCenterRelay
    private let sdk: SDKDelegate?
    private let state = Locked(State())

    /// A center with no delegate, for `relay`'s client and (when its provider has one) the SDK's delegate.
    package init(relay: NotificationCenterRelay, sdk: SDKDelegate?) {
        self.relay = relay
        self.sdk = sdk
    }

    /// Whether the provider's SDK holds the delegate now.
    public var sdkHoldsDelegate: Bool { state.withLock { $0.holder?.isSDK ?? false } }

    /// How many calls another SDK's delegate received.
    public var otherDelegateCalls: Int { state.withLock { $0.otherCalls } }
    /// How many times the completion handlers a hooking SDK's own delegate was given were called.
    public var hookCompletionCount: Int { state.withLock { $0.hookCompletions } }

    /// `PushAppIntegration.installNotificationCenterDelegate`: PushBridge takes the slot, keeping
    /// the holder to forward to — unless the provider's SDK takes the delegate itself.
    public func installPushBridgeDelegate() {
        guard relay.installsDelegate else { return }
        state.withLock { $0.holder = .pushBridge(previous: $0.holder) }
    }

    /// The app sets its own delegate, which calls PushBridge's entry points.
    public func installAppDelegate() {
        state.withLock { $0.holder = .app }
    }

    /// Another SDK (not the push provider) sets its delegate.
    public func installOtherDelegate() {
        state.withLock { $0.holder = .other }
    }

    /// The provider's SDK registers: it takes the slot (and hooks later delegates) as it really does.
    public func sdkRegisters() {
        guard sdk != nil else { return }
        let owner = relay.owner
        state.withLock { state in
            guard owner.isSDK else { return }
            state.holder = .sdk
            state.sdkHooks = owner == .sdkHooksDelegate
        }
    }

    /// Sets the center up as an app's launch code does: the delegate `arrangement` names, set
    /// before or after the provider's SDK registers, as `order` says.
    public func arrange(_ arrangement: NotificationCenterArrangement, order: DelegateInstallOrder) {
        let install: () -> Void
        switch arrangement {
        case .pushBridge: install = { self.installPushBridgeDelegate() }
        case .app: install = { self.installAppDelegate() }
        case .sdk: install = {}
        }
        switch order {
        case .delegateFirst:
            install()
            sdkRegisters()
        case .registerFirst:
            sdkRegisters()
            install()
        }
    }

    /// iOS presents a notification in the foreground: method 4 to the holder; `completion` is the
    /// system's handler. Returns whether anyone was called.
    @discardableResult
    public func willPresent(_ notification: PushNotification, completion: @escaping @Sendable (PresentationOptions) -> Void) -> Bool {
        let (holder, hooks) = state.withLock { ($0.holder, $0.sdkHooks) }
        guard let holder else { return false }
        if hooks, let sdk, !holder.isSDK { sdk.willPresent(notification) { _ in self.state.withLock { $0.hookCompletions += 1 } } }
        willPresent(notification, to: holder, completion: completion)
        return true
    }

    /// iOS reports the user's response: method 5 to the holder; `completion` is the system's
    /// handler. Returns whether anyone was called.
    @discardableResult
    public func didReceive(
        _ notification: PushNotification, action: ResponseAction, textInput: String? = nil, state appState: ApplicationState,
        completion: @escaping @Sendable () -> Void
    ) -> Bool {
        let (holder, hooks) = state.withLock { ($0.holder, $0.sdkHooks) }
        guard let holder else { return false }
        if hooks, let sdk, !holder.isSDK {
            sdk.respond(notification, action, textInput, appState) { self.state.withLock { $0.hookCompletions += 1 } }
        }
        didReceive(notification, action: action, textInput: textInput, appState: appState, to: holder, completion: completion)
        return true
    }

    private func willPresent(_ notification: PushNotification, to holder: Holder, completion: @escaping @Sendable (PresentationOptions) -> Void) {
        switch holder {
        case .sdk:
            sdk?.willPresent(notification, completion)
        case .app:
            relay.willPresent(notification, completion: completion)
        case .other:
            state.withLock { $0.otherCalls += 1 }
            completion([.sound])
        case .pushBridge(let previous):
            let forwards: [NotificationCenterRelay.PresentationForward] =
                previous.map { previous in
                    [{ answer in self.willPresent(notification, to: previous, completion: answer) }]
                } ?? []
            relay.willPresent(notification, forwardingTo: forwards, completion: completion)
        }
    }

    private func didReceive(
        _ notification: PushNotification, action: ResponseAction, textInput: String?, appState: ApplicationState, to holder: Holder,
        completion: @escaping @Sendable () -> Void
    ) {
        switch holder {
        case .sdk:
            sdk?.respond(notification, action, textInput, appState, completion)
        case .app:
            relay.didReceive(notification, action: action, textInput: textInput, state: appState, completion: completion)
        case .other:
            state.withLock { $0.otherCalls += 1 }
            completion()
        case .pushBridge(let previous):
            let forwards: [NotificationCenterRelay.ResponseForward] =
                previous.map { previous in
                    [
                        { done in
                            self.didReceive(notification, action: action, textInput: textInput, appState: appState, to: previous, completion: done)
                        }
                    ]
                } ?? []
            relay.didReceive(notification, action: action, textInput: textInput, state: appState, forwardingTo: forwards, completion: completion)
        }
    }
}

extension SimulatedNotificationCenter.Holder {
    var isSDK: Bool {
        if case .sdk = self { return true }
        return false
    }
}

/// Who owns the notification center's delegate in a simulated app (the PushBridge article "One
/// owner of the notification center's calls").
public enum NotificationCenterArrangement: String, Sendable, Hashable, CaseIterable {
    /// `PushAppIntegration` installs PushBridge's delegate (none when the provider's SDK takes it).
    case pushBridge
    /// The app keeps its own delegate and calls PushBridge's entry points from it.
    case app
    /// Nobody but the provider's SDK.
    case sdk
}

/// In which order a simulated app's launch code sets the delegate and registers with the
/// provider (whose SDK may take the delegate then).
public enum DelegateInstallOrder: String, Sendable, Hashable, CaseIterable {
    /// The delegate first, then `client.register`.
    case delegateFirst
    /// `client.register` first, then the delegate.
    case registerFirst
}
