import PushBridge
import PushBridgeAPNsTesting
import PushBridgeFCM
import PushBridgeFCMTesting
import PushBridgeProviderKit
import PushBridgeTesting
import Testing

/// Registration in FCM's order — iOS's token to FCM first, then FCM's registration, then one
/// `registered` event — whichever SDK generation the app links, and one more event per new
/// identifier, none for the same one.
@Suite struct FCMRegistrationTests {
    static let hex = String(repeating: "ab", count: 32)

    @Test("by token (before 12.16, or without installation IDs): the APNs token, then tokenWithCompletion:, then one registered")
    func byToken() throws {
        let harness = FCMHarness(identifier: "fcm-token-1")
        try harness.launchAndRegister()
        #expect(harness.fcm.calls == [.setAutoInitEnabled(true), .setAPNSToken(SecretText(Self.hex), .sandbox), .token])
        #expect(harness.bridge.system.calls == [.requestAuthorization([.alert, .badge, .sound]), .registerForRemoteNotifications])
        #expect(harness.registrations == ["fcm-token-1"])
        #expect(harness.failures.isEmpty)
    }

    @Test("by installation ID (12.16+): the APNs token, then registerWithCompletion:, then one registered with the ID")
    func byInstallationID() throws {
        let harness = FCMHarness(identifier: "fid-c2VjcmV0", installationID: true)
        try harness.launchAndRegister()
        #expect(harness.fcm.calls == [.setAutoInitEnabled(true), .setAPNSToken(SecretText(Self.hex), .sandbox), .register])
        #expect(harness.registrations == ["fid-c2VjcmV0"])
    }

    @Test("an identifier FCM gives before it has the APNs token waits for it, and is published once")
    func identifierBeforeTheAPNsTokenWaits() throws {
        let harness = FCMHarness(identifier: "fcm-token-1")
        try harness.client.start(PushStartRequest(iosVersion: IOSVersion(17)))
        harness.fcm.trigger(.registrationToken("fcm-token-1"))  // auto-init at launch
        #expect(harness.registrations.isEmpty, "no identifier before FCM has the APNs token")
        harness.client.didRegisterForRemoteNotifications(deviceToken: FCMHarness.deviceToken)
        harness.fcm.trigger(.registrationToken("fcm-token-1"))  // and again, as 12.19 does at launch
        #expect(harness.registrations == ["fcm-token-1"])
    }

    @Test("a refreshed identifier is one more registered event; the same one again is none", arguments: [false, true])
    func refreshIsOneChange(installationID: Bool) throws {
        let harness = FCMHarness(identifier: "id-1", installationID: installationID)
        try harness.launchAndRegister()
        let refresh: (String) -> MockFCMBridge.Callback = { installationID ? .registration($0) : .registrationToken($0) }
        harness.fcm.trigger(refresh("id-1"))
        harness.fcm.trigger(refresh("id-2"))
        harness.fcm.trigger(refresh("id-2"))
        #expect(harness.registrations == ["id-1", "id-2"])
    }

    @Test("after didUnregister, the next registration is published even with the same identifier")
    func unregisterThenRegisterAgain() throws {
        let harness = FCMHarness(identifier: "fid-1", installationID: true)
        try harness.launchAndRegister()
        harness.fcm.trigger(.unregister("fid-1"))
        harness.fcm.trigger(.registration("fid-1"))
        #expect(harness.registrations == ["fid-1", "fid-1"])
    }

    @Test("FCM's failure is one registrationFailed with its domain and code, and no registered", arguments: [false, true])
    func failureIsReported(installationID: Bool) throws {
        let harness = FCMHarness(installationID: installationID)
        harness.fcm.registration = .fails(PushError.VendorCode(domain: FCMErrorCode.domain, code: 4))
        try harness.launchAndRegister()
        #expect(harness.registrations.isEmpty)
        let failure = try #require(harness.failures.first)
        #expect(harness.failures.count == 1)
        #expect(failure.code == .providerFailure)
        #expect(failure.field == "registration")
        #expect(failure.vendorCode == PushError.VendorCode(domain: "com.google.fcm", code: 4))
        #expect(failure.message.contains(installationID ? "registerWithCompletion:" : "tokenWithCompletion:"))
    }

    @Test("an empty device token reaches FCM not and is one registrationFailed")
    func emptyTokenFails() throws {
        let harness = FCMHarness()
        try harness.client.start(PushStartRequest(iosVersion: IOSVersion(17)))
        harness.client.didRegisterForRemoteNotifications(deviceToken: [])
        #expect(harness.fcm.calls == [.setAutoInitEnabled(true)])
        #expect(harness.failures.map(\.field) == ["deviceToken"])
    }

    @Test("a callback with no identifier publishes nothing and is reported")
    func nilIdentifierIsReported() throws {
        let harness = FCMHarness()
        try harness.launchAndRegister()
        harness.fcm.trigger(.registrationToken(nil))
        harness.fcm.trigger(.registration(""))
        #expect(harness.registrations == ["fcm-token-1"])
        #expect(harness.recorder.diagnostics.filter { $0.code == .unreadablePayload }.count == 2)
    }

    @Test("a denied prompt is one registrationFailed for fcm, and iOS is not asked to register")
    func deniedPrompt() throws {
        let harness = FCMHarness(grants: false)
        try harness.launchAndRegister()
        #expect(harness.bridge.system.calls == [.requestAuthorization([.alert, .badge, .sound])])
        #expect(
            harness.events.contains {
                if case .registrationFailed(let f) = $0 { f.provider == .fcm && f.error.field == "authorization" } else { false }
            })
    }

    @Test("the registration is masked wherever it is printed")
    func identifierIsMasked() throws {
        let harness = FCMHarness(identifier: "fcm-secret-token-0123456789")
        try harness.launchAndRegister()
        let printed = harness.events.map { "\($0)" }.joined() + harness.fcm.calls.map(\.description).joined()
        #expect(!printed.contains("fcm-secret-token-0123456789"))
        #expect(!printed.contains(Self.hex))
    }

    @Test("the APNs token's type follows the app's environment")
    func tokenType() {
        #expect(FCMAPNSTokenType(.development) == .sandbox)
        #expect(FCMAPNSTokenType(.production) == .prod)
        #expect(FCMAPNSTokenType.allCases.map(\.rawValue) == [0, 1, 2])
    }
}
