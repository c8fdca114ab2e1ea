import AdapterTestSupport
import PushBridge
import PushBridgeAPNsTesting
import PushBridgeFCM
import PushBridgeFCMTesting
import PushBridgeProviderKit
import PushBridgeTesting

/// The two mocks an FCM adapter talks to: FirebaseMessaging and iOS's prompt and registration.
struct FCMMocks: Sendable {
    let fcm: MockFCMBridge
    let system: MockAPNsBridge
}

/// Mock FirebaseMessaging and iOS, and a provider on them, feeding a real client (``AdapterHarness``).
typealias FCMHarness = AdapterHarness<FCMMocks, FCMProvider>

extension AdapterHarness where Bridge == FCMMocks, Provider == FCMProvider {
    static var settings: FCMSettings { FCMSettings(projectId: "pushbridge-test") }

    /// A harness whose FCM registers by installation ID when `installationID`, else by token;
    /// the user accepted the privacy policy unless `consent` is `nil`.
    convenience init(
        state: ApplicationState = .active, identifier: String = "fcm-token-1", installationID: Bool = false, grants: Bool = true,
        consent: PrivacyConsent? = .granted, answersAtOnce: Bool = true
    ) {
        self.init(state: state, answersAtOnce: answersAtOnce, consent: consent) { scheduler, sdkThread, applicationState in
            let mocks = FCMMocks(fcm: MockFCMBridge(identifier: identifier, installationID: installationID), system: MockAPNsBridge(grants: grants))
            let provider = FCMProvider(
                settings: Self.settings, bridge: mocks.fcm, system: mocks.system, apnsTokenType: .sandbox, scheduler: scheduler, sdkThread: sdkThread,
                applicationState: applicationState)
            return (mocks, provider)
        }
    }

    var fcm: MockFCMBridge { bridge.fcm }
    var client: PushClient { recorder.client }

    /// iOS's device token: 32 bytes.
    static let deviceToken: [UInt8] = Array(repeating: 0xAB, count: 32)

    /// Starts FCM and registers as an app does at launch, then hands the client iOS's token.
    func launchAndRegister() throws {
        try client.start(PushStartRequest(iosVersion: IOSVersion(17)))
        try client.register(PushRegistrationRequest(iosVersion: IOSVersion(17)))
        client.didRegisterForRemoteNotifications(deviceToken: Self.deviceToken)
    }

    /// The identifiers of the `registered` events so far.
    var registrations: [String] {
        events.compactMap { event in
            guard case .registered(let registration) = event else { return nil }
            return registration.identifier.revealed
        }
    }

    /// The errors of the `registrationFailed` events so far.
    var failures: [PushError] {
        events.compactMap { event in
            guard case .registrationFailed(let failure) = event else { return nil }
            return failure.error
        }
    }
}
