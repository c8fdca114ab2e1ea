import AdapterTestSupport
import PushBridge
import PushBridgeJPush
import PushBridgeJPushTesting
import PushBridgeTesting

/// A mock JPush SDK and a provider on it, feeding a real client (``AdapterHarness``).
typealias JPushHarness = AdapterHarness<MockJPushBridge, JPushProvider>

extension AdapterHarness where Bridge == MockJPushBridge, Provider == JPushProvider {
    static var appKey: String { "5a6e94518f6bd85ba173cf77" }
    static var registrationID: String { "1a0018970a1b2c3d4e5" }
    static var settings: JPushSettings { JPushSettings(appKey: SecretText(appKey), channel: "App Store", production: true) }
    static var advertisingIdentifier: String { "IDFA-0000-1111-2222" }

    /// A harness whose application state is `state`; the sink completes every completion handler
    /// at once with its default unless `answersAtOnce` is false (then ``completePending(presentation:)`` does).
    /// The user accepted the privacy policy (`consent`, then the calls are forgotten) unless
    /// `consent` is `nil`.
    convenience init(
        state: ApplicationState = .inactive, registrationID: String? = JPushHarness.registrationID, answersAtOnce: Bool = true,
        consent: PrivacyConsent? = .granted
    ) {
        self.init(state: state, answersAtOnce: answersAtOnce, consent: consent) { scheduler, sdkThread, applicationState in
            let bridge = MockJPushBridge(registrationID: registrationID, sdkThread: sdkThread, clock: scheduler)
            let provider = JPushProvider(
                settings: Self.settings, bridge: bridge, scheduler: scheduler, sdkThread: sdkThread,
                advertisingIdentifier: { JPushHarness.advertisingIdentifier }, applicationState: applicationState)
            return (bridge, provider)
        } afterConsent: { bridge in
            bridge.clearCalls()
        }
    }

    /// The identities of the notifications reported with `handleRemoteNotification:`, in order.
    var reportedReceipts: [String] {
        bridge.calls.compactMap { if case .handleRemoteNotification(let id) = $0 { id } else { nil } }
    }

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
    static func push(_ id: Int64 = 20_266_199, alert: String = "hi") -> JPushNotificationInfo {
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
