import Foundation
import PushBridge
import PushBridgeProviderKit
import PushBridgeTesting
import Testing

/// The app on screen under Notification Center (the glue's `applicationWillResignActive`): an
/// `active` remote-handler call is the user's tap there only when no notification-center delegate
/// is set (rdar 34332569, iOS 11: the tap reports `active`); with one, iOS hands the tap to
/// `didReceive`, and the same call is a background push arriving while the app is covered.
@Suite struct CoveredAppTests {
    static func payload(_ id: Int) -> [AnyHashable: Any] { ["aps": ["alert": "Hi", "content-available": 1] as [String: Any], "id": id] }

    /// The events of one remote-handler call made `active` while the app is covered, and the
    /// number of times its completion handler ran.
    static func coveredCall(centerDelegate: Bool, becomeActiveFirst: Bool = false) async -> ([PushEvent], Int) {
        let client = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
        if centerDelegate { client.notificationCenterDelegateSet() }
        client.didFinishLaunching(launchOptions: nil, state: .active)
        client.applicationDidBecomeActive()
        client.applicationWillResignActive()
        if becomeActiveFirst { client.applicationDidBecomeActive() }
        let answers = Locked(0)
        client.didReceiveRemoteNotification(Self.payload(1), state: .active) { _ in answers.withLock { $0 += 1 } }
        let events = await client.events().first(1)
        return (events, answers.withLock { $0 })
    }

    @Test func withoutACenterDelegateTheCallIsTheTapOnce() async {
        let (events, answers) = await Self.coveredCall(centerDelegate: false)
        #expect(events.map(\.kind) == [.opened])
        #expect(answers == 1)
    }

    @Test func withACenterDelegateTheCallIsAnArrival() async {
        let (events, answers) = await Self.coveredCall(centerDelegate: true)
        #expect(events.map(\.kind) == [.received])
        #expect(answers == 1)
    }

    @Test func onceActiveAgainTheCallIsAnArrival() async {
        let (events, answers) = await Self.coveredCall(centerDelegate: false, becomeActiveFirst: true)
        #expect(events.map(\.kind) == [.received])
        #expect(answers == 1)
    }
}
