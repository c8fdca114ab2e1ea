import PushBridgeJPush
import PushBridgeJPushTesting
import PushBridgeProviderKit
import PushBridgeTesting
import Testing

@testable import PushBridge

/// What JPush hands iOS for a foreground notification, per iOS version: before iOS 14 `banner`
/// and `list` do not exist and become `alert` (as on the APNs path); from 14 they pass. And the
/// server badge's documented range.
@Suite struct JPushPresentationTests {
    static let cases: [(ios: IOSVersion?, expected: PresentationOptions)] = [
        (IOSVersion(13, 7), [.alert, .sound]),
        (IOSVersion(14), [.banner, .list, .sound]),
        (IOSVersion(17, 4), [.banner, .list, .sound]),
        (nil, [.banner, .list, .sound]),  // not iOS: unchanged
    ]

    @Test(arguments: cases)
    func presentationFollowsTheRunningIOS(ios: IOSVersion?, expected: PresentationOptions) {
        let bridge = MockJPushBridge()
        let provider = JPushProvider(
            settings: JPushSettings(appKey: "5a6e94518f6bd85ba173cf77"), bridge: bridge, scheduler: ManualScheduler(), systemVersion: ios)
        let client = PushClient(
            provider: provider, options: PushClientOptions(defaultPresentation: [.banner, .list, .sound]), scheduler: ManualScheduler())
        let answers = Locked<[Int]>([])
        bridge.trigger(
            .willPresent(
                JPushNotificationInfo(userInfo: ["aps": ["alert": "x"], "_j_msgid": 1]),
                completionHandler: { bits in answers.withLock { $0.append(bits) } }))
        #expect(answers.withLock { $0 } == [expected.jpushValue])
        withExtendedLifetime(client) {}
    }

    @Test(arguments: [-1, 100_000])
    func aBadgeOutsideJPushsRangeIsRefusedBeforeSending(value: Int) {
        let bridge = MockJPushBridge()
        let provider = JPushProvider(settings: JPushSettings(appKey: "5a6e94518f6bd85ba173cf77"), bridge: bridge, scheduler: ManualScheduler())
        try? provider.setPrivacyConsent(.granted)
        bridge.clearCalls()
        #expect { try provider.setBadge(BadgeRequest(value: value)) } throws: { ($0 as? PushError)?.code == .outOfRange }
        #expect(bridge.calls.isEmpty)
        #expect(throws: Never.self) { try provider.setBadge(BadgeRequest(value: JPushProvider.maximumBadge)) }
    }
}
