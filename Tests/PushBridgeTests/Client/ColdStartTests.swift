import PushBridgeProviderKit
import PushBridgeTesting
import Testing

@testable import PushBridge

/// The cold start: one `opened` however many callbacks carry it, and never lost.
@Suite struct ColdStartTests {
    @Test func launchThenResponseIsOneOpenedWithTheResponsesAction() async throws {
        let client = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
        let note = try Fixture.notification("cold")
        client.callbacks.handle(Fixture.coldLaunch(note))
        #expect(client.heldEventCount == 0)  // waiting for the response
        client.callbacks.handle(Fixture.response(note, .custom("reply")))
        let events = await client.events().first(1)
        guard case .opened(let open) = events.first else {
            Issue.record("expected opened, got \(events)")
            return
        }
        #expect(open.origin == .coldStart)
        #expect(open.action == .custom("reply"))
        #expect(client.heldEventCount == 0)
    }

    @Test func launchAloneIsOpenedWhenTheAppBecomesActive() async throws {
        let scheduler = ManualScheduler()
        let client = PushClient(provider: NoOpProvider(), scheduler: scheduler)
        client.callbacks.handle(Fixture.coldLaunch(try Fixture.notification("only-1")))
        #expect(client.heldEventCount == 0)
        client.applicationDidBecomeActive()
        #expect(client.heldEventCount == 1)
        // The launch deadline was cancelled: nothing fires later.
        #expect(scheduler.pendingCount == 0)
        let events = await client.events().first(1)
        #expect(events.map(\.kind) == [.opened])
        #expect(events.first?.origin == .coldStart)
    }

    @Test func launchAloneIsOpenedAfterTheSettleTime() async throws {
        let scheduler = ManualScheduler()
        let client = PushClient(provider: NoOpProvider(), scheduler: scheduler)
        client.callbacks.handle(Fixture.coldLaunch(try Fixture.notification("only-1")))
        scheduler.advance(by: client.options.launchSettleTime - 0.001)
        #expect(client.heldEventCount == 0)
        scheduler.advance(by: 0.001)
        #expect(client.heldEventCount == 1)
        client.applicationDidBecomeActive()  // nothing left to flush: still one
        #expect(client.heldEventCount == 1)
    }

    @Test func aLaunchWithoutANotificationYieldsNothing() throws {
        let scheduler = ManualScheduler()
        let client = PushClient(provider: NoOpProvider(), scheduler: scheduler)
        client.callbacks.handle(CallbackInvocation(callback: .didFinishLaunching, state: .inactive, notification: nil))
        client.applicationDidBecomeActive()
        #expect(client.heldEventCount == 0)
        #expect(scheduler.pendingCount == 0)
    }

    @Test(arguments: [ResponseAction.default, .custom("reply")])
    func aResponseAfterTheFlushIsTheSameTap(action: ResponseAction) async throws {
        let client = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
        let note = try Fixture.notification("late-5")
        client.callbacks.handle(Fixture.coldLaunch(note))
        client.applicationDidBecomeActive()  // iOS may report becoming active before method 5
        await confirmation(expectedCount: 1) { answered in
            client.callbacks.handle(Fixture.response(note, action), completion: .response { answered() })
        }
        client.callbacks.handle(CallbackInvocation(callback: .didReceiveRemoteNotificationFetch, state: .inactive, notification: note))
        #expect(client.heldEventCount == 1)
        let events = await client.events().first(1)
        #expect(events.map(\.kind) == [.opened])
        #expect(events.first?.origin == .coldStart)
    }
}
