import PushBridge
import PushBridgeFCM
import PushBridgeFCMTesting
import PushBridgeModel
import PushBridgeTesting
import Testing

/// An app's own push code on a simulated device whose provider is FCM: registration ends as FCM
/// answers, and a message FCM delivers twice is one event.
@Suite struct FCMSimulationTests {
    @MainActor final class App: PushApp {
        let pushAdapters: [PushAdapter] = [.fcm]
        let privacyConsent = PrivacyConsent.granted
        private(set) var events: [PushEvent] = []

        func handle(_ event: PushEvent) { events.append(event) }
        func presentation(for notification: PushNotification) -> PresentationOptions { [.banner] }
        func didStart(_ push: PushClient) {}
    }

    @Test("a successful registration is one registered event with FCM's identifier")
    func registers() async {
        let app = App()
        let device = SimulatedDevice(ios: IOSVersion(17), provider: FCMSimulator(), running: app)
        device.openFromIcon()
        await device.finish()
        let events = await app.events
        let identifiers = events.compactMap { event -> String? in
            if case .registered(let registration) = event { return registration.identifier.revealed } else { return nil }
        }
        #expect(identifiers == [FCMSimulator.identifier], "\(events)")
        #expect(device.calls.map(\.method).contains("tokenWithCompletion:"))
    }

    @Test("FCM's registration failure reaches the app as one registrationFailed with FCM's code")
    func registrationFails() async {
        let app = App()
        let device = SimulatedDevice(ios: IOSVersion(17), provider: FCMSimulator(), registration: .providerFails, running: app)
        device.openFromIcon()
        await device.finish()
        let failures = await app.events.compactMap { event -> PushError? in
            if case .registrationFailed(let failure) = event { return failure.error } else { return nil }
        }
        #expect(failures.map(\.vendorCode) == [FCMSimulator.registrationError])
        let registered = await app.events.contains { $0.kind == .registered }
        #expect(!registered)
    }

    @Test("one FCM message delivered twice is one received event, named by its gcm.message_id")
    func duplicateDeliveryIsOneEvent() async throws {
        let app = App()
        let device = SimulatedDevice(ios: IOSVersion(17), provider: FCMSimulator(), running: app)
        device.openFromIcon()
        let payload: JSONObject = ["aps": ["alert": "Hi"], "gcm.message_id": "0:1700000000%abc"]
        _ = try device.deliver(.remote(payload))
        _ = try device.deliver(.remote(payload))
        await device.finish()
        let events = await app.events
        let received = events.filter { $0.kind == .received }
        #expect(received.count == 1, "\(events)")
        if case .received(let arrival)? = received.first { #expect(arrival.notification.id == "0:1700000000%abc") }
    }
}
