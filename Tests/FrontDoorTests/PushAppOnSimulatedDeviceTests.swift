import Foundation
import PushBridge
import PushBridgeAPNs
import PushBridgeAPNsTesting
import PushBridgeFCM
import PushBridgeFCMTesting
import PushBridgeGetui
import PushBridgeGetuiTesting
import PushBridgeJPush
import PushBridgeJPushTesting
import PushBridgeModel
import PushBridgeTesting
import Testing

/// An app's own push code — a `PushApp`, as `PushAppDelegate` runs it — on a simulated device: the
/// device runs the app's launch routine at each launch, shows what the app's presentation answer
/// says, and answers its registration as each provider's iOS and SDK would, failures included.
@Suite("The app's push code on a simulated device")
struct PushAppOnSimulatedDeviceTests {
    /// An app that keeps everything it was handed, on the main actor.
    @MainActor final class RecordingApp: PushApp {
        let pushAdapters: [PushAdapter]
        let privacyConsent: PrivacyConsent
        let answer: PresentationOptions
        private(set) var events: [PushEvent] = []
        private(set) var starts = 0
        private(set) var asked: [String] = []
        private(set) var client: PushClient?

        init(
            adapters: [PushAdapter] = [.apns, .jpush, .getui, .fcm], consent: PrivacyConsent = .granted,
            answer: PresentationOptions = [.banner, .sound]
        ) {
            pushAdapters = adapters
            privacyConsent = consent
            self.answer = answer
        }

        func handle(_ event: PushEvent) { events.append(event) }
        func presentation(for notification: PushNotification) -> PresentationOptions {
            asked.append(notification.id)
            return answer
        }
        func didStart(_ push: PushClient) {
            starts += 1
            client = push
        }

        func kinds(_ kind: PushEvent.Kind) -> [PushEvent] { events.filter { $0.kind == kind } }
        var failures: [PushError] {
            events.compactMap {
                if case .registrationFailed(let failure) = $0 { return failure.error }
                return nil
            }
        }
    }

    static let simulators: [any ProviderSimulator] = [APNsSimulator(), JPushSimulator(), GetuiSimulator(), FCMSimulator()]

    @Test("every launch runs the app's launch routine once, and a cold-start tap reaches its handler once")
    func eachLaunchRunsTheRoutine() async throws {
        for simulator in Self.simulators {
            let app = await RecordingApp()
            let device = SimulatedDevice(ios: IOSVersion(17), provider: simulator, running: app)
            try device.tap(device.deliver(.remote(["aps": ["alert": "Hi"], "id": "7"])))
            device.terminate()
            device.openFromIcon()
            await device.finish()
            let events = await app.events
            #expect(device.launchCount == 2, "\(simulator.id)")
            #expect(await app.starts == 2, "\(simulator.id): didStart once per launch")
            #expect(await app.kinds(.opened).count == 1, "\(simulator.id): \(events)")
            #expect(await app.kinds(.registered).count == 2, "\(simulator.id): one per process, each process registers")
        }
    }

    @Test("registration ends as the device says, with one event, for every provider", arguments: SimulatedRegistration.allCases)
    func registrationOutcomes(_ outcome: SimulatedRegistration) async throws {
        for simulator in Self.simulators {
            let app = await RecordingApp()
            let device = SimulatedDevice(ios: IOSVersion(17), provider: simulator, registration: outcome, running: app)
            device.openFromIcon()
            device.sendToBackground()
            device.openFromIcon()  // no second answer in one process
            await device.finish()
            let registered = await app.kinds(.registered).count
            let failures = await app.failures
            let label = "\(simulator.id) \(outcome): \(await app.events)"
            switch outcome {
            case .succeeds:
                #expect(registered == 1 && failures.isEmpty, "\(label)")
            case .unanswered:
                #expect(registered == 0 && failures.isEmpty, "\(label)")
            case .authorizationDenied:
                #expect(registered == 0 && failures.map(\.field) == ["authorization"], "\(label)")
            case .noEntitlement:
                #expect(registered == 0 && failures.count == 1, "\(label)")
                #expect(failures.first?.vendorCode == PushError.VendorCode(domain: "NSCocoaErrorDomain", code: 3000), "\(label)")
            case .providerFails:
                #expect(registered == 0 && failures.count == 1, "\(label)")
            }
        }
    }

