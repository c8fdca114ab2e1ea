import PushBridgeGetui
import PushBridgeJPush
import PushBridgeTesting
import Testing

@testable import PushBridge

/// One delivery, one event; two deliveries, two events — whatever each callback carries, and
/// however often other code hands the same call over (the rule in the "Exactly once" article).
@Suite struct DeliveryCorrelationTests {
    /// The client's documented defaults are the normaliser's (written twice: the options'
    /// defaults are what an app sees, the normaliser is the provider author's).
    @Test func theOptionsDefaultsAreTheNormalisersDefaults() {
        #expect(PushClientOptions().dedupeWindow == PushEventNormalizer.defaultDedupeWindow)
        #expect(PushClientOptions().correlationInterval == PushEventNormalizer.defaultCorrelationInterval)
    }

    // MARK: Two deliveries of byte-identical payloads

    @Test(arguments: [2.0, 3_600.0])
    func twoIdenticalSilentPushesAreTwoReceivedEvents(secondsApart: Double) async throws {
        let run = try await ClientRun.run { client, scheduler in
            client.callbacks.handle(try DeviceFeeding.fetch(.background, DeviceFeeding.silentPayload), completion: .fetch { _ in })
            scheduler.advance(by: secondsApart)
            client.callbacks.handle(try DeviceFeeding.fetch(.background, DeviceFeeding.silentPayload), completion: .fetch { _ in })
        }
        #expect(run.rendered == ["received background", "received background"])
        #expect(Set(run.events.compactMap(\.id)).count == 2, "each delivery has its own identity")
        #expect(run.diagnostics.isEmpty)
    }

    @Test(arguments: [2.0, 3_600.0])
    func twoIdenticalAlertsTappedInTurnAreTwoOfEach(secondsApart: Double) async throws {
        let run = try await ClientRun.run { client, scheduler in
            for delivery in 1...2 {
                let identifier = "00000000-0000-4000-8000-00000000000\(delivery)"
                client.callbacks.handle(try DeviceFeeding.willPresent(identifier), completion: .presentation { _ in })
                scheduler.advance(by: 1.5)
                client.callbacks.handle(try DeviceFeeding.response(identifier, .active), completion: .response {})
                scheduler.advance(by: secondsApart)
            }
        }
        #expect(run.rendered == ["received foreground", "opened foreground", "received foreground", "opened foreground"])
    }

    @Test func twoIdenticalTapsOnIOS9AreTwoOpenedEvents() async throws {
        // iOS 9, app in the background: each tap is method 3 `inactive` with the userInfo only.
        let run = try await ClientRun.run { client, scheduler in
            client.callbacks.handle(try DeviceFeeding.fetch(.inactive), completion: .fetch { _ in })
            scheduler.advance(by: 30)
            client.callbacks.handle(try DeviceFeeding.fetch(.inactive), completion: .fetch { _ in })
        }
        #expect(run.rendered == ["opened background", "opened background"])
    }

    @Test func aBackgroundArrivalAndItsLaterTapShareOneIdentity() async throws {
        let run = try await ClientRun.run { client, scheduler in
            client.callbacks.handle(try DeviceFeeding.fetch(.background), completion: .fetch { _ in })
            scheduler.advance(by: 600)
            client.callbacks.handle(try DeviceFeeding.response("C0FFEE00-0000-4000-8000-000000000003"), completion: .response {})
        }
        #expect(run.rendered == ["received background", "opened background"])
        #expect(Set(run.events.compactMap(\.id)).count == 1)
    }

    // MARK: The same call handed over twice

    @Test func aMethod3HookedByAnSDKAndForwardedByTheAppIsOneEventAndOneCompletion() async throws {
        let answers = Locked<[BackgroundFetchResult]>([])
        let work = Locked(0)
        let run = try await ClientRun.run { client, scheduler in
            client.setBackgroundWorkHandler { _ in
                work.withLock { $0 += 1 }
                return .newData
            }
            // Getui's hook hands the push over, then the app's own method 3 forwards it.
            for _ in 0..<2 {
                client.callbacks.handle(
                    try DeviceFeeding.fetch(.background, DeviceFeeding.silentPayload),
                    completion: .fetch { result in
                        answers.withLock { $0.append(result) }
                    })
            }
            await waitUntil { answers.withLock { $0.count } == 1 }
            scheduler.advance(by: 60)
        }
        #expect(run.rendered == ["received background"])
        #expect(answers.withLock { $0 } == [.newData], "the system's handler once, with the app's answer")
        #expect(work.withLock { $0 } == 1, "the app's background work runs once")
        #expect(run.diagnostics.map(\.code) == [.identicalCallsMerged])
    }

