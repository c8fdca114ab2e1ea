import PushBridge
import PushBridgeGetuiTesting
import PushBridgeGetui
import PushBridgeTesting

/// A mock SDK, a provider on it and a recording sink: what the adapter hands the core, in order,
/// and the events the core's normaliser makes of it. No client, no tasks: everything synchronous.
final class GetuiHarness: Sendable {
    /// One thing the adapter handed the sink.
    enum Entry: Sendable {
        case invocation(CallbackInvocation)
        case message(PushEvent.Message)
        case event(PushEvent)
    }

    static let settings = GetuiSettings(appID: "AppId1234567", appKey: "AppKey1234567", appSecret: "AppSecret1234567")

    let bridge: MockGetuiBridge
    let provider: GetuiProvider
    let scheduler = ManualScheduler()
    private let appState: Locked<ApplicationState>
    private let log = Locked<[Entry]>([])
    private let pending = Locked<[SystemCompletion]>([])
    private let answersAtOnce: Bool

    /// A harness whose application state is `state`; the sink completes every completion handler
    /// at once with its default unless `answersAtOnce` is false (then ``completePending(_:)`` does).
    init(state: ApplicationState = .inactive, clientID: String? = "b4d1f5c2e8a94f7c9d0e1f2a3b4c5d6e", answersAtOnce: Bool = true) {
        let appState = Locked(state)
        self.appState = appState
        self.answersAtOnce = answersAtOnce
        bridge = MockGetuiBridge(clientID: clientID)
        provider = GetuiProvider(settings: Self.settings, bridge: bridge, scheduler: scheduler, applicationState: { appState.withLock { $0 } })
        let log = self.log
        let pending = self.pending
        provider.attach(to: PushEventSink(
            invocation: { invocation, completion in
                log.withLock { $0.append(.invocation(invocation)) }
                guard let completion else { return }
                if answersAtOnce { completion.completeWithDefault() } else { pending.withLock { $0.append(completion) } }
            },
            message: { message in log.withLock { $0.append(.message(message)) } },
            event: { event in log.withLock { $0.append(.event(event)) } }))
    }

    /// The application state during the next callbacks.
    var state: ApplicationState {
        get { appState.withLock { $0 } }
        set { appState.withLock { $0 = newValue } }
    }

    var entries: [Entry] { log.withLock { $0 } }

    var invocations: [CallbackInvocation] {
        entries.compactMap { if case .invocation(let invocation) = $0 { invocation } else { nil } }
    }

    var messages: [PushEvent.Message] {
        entries.compactMap { if case .message(let message) = $0 { message } else { nil } }
    }

    /// The events the core makes of everything so far (as `PushClient` does, without its tasks).
    var events: [PushEvent] {
        var normalizer = PushEventNormalizer()
        var events: [PushEvent] = []
        for entry in entries {
            switch entry {
            case .invocation(let invocation): normalizer.consume(invocation) { events.append($0) }
            case .message(let message): normalizer.consume(message: message) { events.append($0) }
            case .event(let event): events.append(event)
            }
        }
        normalizer.flush { events.append($0) }
        return events
    }

    /// Answers the held completion handlers (those of a sink that does not answer at once).
    func completePending(_ fetch: BackgroundFetchResult = .newData, presentation: PresentationOptions = [.alert]) {
        for completion in pending.withLock({ held in defer { held = [] }; return held }) {
            switch completion {
            case .fetch(let handler): handler(fetch)
            case .presentation(let handler): handler(presentation)
            case .response(let handler): handler()
            }
        }
    }

    /// The held completion handlers, answered twice each (an app answering twice).
    func completePendingTwice() {
        let held = pending.withLock { $0 }
        completePending()
        for completion in held { completion.completeWithDefault() }
    }
}

extension GetuiNotificationInfo {
    /// An APNs copy of Getui message `task:msg`.
    static func copy(task: String = "task9", msg: String = "msg9", alert: String = "hi") -> GetuiNotificationInfo {
        GetuiNotificationInfo(userInfo: ["aps": ["alert": .string(alert)], "_gmid_": .string("\(task):\(msg):zz")])
    }
}
