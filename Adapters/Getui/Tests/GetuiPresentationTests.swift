import PushBridgeGetui
import PushBridgeGetuiTesting
import PushBridgeTesting
import Testing

@testable import PushBridge

/// What Getui hands iOS for a foreground notification, per iOS version: `alert` before iOS 14.
@Suite struct GetuiPresentationTests {
    static let cases: [(ios: IOSVersion?, expected: PresentationOptions)] = [
        (IOSVersion(13), [.alert, .sound]), (IOSVersion(15), [.banner, .list, .sound]), (nil, [.banner, .list, .sound]),
    ]

    @Test(arguments: cases)
    func presentationFollowsTheRunningIOS(ios: IOSVersion?, expected: PresentationOptions) {
        let bridge = MockGetuiBridge()
        let provider = GetuiProvider(settings: GetuiHarness.settings, bridge: bridge, scheduler: ManualScheduler(), systemVersion: ios)
        let client = PushClient(
            provider: provider, options: PushClientOptions(defaultPresentation: [.banner, .list, .sound]), scheduler: ManualScheduler())
        let answers = Locked<[Int]>([])
        bridge.trigger(.willPresent(.copy(), completionHandler: { bits in answers.withLock { $0.append(bits) } }))
        #expect(answers.withLock { $0 } == [Int(expected.rawValue)])
        withExtendedLifetime(client) {}
    }
}
