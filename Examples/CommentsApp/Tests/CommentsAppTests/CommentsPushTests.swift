import PushBridge
import PushBridgeAPNsTesting
import PushBridgeGetuiTesting
import PushBridgeJPush
import PushBridgeJPushTesting
import PushBridgeModel
import PushBridgeTesting
import Testing

@testable import CommentsApp

/// The README's app — its own event handler, presentation answer and start — run unchanged on a
/// simulated device, through each provider, without a phone. The device is driven from these
/// nonisolated tests; the app's code runs on the main actor, as on iOS.
@Suite struct CommentsPushTests {
    static let comment: JSONObject = ["aps": ["alert": "New comment"], "type": "comment", "id": "42", "_j_msgid": 8_801]

    /// Each provider's simulation, named for the test's description.
    struct Provider: CustomTestStringConvertible, Sendable {
        let simulator: any ProviderSimulator
        /// What the app sends its server once registered.
        let identifier: String
        var testDescription: String { simulator.id.rawValue }

        static let all = [
            Provider(simulator: APNsSimulator(), identifier: String(repeating: "5a", count: 32)),
            Provider(simulator: JPushSimulator(), identifier: "1a0018970a1b2c3d4e5"),
            Provider(simulator: GetuiSimulator(), identifier: "0c7a1e2f3b4d5e6f7a8b9c0d1e2f3a4b"),
        ]
    }

    @Test func aColdStartTapOnIOS12ThroughJPushRoutesToTheCommentScreenExactlyOnce() async throws {
        let app = CommentsPush()
        let device = SimulatedDevice(ios: IOSVersion(12), provider: JPushSimulator(), running: app)
        let note = try device.deliver(.remote(Self.comment))
        #expect(device.client == nil)  // the app was not running
        try device.tap(note)
        #expect(device.calls.map(\.method).contains(JPushCallbackName.didReceiveResponse))
        await device.finish()
        #expect(await app.screens == [.comment(id: 42)])
    }

    @Test("the app's start registers it, and it sends its identifier to its server once", arguments: Provider.all)
    func registersOnce(_ provider: Provider) async throws {
        let app = CommentsPush()
        let device = SimulatedDevice(ios: IOSVersion(17), provider: provider.simulator, running: app)
        device.openFromIcon()
        device.sendToBackground()
        device.openFromIcon()  // coming back does not register again
        await device.finish()
        #expect(await app.sentToServer == [provider.identifier])
        #expect(await app.pushOff == nil)
    }

    @Test(
        "a registration that fails turns push off, with the reason",
        arguments: [
            (APNsSimulator() as any ProviderSimulator, SimulatedRegistration.authorizationDenied, "authorization"),
            (APNsSimulator(), .noEntitlement, "deviceToken"),
            (JPushSimulator(), .authorizationDenied, "authorization"),
            (JPushSimulator(), .providerFails, "registration"),
            (GetuiSimulator(), .authorizationDenied, "authorization"),
            (GetuiSimulator(), .providerFails, "registration"),
        ] as [(any ProviderSimulator, SimulatedRegistration, String)])
    func registrationFails(_ provider: any ProviderSimulator, _ outcome: SimulatedRegistration, _ field: String) async throws {
        let app = CommentsPush()
        let device = SimulatedDevice(ios: IOSVersion(17), provider: provider, registration: outcome, running: app)
        device.openFromIcon()
        await device.finish()
        let failure = try #require(await app.pushOff, "\(provider.id) \(outcome)")
        #expect(failure.field == field, "\(provider.id) \(outcome): \(failure)")
        #expect(await app.sentToServer.isEmpty)
    }

    @Test("iOS shows a foreground notification as the app's presentation answer says", arguments: Provider.all)
    func foregroundPresentation(_ provider: Provider) async throws {
        let app = CommentsPush()
        let device = SimulatedDevice(ios: IOSVersion(15), provider: provider.simulator, running: app)
        device.openFromIcon()
        let comment = await device.presented(try device.deliver(.remote(Self.comment)))
        #expect(comment.presentation == [.banner, .list, .sound])
        #expect(comment.display == .banner)
        let digest = await device.presented(try device.deliver(.remote(["aps": ["alert": "Your weekly digest"], "type": "digest"])))
        #expect(digest.presentation == [.list])
        #expect(digest.display == .list)
        #expect(device.systemCompletionCounts == [1, 1])  // each willPresent answered once
        try device.tap(comment)
        await device.finish()
        #expect(await app.screens == [.comment(id: 42)])
    }

    /// Before iOS 14 there is no banner or list option: PushBridge hands iOS `alert` for either
    /// (`PresentationAdapter.systemOptions`), so both show as the alert of iOS 13.
    @Test func beforeIOS14TheAppsBannerOrListIsAnAlert() async throws {
        let app = CommentsPush()
        let device = SimulatedDevice(ios: IOSVersion(13), running: app)
        device.openFromIcon()
        let note = await device.presented(try device.deliver(.remote(Self.comment)))
        #expect(note.presentation == [.alert, .sound])  // as iOS 13 gets the app's banner
        #expect(note.display == .banner)
        let digest = await device.presented(try device.deliver(.remote(["aps": ["alert": "Your weekly digest"], "type": "digest"])))
        #expect(digest.presentation == [.alert])  // `list` does not exist before iOS 14
        #expect(digest.display == .banner)
        await device.finish()
    }
}
