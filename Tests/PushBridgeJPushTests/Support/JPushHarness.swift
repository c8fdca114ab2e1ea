import PushBridge
import PushBridgeJPushTesting
import PushBridgeJPush
import PushBridgeTesting
import AdapterTestSupport

/// A mock SDK and a provider on it, feeding a real client through an ``AdapterRecorder``: what the
/// adapter hands the client, in order, and the events the client makes of it.
final class JPushHarness: Sendable {
    typealias Entry = AdapterRecorder.Entry

    static let appKey = "5a6e94518f6bd85ba173cf77"
    static let registrationID = "1a0018970a1b2c3d4e5"
    static let settings = JPushSettings(appKey: SecretText(appKey), channel: "App Store", production: true)
    static let advertisingIdentifier = "IDFA-0000-1111-2222"

    let bridge: MockJPushBridge
    let provider: JPushProvider
    let scheduler = ManualScheduler()
    /// The stand-in for the main thread, which the mock checks JPush's main-thread calls against.
    let sdkThread = SDKThread.serialQueue()
    private let appState: Locked<ApplicationState>
    let recorder: AdapterRecorder

    /// A harness whose application state is `state`; the sink completes every completion handler
    /// at once with its default unless `answersAtOnce` is false (then ``completePending(presentation:)`` does).
    /// The user accepted the privacy policy (`consent`, then the calls are forgotten) unless
    /// `consent` is `nil`.
    init(
        state: ApplicationState = .inactive, registrationID: String? = JPushHarness.registrationID, answersAtOnce: Bool = true,
        consent: PrivacyConsent? = .granted
    ) {
        let appState = Locked(state)
        self.appState = appState
        bridge = MockJPushBridge(registrationID: registrationID, sdkThread: sdkThread, clock: scheduler)
        provider = JPushProvider(
            settings: Self.settings, bridge: bridge, scheduler: scheduler, sdkThread: sdkThread,
            advertisingIdentifier: { JPushHarness.advertisingIdentifier }, applicationState: { appState.withLock { $0 } })
        recorder = AdapterRecorder(provider: provider, scheduler: scheduler, answersAtOnce: answersAtOnce)
        if let consent {
            try? provider.setPrivacyConsent(consent)
            bridge.clearCalls()
        }
    }

    /// The application state during the next callbacks.
    var state: ApplicationState {
        get { appState.withLock { $0 } }
        set { appState.withLock { $0 = newValue } }
    }

    var entries: [Entry] { recorder.entries }

    var invocations: [CallbackInvocation] { recorder.invocations }

    var messages: [PushEvent.Message] { recorder.messages }

    /// The identities of the notifications reported with `handleRemoteNotification:`, in order.
    var reportedReceipts: [String] {
        bridge.calls.compactMap { if case .handleRemoteNotification(let id) = $0 { id } else { nil } }
    }

    /// The events the client made of everything so far (pending decisions settled).
    var events: [PushEvent] { recorder.events }

    /// Answers the held completion handlers (those of a sink that does not answer at once), as an
    /// app would: `presentation` for willPresent, done for a response, `.newData` for a fetch.
    func completePending(presentation: PresentationOptions = [.banner, .sound]) {
        recorder.completePending(presentation: presentation)
    }

    /// The held completion handlers, answered twice each (an app answering twice).
    func completePendingTwice(presentation: PresentationOptions = [.banner, .sound]) {
        recorder.completePendingTwice(presentation: presentation)
    }
}

extension JPushNotificationInfo {
    /// A JPush push with message ID `id`.
    static func push(_ id: Int64 = 20266199, alert: String = "hi") -> JPushNotificationInfo {
        JPushNotificationInfo(userInfo: ["aps": ["alert": .string(alert)], "_j_msgid": .integer(id)])
    }

    /// A local notification with identifier `id`.
    static func local(_ id: String = "local-1") -> JPushNotificationInfo {
        JPushNotificationInfo(userInfo: ["aps": ["alert": "reminder"]], identifier: id, isRemote: false)
    }
}

extension Result where Failure == PushError {
    /// The code of the error, if this is a failure.
    var errorCode: PushError.Code? {
        if case .failure(let error) = self { error.code } else { nil }
    }
}
