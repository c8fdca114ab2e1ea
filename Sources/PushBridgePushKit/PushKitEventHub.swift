import PushBridge
import PushBridgeProviderKit

/// The subscribers of `PushClient.pushKitEvents()`, the events held while there are none, and
/// the last token of each kind (so an unchanged token is neither forwarded nor published twice):
/// the client's attachment (`PushClientAttachment`), made when the app first uses VoIP or Live
/// Activities.
///
/// The client's own hub, generic: an `EventHub<PushKitEvent>` under this attachment's lock, as
/// the notification events' `EventHub<PushEvent>` is under the client's (one implementation of
/// subscribe, hold, publish and finish; issue 44, item 3). Consumers are resumed outside the lock.
final class PushKitEventHub: PushClientAttachment {
    private struct State {
        var hub: EventHub<PushKitEvent>
        var tokens: [PushKitEvent.TokenKind: SecretText?] = [:]
        var finished = false
    }

    private let state: Locked<State>

    init(heldLimit: Int) {
        state = Locked(State(hub: EventHub(heldLimit: heldLimit)))
    }

    /// A new stream, registered before this returns, that first gets the held events. Dropping the
    /// stream and its iterators (or cancelling the task reading it) unsubscribes.
    func subscribe() -> AsyncStream<PushKitEvent> {
        let subscription = EventSubscription<PushKitEvent>(incomingLock: state.lock) { [weak self] subscription in
            self?.state.withLock { $0.hub.remove(subscription) }
        }
        publishing { state in
            if state.finished { state.hub.finish(subscription) } else { state.hub.add(subscription) }
        }
        let handle = Subscriber(subscription)
        return AsyncStream(unfolding: { await handle.subscription.next() })
    }

    /// Holds a subscription for the `AsyncStream` reading it, and cancels it when the stream (and
    /// every iterator of it) is gone.
    private final class Subscriber: Sendable {
        let subscription: EventSubscription<PushKitEvent>

        init(_ subscription: EventSubscription<PushKitEvent>) { self.subscription = subscription }

        deinit { subscription.cancel() }
    }

    /// Yields `event` to every subscriber, or holds it (the oldest dropped beyond the limit).
    func publish(_ event: PushKitEvent) {
        publishing { state in
            guard !state.finished else { return }
            state.hub.publish(event)
        }
    }

    /// Runs `body` under the lock, then resumes the consumers its events woke, after the lock is
    /// released (see `EventSubscription.yieldHoldingLock(taking:waking:)`).
    private func publishing(_ body: (inout State) -> Void) {
        let woken = state.withLock { state in
            body(&state)
            return state.hub.takeWakeups()
        }
        EventSubscription<PushKitEvent>.resume(woken)
    }

    /// Records `token` as the newest of `kind`; returns whether it differs from the last one.
    func recordToken(_ token: SecretText?, for kind: PushKitEvent.TokenKind) -> Bool {
        state.withLock { state in
            if let last = state.tokens[kind], last == token { return false }
            state.tokens[kind] = token
            return true
        }
    }

    /// How many streams are subscribed.
    var subscriberCount: Int { state.withLock { $0.hub.subscriberCount } }

    /// A provider's SDK did not accept a token: published.
    func tokenForwardingFailed(_ kind: PushTokenKind, provider: PushProviderID, error: PushError) {
        publish(.tokenForwardingFailed(PushKitEvent.ForwardingFailure(provider: provider, kind: kind, error: error)))
    }

    /// Ends every stream (each reads what is queued first); later events are dropped.
    func finish() {
        publishing { state in
            state.finished = true
            state.hub.finishAll()
        }
    }
}
