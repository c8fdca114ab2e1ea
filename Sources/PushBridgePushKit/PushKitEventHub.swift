import PushBridge
import PushBridgeProviderKit

/// The subscribers of `PushClient.pushKitEvents()`, the events held while there are none, and
/// the last token of each kind (so an unchanged token is neither forwarded nor published twice):
/// the client's attachment (`PushClientAttachment`), made when the app first uses VoIP or Live
/// Activities.
///
/// A lock-guarded class of its own, not the client's `EventHub`: these events are rare (a token a
/// day, a call now and then), so the plain `AsyncStream` per subscriber suffices, and the
/// `EventHub` is the notification events' (acknowledged, exactly once, with the normaliser's lock)
/// in the runtime every app links; continuations are resumed outside the lock.
final class PushKitEventHub: PushClientAttachment {
    private struct State {
        /// In the order they subscribed (their IDs ascending): an array, not a dictionary sorted
        /// on every event, which cost the binary a dictionary and a sort of their own.
        var subscribers: [(id: Int, continuation: AsyncStream<PushKitEvent>.Continuation)] = []
        var nextID = 0
        var held: [PushKitEvent] = []
        var tokens: [PushKitEvent.TokenKind: SecretText?] = [:]
        var finished = false
    }

    private let state = Locked(State())
    private let heldLimit: Int

    init(heldLimit: Int) {
        self.heldLimit = heldLimit
    }

    /// A new stream, registered before this returns, that first gets the held events.
    func subscribe() -> AsyncStream<PushKitEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: PushKitEvent.self, bufferingPolicy: .unbounded)
        let (id, held, finished) = state.withLock { state -> (Int, [PushKitEvent], Bool) in
            guard !state.finished else { return (-1, [], true) }
            let id = state.nextID
            state.nextID += 1
            state.subscribers.append((id, continuation))
            defer { state.held.removeAll() }
            return (id, state.held, false)
        }
        for event in held { continuation.yield(event) }
        if finished {
            continuation.finish()
        } else {
            continuation.onTermination = { [weak self] _ in
                self?.state.withLock { state in
                    if let position = state.subscribers.firstIndex(where: { $0.id == id }) {
                        state.subscribers.remove(at: position)
                    }
                }
            }
        }
        return stream
    }

    /// Yields `event` to every subscriber, or holds it (the oldest dropped beyond the limit).
    func publish(_ event: PushKitEvent) {
        let subscribers = state.withLock { state -> [AsyncStream<PushKitEvent>.Continuation] in
            guard !state.finished else { return [] }
            if state.subscribers.isEmpty {
                guard heldLimit > 0 else { return [] }
                if state.held.count == heldLimit { state.held.removeFirst() }
                state.held.append(event)
            }
            return state.subscribers.map(\.continuation)
        }
        for subscriber in subscribers { subscriber.yield(event) }
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
    var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// A provider's SDK did not accept a token: published.
    func tokenForwardingFailed(_ kind: PushTokenKind, provider: PushProviderID, error: PushError) {
        publish(.tokenForwardingFailed(PushKitEvent.ForwardingFailure(provider: provider, kind: kind, error: error)))
    }

    /// Ends every stream; later events are dropped.
    func finish() {
        let subscribers = state.withLock { state in
            state.finished = true
            defer { state.subscribers.removeAll() }
            return state.subscribers.map(\.continuation)
        }
        for subscriber in subscribers { subscriber.finish() }
    }
}
