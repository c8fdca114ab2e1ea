import PushBridgeCore
import PushBridgeProviderKit
import _PushBridgeEventQueue

/// The one event pipeline, read without waiting: how the simulator, the simulated device and the
/// adapters' tests run their calls through a real ``PushClient`` instead of a copy of it.
extension PushClient {
    /// Every event the client emits from now on, drained synchronously with ``PushEventDrain/take()``.
    package func eventDrain() -> PushEventDrain {
        PushEventDrain(core.subscribe())
    }

    /// Emits a launch's event still waiting for its follow-up call and decides a deferred
    /// foreground call now: what the client's deadlines do on a device, at the end of a simulated
    /// delivery.
    package func settle() {
        core.endLaunch()
    }
}

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

extension PushClient {
    /// The sink the client attached its provider to: what a test recording an adapter's output
    /// forwards to, so that the adapter's tests run the one pipeline too.
    package var pipelineSink: PushEventSink { core.sink() }
}
