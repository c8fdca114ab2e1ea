import PushBridge
import PushBridgeGetuiTesting
import PushBridgeGetui
import PushBridgeTesting
import AdapterTestSupport

/// A mock SDK and a provider on it, feeding a real client through an ``AdapterRecorder``: what the
/// adapter hands the client, in order, and the events the client makes of it.
final class GetuiHarness: Sendable {
    typealias Entry = AdapterRecorder.Entry

    static let settings = GetuiSettings(appID: "AppId1234567", appKey: "AppKey1234567", appSecret: "AppSecret1234567")

    let bridge: MockGetuiBridge
    let provider: GetuiProvider
    let scheduler = ManualScheduler()
    /// The stand-in for the main thread, which the mock checks Getui's main-thread calls against.
    let sdkThread = SDKThread.serialQueue()
    private let appState: Locked<ApplicationState>
    let recorder: AdapterRecorder

    /// A harness whose application state is `state`; the sink completes every completion handler
    /// at once with its default unless `answersAtOnce` is false (then ``completePending(_:)`` does).
    /// The user accepted the privacy policy unless `consent` is `nil`.
    init(
        state: ApplicationState = .inactive, clientID: String? = "b4d1f5c2e8a94f7c9d0e1f2a3b4c5d6e", answersAtOnce: Bool = true,
        consent: PrivacyConsent? = .granted, tagSetsPerDay: Int = GetuiResultCode.tagSetsPerDay
    ) {
        let appState = Locked(state)
        self.appState = appState
        bridge = MockGetuiBridge(clientID: clientID, sdkThread: sdkThread, clock: scheduler, tagSetsPerDay: tagSetsPerDay)
        provider = GetuiProvider(
            settings: Self.settings, bridge: bridge, scheduler: scheduler, sdkThread: sdkThread, tagSetsPerDay: tagSetsPerDay,
            applicationState: { appState.withLock { $0 } })
        recorder = AdapterRecorder(provider: provider, scheduler: scheduler, answersAtOnce: answersAtOnce)
        if let consent { try? provider.setPrivacyConsent(consent) }
    }

    /// The application state during the next callbacks.
    var state: ApplicationState {
        get { appState.withLock { $0 } }
        set { appState.withLock { $0 = newValue } }
    }

    var entries: [Entry] { recorder.entries }

    var invocations: [CallbackInvocation] { recorder.invocations }

    var messages: [PushEvent.Message] { recorder.messages }

    /// The events the client made of everything so far (pending decisions settled).
    var events: [PushEvent] { recorder.events }

    /// Answers the held completion handlers (those of a sink that does not answer at once).
    func completePending(_ fetch: BackgroundFetchResult = .newData, presentation: PresentationOptions = [.alert]) {
        recorder.completePending(fetch: fetch, presentation: presentation)
    }

    /// The held completion handlers, answered twice each (an app answering twice).
    func completePendingTwice() {
        recorder.completePendingTwice(presentation: [.alert])
    }
}

extension GetuiNotificationInfo {
    /// An APNs copy of Getui message `task:msg`.
    static func copy(task: String = "task9", msg: String = "msg9", alert: String = "hi") -> GetuiNotificationInfo {
        GetuiNotificationInfo(userInfo: ["aps": ["alert": .string(alert)], "_gmid_": .string("\(task):\(msg):zz")])
    }
}