    @Test("consent the app withholds keeps JPush off and unregistered; the start it makes later is answered once")
    func consentLater() async throws {
        let app = await RecordingApp(consent: .denied)
        let device = SimulatedDevice(ios: IOSVersion(17), provider: JPushSimulator(), running: app)
        device.openFromIcon()
        device.advance(by: 1)
        #expect(await app.failures.map(\.code) == [.consentRequired])
        #expect(!device.calls.contains { $0.method == "application:didRegisterForRemoteNotificationsWithDeviceToken:" })
        let client = try #require(await app.client)
        client.start(consent: .granted)  // the user accepted the privacy policy
        device.advance(by: 1)
        device.advance(by: 1)
        await device.finish()
        #expect(await app.kinds(.registered).count == 1)
    }

    @Test("an app that does not list the simulated provider's adapter gets what its push.json would give it: push off, the fix named")
    func unlistedAdapter() async throws {
        let app = await RecordingApp(adapters: [.apns, .getui])
        let device = SimulatedDevice(ios: IOSVersion(17), provider: JPushSimulator(), running: app)
        device.openFromIcon()
        await device.finish()
        let failure = try #require(await app.failures.first)
        #expect(await app.failures.count == 1)
        #expect(failure.field == "provider")
        #expect(failure.description.contains("add .jpush to the adapters"), "\(failure)")
        #expect(await app.kinds(.registered).isEmpty)
    }

    @Test("the app's presentation answer is what the device shows, and iOS's handler is answered once")
    func presentationAnswer() async throws {
        for simulator in Self.simulators {
            let app = await RecordingApp(answer: [.list, .badge])
            let device = SimulatedDevice(ios: IOSVersion(16), provider: simulator, running: app)
            device.openFromIcon()
            let note = await device.presented(try device.deliver(.remote(["aps": ["alert": "Hi"], "id": "n-1"])))
            #expect(note.presentation == [.list, .badge], "\(simulator.id) \(device.calls.map(\.method))")
            #expect(note.display == .list, "\(simulator.id)")
            #expect(device.systemCompletionCounts == [1], "\(simulator.id)")
            #expect(await app.asked.count == 1, "\(simulator.id): asked once")
            await device.finish()
        }
    }

    @Test("an app that answers nothing shows nothing: there is nothing to tap")
    func answeredNothing() async throws {
        let app = await RecordingApp(answer: [])
        let device = SimulatedDevice(ios: IOSVersion(17), running: app)
        device.openFromIcon()
        let note = await device.presented(try device.deliver(.remote(["aps": ["alert": "Hi"]])))
        #expect(note.presentation == [] && note.display == .none)
        #expect(throws: PushError.self) { try device.tap(note) }
        await device.finish()
    }

    @Test("called on the main actor, the device runs the app's launch at once and gives its answer through presented(_:)")
    @MainActor
    func presentationOnTheMainActor() async throws {
        let app = RecordingApp(answer: [.list])
        let device = SimulatedDevice(ios: IOSVersion(17), provider: JPushSimulator(), running: app)
        device.openFromIcon()  // the launch routine runs at once, on this actor
        #expect(app.starts == 1)
        let note = try device.deliver(.remote(["aps": ["alert": "Hi"], "_j_msgid": 5]))
        #expect(note.presentation == nil)  // the app answers once this test awaits
        let shown = await device.presented(note)
        #expect(shown.presentation == [.list] && shown.display == .list)
        try device.tap(shown)
        await device.finish()
        #expect(app.kinds(.opened).count == 1)
        #expect(device.systemCompletionCounts == [1, 1])
    }

    @Test("on Linux the adapters an app lists compile, and a client made with them says the SDK needs iOS", arguments: ["apns", "jpush", "getui"])
    func adaptersOffIOS(_ provider: String) throws {
        let sections = [
            "apns": "", "jpush": #", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77", "channel": "App Store", "production": true}"#,
            "getui": #", "getui": {"appId": "A1b2C3", "appKey": "K4d5E6", "appSecret": "S7f8G9"}"#,
        ]
        let json = #"{"provider": "\#(provider)""# + (sections[provider] ?? "") + "}"
        let client = PushClient(configurationJSON: Array(json.utf8), adapters: [.apns, .jpush, .getui])
        let problem = try #require(client.configurationProblem)
        #expect(problem.code == .unsupported)
        #expect(problem.field == provider)
    }
}
