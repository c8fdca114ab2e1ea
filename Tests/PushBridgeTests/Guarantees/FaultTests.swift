import PushBridgeGetui
import PushBridgeJPush
import PushBridgeProviderKit
import PushBridgeTesting
import Testing

@testable import PushBridge

/// Exactly once under faults that the other suites do not already cover.
@Suite struct FaultTests {
    @Test func theSameNotificationThroughThreeChannelsIsOneEvent() async throws {
        let getui = InMemoryProvider(definition: GetuiDefinition())
        let client = PushClient(provider: getui, scheduler: ManualScheduler())
        let stream = client.events()
        // One Getui message: its APNs copy reaches 3 and then 4 in the foreground (iOS 10+,
        // content-available), and Getui redelivers it over its socket when the app comes online.
        let copy = try PushNotification(payload: ["aps": ["alert": "hi", "content-available": 1], "_gmid_": "task7:msg7:x"])
        await confirmation(expectedCount: 2) { answered in
            client.callbacks.handle(
                CallbackInvocation(callback: .didReceiveRemoteNotificationFetch, state: .active, notification: copy),
                completion: .fetch { _ in answered() })
            client.callbacks.handle(
                CallbackInvocation(callback: .willPresent, state: .active, notification: copy), completion: .presentation { _ in answered() })
        }
        getui.deliver(PushEvent.Message(transport: .getui, offline: true, id: "task7:msg7", payload: ["payload": "hi"]))
        getui.deliver(PushEvent.Message(transport: .getui, offline: false, id: "other:1", payload: ["payload": "sentinel"]))
        let events = await stream.first(2)
        try events.check([.received(.foreground, id: "task7:msg7"), .message(id: "other:1")])
    }

    @Test func aCompletionAnsweredAfterTheWatchdogIsNotAnsweredAgain() async throws {
        let scheduler = ManualScheduler()
        let client = PushClient(provider: NoOpProvider(), scheduler: scheduler)
        let release = Locked(false)
        client.setPresentationHandler { _ in
            while !release.withLock({ $0 }) { await Task.yield() }
            return [.badge]
        }
        let answers = Locked<[PresentationOptions]>([])
        let note = try PushNotification(payload: ["aps": ["alert": "x"]], identifier: "late")
        await confirmation(expectedCount: 1) { answered in
            NotificationCenterRelay(client: client).willPresent(note) { options in
                answers.withLock { $0.append(options) }
                answered()
            }
            scheduler.advance(by: client.options.presentationTimeout)
            release.withLock { $0 = true }
            for _ in 0..<2_000 { await Task.yield() }
        }
        #expect(answers.withLock { $0 } == [client.options.defaultPresentation])
    }

    @Test func aSubscriberCancelledMidStreamLeavesTheOthersWhole() async throws {
        let client = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
        let steady = client.events()
        let leaving = Task { () -> Int in
            var seen = 0
            for await _ in client.events() {
                seen += 1
                if seen == 10 { break }
            }
            return seen
        }
        while client.subscriberCount < 2 { await Task.yield() }
        for index in 0..<100 {
            client.callbacks.handle(
                CallbackInvocation(
                    callback: .willPresent, state: .active,
                    notification: try PushNotification(payload: ["aps": ["alert": "x"]], identifier: "m\(index)")))
        }
        #expect(await leaving.value == 10)
        let all = await steady.first(100)
        #expect(all.compactMap(\.id) == (0..<100).map { "m\($0)" })
    }
}
