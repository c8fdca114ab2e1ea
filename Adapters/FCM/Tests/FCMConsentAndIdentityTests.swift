import PushBridge
import PushBridgeFCM
import PushBridgeFCMTesting
import PushBridgeProviderKit
import PushBridgeTesting
import Testing

/// Consent gates FCM's auto-init as it gates every provider's start; `gcm.message_id` is the
/// delivery's identity, so a copy or re-delivery is one event; every received notification is
/// handed to `appDidReceiveMessage:` for Firebase's analytics (swizzling off).
@Suite struct FCMConsentAndIdentityTests {
    @Test("before consent, FCM is not started, its auto-init not switched on, and the token reaches it not")
    func nothingBeforeConsent() throws {
        let harness = FCMHarness(consent: nil)
        #expect(throws: PushError.self) { try harness.provider.start(PushStartRequest(iosVersion: IOSVersion(17))) }
        #expect(throws: PushError.self) { try harness.provider.register(PushRegistrationRequest(iosVersion: IOSVersion(17))) }
        harness.provider.didRegisterForRemoteNotifications(DeviceTokenRequest(token: FCMHarness.deviceToken))
        #expect(harness.fcm.calls.isEmpty)
        #expect(harness.recorder.diagnostics.map(\.code) == [.withheldBeforeConsent])
        #expect(harness.registrations.isEmpty)
    }

    @Test("a withdrawal switches auto-init off, a later grant on again; none before start")
    func withdrawalAndRegrant() throws {
        let harness = FCMHarness(consent: nil)
        try harness.provider.setPrivacyConsent(.denied)
        #expect(harness.fcm.calls.isEmpty, "nothing was started: nothing to switch off")
        try harness.provider.setPrivacyConsent(.granted)
        try harness.provider.start(PushStartRequest(iosVersion: IOSVersion(17)))
        try harness.provider.setPrivacyConsent(.denied)
        try harness.provider.setPrivacyConsent(.granted)
        #expect(harness.fcm.calls == [.setAutoInitEnabled(true), .setAutoInitEnabled(false), .setAutoInitEnabled(true)])
        #expect(harness.fcm.autoInitEnabled)
    }

    static let payload: JSONObject = ["aps": ["alert": "Hi"], "gcm.message_id": "1700000000000001", "google.c.a.e": "1"]

    @Test("one FCM message seen by two callbacks and delivered again is one received event, named by gcm.message_id")
    func exactlyOnceOnGcmMessageID() async throws {
        let harness = FCMHarness(state: .background)
        let note = try PushNotification(payload: Self.payload)
        harness.client.callbacks.handle(
            CallbackInvocation(callback: .didReceiveRemoteNotificationFetch, state: .background, notification: note), completion: nil)
        // The same message again, as a re-delivery with another request identifier.
        let again = try PushNotification(payload: Self.payload, identifier: "REQ-2")
        harness.client.callbacks.handle(
            CallbackInvocation(callback: .didReceiveRemoteNotificationFetch, state: .background, notification: again), completion: nil)
        let received = harness.events.filter { $0.kind == .received }
        #expect(received.count == 1, "\(harness.events)")
        if case .received(let arrival)? = received.first { #expect(arrival.notification.id == "1700000000000001") }
        #expect(harness.provider.messageID(in: Self.payload) == "1700000000000001")
        #expect(harness.provider.messageID(in: ["aps": [:]]) == nil)
    }

    @Test("every remote notification is handed to appDidReceiveMessage:, after consent only")
    func analyticsHandOff() throws {
        let harness = FCMHarness(state: .active)
        let note = try PushNotification(payload: Self.payload)
        harness.client.callbacks.handle(CallbackInvocation(callback: .willPresent, state: .active, notification: note), completion: nil)
        harness.client.callbacks.handle(
            CallbackInvocation(callback: .didReceiveResponse, state: .active, action: .default, notification: note), completion: nil)
        #expect(harness.fcm.calls == [.appDidReceiveMessage(messageID: "1700000000000001"), .appDidReceiveMessage(messageID: "1700000000000001")])

        let withheld = FCMHarness(state: .active, consent: .denied)
        withheld.client.callbacks.handle(CallbackInvocation(callback: .willPresent, state: .active, notification: note), completion: nil)
        #expect(withheld.fcm.calls.isEmpty)
        #expect(withheld.recorder.diagnostics.contains { $0.code == .withheldBeforeConsent })
    }

    @Test("FCM owns neither the notification center nor a channel: the app's delegate hands every call over")
    func theAppOwnsTheCenter() {
        let harness = FCMHarness()
        #expect(harness.provider.centerDelegateOwner == .app)
        #expect(harness.provider.needsPrivacyConsent)
        #expect(harness.provider.capabilities == [.tags])
    }
}
