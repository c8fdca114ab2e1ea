import PushBridgeCore
import PushBridgeProviderKit
import _PushBridgeEventQueue

/// The events of one subscription to a ``PushClient``, in the order the client emitted them:
/// what ``PushClient/events()`` returns.
///
/// An `AsyncSequence` that never throws. It ends when the client is deallocated (after every
/// queued event has been read) or when the task iterating it is cancelled. Dropping the stream
/// and every iterator of it unsubscribes. Breaking out of a `for await` loop and iterating the
/// same stream again continues with the next event: nothing is skipped, nothing is read twice.
///
/// ```swift
/// for await event in client.events() {
///     if case .opened(let open) = event { router.route(open.notification) }
/// }
/// ```
public struct PushEventStream: AsyncSequence, Sendable {
    /// The element: one `PushEvent`.
    public typealias Element = PushEvent

    /// Unsubscribes when the last stream or iterator holding it goes away.
    final class Handle: Sendable {
        let subscription: EventSubscription

        init(_ subscription: EventSubscription) { self.subscription = subscription }

        deinit { subscription.cancel() }
    }

    let handle: Handle

    init(_ subscription: EventSubscription) {
        handle = Handle(subscription)
    }

    /// An iterator over the stream's events.
    public func makeAsyncIterator() -> Iterator { Iterator(handle: handle) }

    /// Reads a ``PushEventStream``. Several iterators of one stream share its queue: each event
    /// goes to exactly one of them.
    public struct Iterator: AsyncIteratorProtocol {
        let handle: Handle
        /// `handle`'s subscription, held directly: a stored `let` of the iterator, which a
        /// non-mutating method borrows from `self`, so a read retains and releases nothing (a
        /// write to the reference count would land on a cache line the producer's core uses too).
        private let subscription: EventSubscription

        init(handle: Handle) {
            self.handle = handle
            subscription = handle.subscription
        }

        /// The next queued event, if any, without waiting.
        private func nextQueued() -> EventSubscription.Poll {
            subscription.nextQueued()
        }

        /// The next event, waiting for one if none is queued; `nil` once the stream has ended.
        public mutating func next() async -> PushEvent? {
            switch nextQueued() {
            case .event(let event): return event
            case .ended: return nil
            case .empty: return await handle.subscription.next()
            }
        }

        /// The next event, read without leaving `actor` (a `for await` loop on the main actor
        /// stays there); `nil` once the stream has ended.
        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        public mutating func next(isolation actor: isolated (any Actor)?) async -> PushEvent? {
            switch nextQueued() {
            case .event(let event): return event
            case .ended: return nil
            case .empty: return await handle.subscription.next(isolation: actor)
            }
        }
    }
}
