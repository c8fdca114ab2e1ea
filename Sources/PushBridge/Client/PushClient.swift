import PushBridgeCore
import PushBridgeProviderKit

/// The facade app code talks to: one stream of `PushEvent`s, whatever the provider and
/// whichever callbacks iOS used.
///
/// Every callback enters by one method, `PushEventSink.handle(_:completion:)`: the integration
/// layer hands the app's own callbacks to the client's sink (its provider observes each), the
/// provider's adapter what its SDK reports to the sink the client attached it to; the client — the one event pipeline, also run by the simulator and
/// the test kit — normalises them (exactly once, nothing lost, right kind and origin), answers
/// every completion handler exactly once, and delivers the events to each subscriber of ``events()``.
///
/// The facade is this file and four extensions, each named for its concern:
/// `PushClient+ConfigurationFile` (a client made from `push.json` and the app's adapters),
/// `PushClient+Start` (the user's consent, starting push, the user's authorization),
/// `PushClient+Provider` (the provider's operations: alias, tags, badge, reports) and
/// `PushClient+SystemCallbacks` (what iOS and the UIKit glue hand over, and the pipeline's doors
/// for the simulator and tests). An opt-in module adds its own (`PushClient+PushKit`).
///
/// Events that arrive while nobody is subscribed — the cold-start tap, typically — are held
/// (``PushClientOptions/heldEventLimit``) and delivered, in order, to the next subscriber. There
/// is no separate "initial notification" call that could deliver the cold-start tap twice.
///
/// ```swift
/// let client = PushClient(configurationFile: "push.json", adapters: [.apns, .jpush])
/// client.setPresentationHandler { notification in
///     notification.customKeys["silentInForeground"] == .bool(true) ? [] : [.banner, .sound]
/// }
/// Task {
///     for await event in client.events() {
///         if case .opened(let open) = event { show(router.resolve(open.notification).outcome) }
///     }
/// }
/// ```
public final class PushClient: Sendable {
    /// The provider adapter behind this client (none, a `NoOpProvider`, when the configuration
    /// file could not be used).
    package let provider: any PushProvider
    /// The bounds and defaults this client runs with.
    public var options: PushClientOptions { core.options }
    /// The normaliser, subscribers and handlers the provider feeds.
    let core: PushClientCore
    /// The provider, if it observes the app's callbacks.
    let observer: (any CallbackObservingProvider)?
    /// The one entry into the pipeline for the callbacks iOS made to the app's delegate
    /// (`PushEventSink.handle(_:completion:)`), which the UIKit glue, the relay and the simulated
    /// device hand them to: each is named by the provider's message ID when the payload has one,
    /// the provider observes it, and its completion handler is answered exactly once — with the
    /// app's answer, or from a watchdog before the system's deadline. The provider's own sink
    /// enters by the same method and skips the naming and the observing (its adapter reported
    /// the call).
    package let callbacks: PushEventSink

    /// Decides how a notification that arrives in the foreground is presented.
    package typealias PresentationHandler = @Sendable (PushNotification) async -> PresentationOptions
    /// Does the background work a push asks for (method 3) and reports its result.
    package typealias BackgroundWorkHandler = @Sendable (PushNotification) async -> BackgroundFetchResult
    /// Handles a user's response (a tap, a custom action, a dismiss) before iOS is told it is done;
    /// iOS keeps the app running until then, which a background action (a quick reply) needs.
    package typealias ResponseHandler = @Sendable (PushEvent) async -> Void

    /// A client for `provider`, with the given options and scheduler (time is injected for tests).
    ///
    /// The client attaches itself to the provider, which from then on sends it what its SDK reports.
    public init(provider: any PushProvider, options: PushClientOptions = PushClientOptions(), scheduler: any PushScheduler = DispatchScheduler()) {
        self.provider = provider
        core = PushClientCore(options: options, scheduler: scheduler)
        let observer = provider as? any CallbackObservingProvider
        self.observer = observer
        callbacks = core.sink(observedBy: observer, namedBy: provider as? any MessageIdentifyingProvider)
        provider.attach(to: core.sink())
    }

    deinit {
        core.close()
    }

    // MARK: Subscribing

    /// A new stream of every event from now on (and, for the first subscriber after a quiet time,
    /// the events held until it came).
    ///
    /// The subscription is registered before this method returns, so no event can slip between
    /// subscribing and the first `await`. Each call returns a fresh stream; ending the iteration
    /// (or cancelling its task) unsubscribes.
    public func events() -> PushEventStream {
        PushEventStream(core.subscribe())
    }

    /// How many streams are subscribed now.
    var subscriberCount: Int { core.state.withLock { $0.hub.subscriberCount } }
    /// How many events are held for the next subscriber.
    var heldEventCount: Int { core.state.withLock { $0.hub.heldCount } }
    /// How many entries the normaliser remembers for deduplication (bounded by the options).
    var rememberedCount: Int { core.state.withLock { $0.normalizer.rememberedCount } }

