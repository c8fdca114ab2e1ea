import PushBridgeCore
import PushBridgeProviderKit
import _PushBridgeEventQueue

/// A subscription drained without waiting (``PushClient/eventDrain()``); unsubscribes when
/// released. (Named `PushEventTap` before issue 44: in this domain a tap is the user's touch.)
package final class PushEventDrain: Sendable {
    private let subscription: EventSubscription

    init(_ subscription: EventSubscription) {
        self.subscription = subscription
    }

    deinit {
        subscription.cancel()
    }

    /// The events emitted since the last call, in order.
    package func take() -> [PushEvent] {
        var events: [PushEvent] = []
        while case .event(let event) = subscription.nextQueued() { events.append(event) }
        return events
    }
}