    @Test func withAnswerEachEveryHandlerGetsTheFirstAnswerOnce() async throws {
        let answers = Locked<[String: [BackgroundFetchResult]]>([:])
        let run = try await ClientRun.run(options: PushClientOptions(repeatedCallCompletion: .answerEach)) { client, scheduler in
            client.setBackgroundWorkHandler { _ in .newData }
            for caller in ["sdk", "app"] {
                client.callbacks.handle(
                    try DeviceFeeding.fetch(.background, DeviceFeeding.silentPayload),
                    completion: .fetch { result in
                        answers.withLock { $0[caller, default: []].append(result) }
                    })
            }
            await waitUntil { answers.withLock { $0.count } == 2 }
            scheduler.advance(by: 60)
        }
        #expect(run.rendered == ["received background"])
        #expect(answers.withLock { $0 } == ["sdk": [.newData], "app": [.newData]])
    }

    @Test func twoDelegatesReportingOneWillPresentAreOneEventAndOneDecision() async throws {
        let decisions = Locked(0)
        let answers = Locked<[PresentationOptions]>([])
        let run = try await ClientRun.run { client, scheduler in
            client.setPresentationHandler { _ in
                decisions.withLock { $0 += 1 }
                return [.banner]
            }
            for _ in 0..<2 {
                client.callbacks.handle(
                    try DeviceFeeding.willPresent("AB000000-0000-4000-8000-000000000004"),
                    completion: .presentation { options in
                        answers.withLock { $0.append(options) }
                    })
            }
            await waitUntil { answers.withLock { $0.count } == 1 }
            scheduler.advance(by: 60)
        }
        #expect(run.rendered == ["received foreground"])
        #expect(decisions.withLock { $0 } == 1)
        #expect(answers.withLock { $0 } == [[.banner]])
        #expect(run.diagnostics.isEmpty, "a request identifier names one delivery: nothing to doubt")
    }

    @Test func aRepeatAfterTheFirstCompletionIsAnsweredAsItsOwnCall() async throws {
        let answers = Locked(0)
        let run = try await ClientRun.run { client, scheduler in
            for _ in 0..<2 {
                client.callbacks.handle(
                    try DeviceFeeding.response("AB000000-0000-4000-8000-000000000005"),
                    completion: .response {
                        answers.withLock { $0 += 1 }
                    })
            }
            scheduler.advance(by: 60)
        }
        #expect(run.rendered == ["opened background"])
        #expect(answers.withLock { $0 } == 2, "no response handler: the first was answered at once, so the second is no repeat in flight")
    }

    // MARK: The case it cannot tell at once

    /// A foreground `content-available` alert on iOS 10+: 3 `active`, then 4 with `identifier`.
    static func contentAvailableArrival(_ client: PushClient, _ identifier: String) throws {
        client.callbacks.handle(try DeviceFeeding.fetch(.active, DeviceFeeding.contentAvailablePayload), completion: .fetch { _ in })
        client.callbacks.handle(try DeviceFeeding.willPresent(identifier, DeviceFeeding.contentAvailablePayload), completion: .presentation { _ in })
    }

    @Test func anIdenticalContentAvailableAlertAfterAnUntappedBannerIsANewArrival() async throws {
        let run = try await ClientRun.run { client, scheduler in
            try Self.contentAvailableArrival(client, "1")
            scheduler.advance(by: 120)
            try Self.contentAvailableArrival(client, "2")
            scheduler.advance(by: 60)
        }
        #expect(run.rendered == ["received foreground", "received foreground"])
        #expect(run.diagnostics.map(\.code) == [.foregroundCallResolved])
    }

    @Test func aContentAvailableCallAfterAnUntappedBannerWithNoWillPresentIsItsTap() async throws {
        // An app with 3 and 4 but no 5: tapping the banner calls 3 `active`.
        let run = try await ClientRun.run { client, scheduler in
            try Self.contentAvailableArrival(client, "1")
            scheduler.advance(by: 4)
            client.callbacks.handle(try DeviceFeeding.fetch(.active, DeviceFeeding.contentAvailablePayload), completion: .fetch { _ in })
            scheduler.advance(by: PushEventNormalizer.defaultCorrelationInterval)
        }
        #expect(run.rendered == ["received foreground", "opened foreground"])
        #expect(Set(run.events.compactMap(\.id)).count == 1)
        #expect(run.diagnostics.map(\.code) == [.foregroundCallResolved])
    }
}

/// Waits (bounded) until `condition` holds, letting other tasks run.
func waitUntil(_ condition: () -> Bool) async {
    for _ in 0..<10_000 where !condition() { await Task.yield() }
}
