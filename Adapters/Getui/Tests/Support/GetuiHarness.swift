import AdapterTestSupport
import PushBridge
import PushBridgeGetui
import PushBridgeGetuiTesting
import PushBridgeTesting

/// A mock Getui SDK and a provider on it, feeding a real client (``AdapterHarness``).
typealias GetuiHarness = AdapterHarness<MockGetuiBridge, GetuiProvider>

extension AdapterHarness where Bridge == MockGetuiBridge, Provider == GetuiProvider {
    static var settings: GetuiSettings { GetuiSettings(appID: "AppId1234567", appKey: "AppKey1234567", appSecret: "AppSecret1234567") }

    /// A harness whose application state is `state`; the sink completes every completion handler
    /// at once with its default unless `answersAtOnce` is false (then ``completePending(_:presentation:)`` does).
    /// The user accepted the privacy policy unless `consent` is `nil`.
    convenience init(
        state: ApplicationState = .inactive, clientID: String? = "b4d1f5c2e8a94f7c9d0e1f2a3b4c5d6e", answersAtOnce: Bool = true,
        consent: PrivacyConsent? = .granted, tagSetsPerDay: Int = GetuiResultCode.tagSetsPerDay
    ) {
        self.init(state: state, answersAtOnce: answersAtOnce, consent: consent) { scheduler, sdkThread, applicationState in
            let bridge = MockGetuiBridge(clientID: clientID, sdkThread: sdkThread, clock: scheduler, tagSetsPerDay: tagSetsPerDay)
            let provider = GetuiProvider(
                settings: Self.settings, bridge: bridge, scheduler: scheduler, sdkThread: sdkThread, tagSetsPerDay: tagSetsPerDay,
                applicationState: applicationState)
            return (bridge, provider)
        }
    }

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
