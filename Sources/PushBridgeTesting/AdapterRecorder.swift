import PushBridge
import PushBridgeProviderKit

/// An adapter under test, attached to a real `PushClient` through a recording sink: what the
/// adapter hands the client, in order, and the events the client makes of it — the app's one
/// pipeline, not a copy. Shared by the JPush and Getui adapters' tests.
package final class AdapterRecorder: Sendable {
    /// One thing the adapter handed the client.
    package enum Entry: Sendable {
        /// A callback, as the adapter translated it.
        case invocation(CallbackInvocation)
        /// A message on the provider's own channel.
        case message(PushEvent.Message)
        /// A registration, failure or connection change.
        case event(PushEvent)
    }

    /// The client the adapter feeds.
    package let client: PushClient
    private let tap: PushEventDrain
    private let log = Locked<[Entry]>([])
    private let pending = Locked<[SystemCompletion]>([])
    private let emitted = Locked<[PushEvent]>([])
    private let reported = Locked<[PushDiagnostic]>([])

    /// Attaches `provider` to a new client (over `scheduler`) through a recording sink. The
    /// client answers every completion handler at once with its default unless `answersAtOnce`
    /// is false: then the handlers wait for `completePending(fetch:presentation:)`.
    package init(provider: any PushProvider, scheduler: any PushScheduler, answersAtOnce: Bool = true) {
        client = PushClient(provider: provider, scheduler: scheduler)
        tap = client.eventDrain()
        let pipeline = client.pipelineSink
        let log = self.log
        let pending = self.pending
        let reported = self.reported
        provider.attach(
            to: PushEventSink(
                invocation: { invocation, completion in
                    log.withLock { $0.append(.invocation(invocation)) }
                    if answersAtOnce || completion == nil {
                        pipeline.handle(invocation, completion: completion)
                    } else if let completion {
                        pending.withLock { $0.append(completion) }
                        pipeline.handle(invocation, completion: nil)
                    }
                },
                message: { message in
                    log.withLock { $0.append(.message(message)) }
                    pipeline.receive(message)
                },
                event: { event in
                    log.withLock { $0.append(.event(event)) }
                    pipeline.publish(event)
                },
                diagnostic: { diagnostic in
                    reported.withLock { $0.append(diagnostic) }
                    pipeline.report(diagnostic)
                }))
    }

    /// Everything the adapter handed the client, in order.
    package var entries: [Entry] { log.withLock { $0 } }

    /// The diagnostics the adapter reported (input it could not read), in order.
    package var diagnostics: [PushDiagnostic] { reported.withLock { $0 } }

    /// The callbacks the adapter handed the client.
    package var invocations: [CallbackInvocation] {
        entries.compactMap { if case .invocation(let invocation) = $0 { invocation } else { nil } }
    }

    /// The channel messages the adapter handed the client.
    package var messages: [PushEvent.Message] {
        entries.compactMap { if case .message(let message) = $0 { message } else { nil } }
    }

    /// Every event the client emitted so far, with what waits for a follow-up call settled (a
    /// launch's event, a deferred foreground call), as the client's deadlines settle them.
    package var events: [PushEvent] {
        client.settle()
        let new = tap.take()
        return emitted.withLock { all in
            all += new
            return all
        }
    }

    /// Answers the held completion handlers, as an app would: `fetch` for a fetch,
    /// `presentation` for willPresent, done for a response.
    package func completePending(fetch: BackgroundFetchResult = .newData, presentation: PresentationOptions = [.banner, .sound]) {
        for completion in pending.withLock({ held in
            defer { held = [] }
            return held
        }) {
            switch completion {
            case .fetch(let handler): handler(fetch)
            case .presentation(let handler): handler(presentation)
            case .response(let handler): handler()
            }
        }
    }

    /// The held completion handlers, answered twice each (an app answering twice).
    package func completePendingTwice(presentation: PresentationOptions = [.banner, .sound]) {
        let held = pending.withLock { $0 }
        completePending(presentation: presentation)
        for completion in held { completion.completeWithDefault() }
    }
}