    /// How many held events were dropped, oldest first, because the hold was full.
    public var droppedEventCount: Int { core.state.withLock { $0.hub.droppedCount } }

    // MARK: The app's decisions

    /// Sets how foreground notifications are presented; `nil` restores the default
    /// (``PushClientOptions/defaultPresentation``).
    public func setPresentationHandler(_ handler: (@Sendable (PushNotification) async -> PresentationOptions)?) {
        core.state.withLock {
            $0.handlers = .init(presentation: handler, backgroundWork: $0.handlers.backgroundWork, response: $0.handlers.response)
        }
    }

    /// Sets the background work run for method 3's pushes; `nil` answers `.noData` at once.
    public func setBackgroundWorkHandler(_ handler: (@Sendable (PushNotification) async -> BackgroundFetchResult)?) {
        core.state.withLock {
            $0.handlers = .init(presentation: $0.handlers.presentation, backgroundWork: handler, response: $0.handlers.response)
        }
    }

    /// Sets the work run for each response before iOS is told it is handled; `nil` answers at once.
    public func setResponseHandler(_ handler: (@Sendable (PushEvent) async -> Void)?) {
        core.state.withLock {
            $0.handlers = .init(presentation: $0.handlers.presentation, backgroundWork: $0.handlers.backgroundWork, response: handler)
        }
    }

    /// Sets what receives the client's diagnostics: the cases PushBridge could not tell apart
    /// with certainty, and what it decided (see `PushDiagnostic`). Called outside the client's
    /// lock, on the thread of the callback concerned; `nil` stops them.
    public func setDiagnosticHandler(_ handler: (@Sendable (PushDiagnostic) -> Void)?) {
        core.state.withLock { $0.diagnosticHandler = handler }
    }

    /// Reports a diagnostic to the handler set with ``setDiagnosticHandler(_:)``, on this thread.
    ///
    /// For an integration layer that could not read what a callback handed it: it answers the
    /// callback's completion handler with its default, and reports why here instead of dropping
    /// the input in silence.
    ///
    /// ```swift
    /// let note: PushNotification
    /// do {
    ///     note = try PushNotification(userInfo: userInfo)
    /// } catch {
    ///     client.report(.unreadablePayload(in: SystemCallback.didReceiveRemoteNotificationFetch.rawValue, notificationID: "unidentified", error: error))
    ///     completionHandler(.noData)
    ///     return
    /// }
    /// ```
    package func report(_ diagnostic: PushDiagnostic) {
        core.report(diagnostic)
    }

    /// Reports a callback whose payload the integration layer could not read (and answered with
    /// its default): a `PushDiagnostic.Code.unreadablePayload` diagnostic for the handler set
    /// with ``setDiagnosticHandler(_:)``, naming the callback and `error`'s field, never a value.
    ///
    /// ```swift
    /// guard let note = try? PushNotification(userInfo: userInfo) else { … } // silent: avoid
    ///
    /// do {
    ///     note = try PushNotification(userInfo: content, identifier: request.identifier)
    /// } catch {
    ///     client.reportUnreadablePayload(error, in: .willPresent, identifier: request.identifier)
    ///     completionHandler([])
    ///     return
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - error: Why the payload could not be read (as `PushNotification.init(userInfo:identifier:source:)` threw it).
    ///   - callback: The delegate method that handed it over.
    ///   - identifier: The notification request's identifier, when there is one; the diagnostic's
    ///     `PushDiagnostic.notificationID` is `unidentified` otherwise.
    package func reportUnreadablePayload(_ error: PushError, in callback: SystemCallback, identifier: String? = nil) {
        let id = identifier.flatMap { $0.isEmpty ? nil : $0 } ?? "unidentified"
        report(.unreadablePayload(in: callback.rawValue, notificationID: id, error: error))
    }

    // MARK: Publishing

    /// Publishes an event that did not come through a system callback (a provider's
    /// registration or state). Deduplication does not apply.
    func publish(_ event: PushEvent) {
        core.publish(event)
    }

    /// Receives a provider's own-channel message: emitted unless it or its APNs copy was told already.
    func receive(_ message: PushEvent.Message) {
        core.receive(message)
    }
}

/// Opt-in modules' state beside the client (``PushClientAttachment``).
extension PushClient {
    /// The client's attachment of type `A`, made by `make` and attached the first time (and
    /// handed what the provider reported before it came; finished at once if the client is gone).
    package func attachment<A: PushClientAttachment>(_ make: () -> A) -> A {
        let (attachment, waiting, isClosed) = core.attached.withLock { record -> (A, [(PushTokenKind, PushProviderID, PushError)], Bool) in
            if let existing = record.attachment as? A { return (existing, [], false) }
            let made = make()
            record.attachment = made
            defer { record.waiting.removeAll() }
            return (made, record.waiting, record.isClosed)
        }
        for (kind, provider, error) in waiting { attachment.tokenForwardingFailed(kind, provider: provider, error: error) }
        if isClosed { attachment.finish() }
        return attachment
    }
}
