import PushBridge
import PushBridgeGetui
import PushBridgeGetuiTesting
import PushBridgeProviderKit
import PushBridgeTesting
import Testing

/// One APNs push handed to the client on two paths: Getui hooks method 3 and hands it over
/// (`GeTuiSdkDidReceiveSlience:` with `fromGetui` NO, `GeTuiSdk.h` 3.1.0.0), and
/// `PushAppDelegate` forwards the same method 3 (IntegratingGetui.md, "The app delegate's other
/// methods"). Both carry the system's one completion handler. In either order and in the
/// foreground or the background: one event, the app's background work once, the handler once.
@Suite struct GetuiHookAndForwardTests {
    static let push: JSONObject = ["aps": ["alert": "hi", "content-available": 1], "_gmid_": "t7:m7:x"]

    @Test(arguments: [ApplicationState.active, .background], [true, false])
    func oneEventAndOneCompletion(state: ApplicationState, hookFirst: Bool) async throws {
        let bridge = MockGetuiBridge()
        let scheduler = ManualScheduler()
        let provider = GetuiProvider(settings: GetuiHarness.settings, bridge: bridge, scheduler: ManualScheduler(), applicationState: { state })
        let client = PushClient(provider: provider, scheduler: scheduler)
        let tap = client.eventDrain()
        let work = Locked(0)
        client.setBackgroundWorkHandler { _ in
            work.withLock { $0 += 1 }
            return .newData
        }
        // The system's one handler, which both paths hand on.
        let answers = Locked<[BackgroundFetchResult]>([])
        let system: @Sendable (BackgroundFetchResult) -> Void = { result in answers.withLock { $0.append(result) } }
        let forwarded = CallbackInvocation(
            callback: .didReceiveRemoteNotificationFetch, state: state, notification: try PushNotification(payload: Self.push))
        for path in hookFirst ? ["hook", "forward"] : ["forward", "hook"] {
            if path == "hook" {
                bridge.trigger(.slience(Self.push, fromGetui: false, offLine: false, taskID: "t7", msgID: "m7", fetchCompletionHandler: system))
            } else {
                client.callbacks.handle(forwarded, completion: .fetch(system))
            }
        }
        for _ in 0..<10_000 where answers.withLock({ $0.isEmpty }) { await Task.yield() }
        scheduler.advance(by: 60)
        client.settle()
        let events = tap.take()
        #expect(events.map(\.kind) == [.received])
        #expect(events.map(\.id) == ["t7:m7"])
        #expect(work.withLock { $0 } == 1, "the app's background work runs once")
        #expect(answers.withLock { $0 } == [.newData], "the system's handler once, with the app's answer")
    }
}
