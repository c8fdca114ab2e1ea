import PushBridgeProviderKit
import PushBridgeTesting
import Testing

@testable import PushBridge

/// Every completion handler runs exactly once: with the app's answer, or from the watchdog.
@Suite struct CompletionHandlerTests {
    /// Waits until `condition` holds, yielding to let the client's tasks run.
    private func eventually(_ condition: () -> Bool) async {
        for _ in 0..<10_000 where !condition() { await Task.yield() }
    }

    @Test func exactlyOnceUnderContention() async {
        await confirmation(expectedCount: 1) { ran in
            let once = ExactlyOnce<Int> { _ in ran() }
            let wins = await withTaskGroup(of: Bool.self) { group in
                for value in 0..<200 { group.addTask { once.complete(value) } }
                return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(wins == 1)
            #expect(once.isCompleted)
        }
    }

    @Test func fetchWithoutAHandlerAnswersNoDataOnce() async throws {
        let results = Locked<[BackgroundFetchResult]>([])
        let note = try Fixture.notification("f")
        await confirmation(expectedCount: 1) { answered in
            let client = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
            client.callbacks.handle(
                Fixture.fetch(note, .background),
                completion: .fetch { result in
                    results.withLock { $0.append(result) }
                    answered()
                })
        }
        #expect(results.withLock { $0 } == [.noData])
    }

    @Test(arguments: BackgroundFetchResult.allCases)
    func fetchAnswersWithTheAppsResultOnce(expected: BackgroundFetchResult) async throws {
        let scheduler = ManualScheduler()
        let client = PushClient(provider: NoOpProvider(), scheduler: scheduler)
        client.setBackgroundWorkHandler { _ in expected }
        let results = Locked<[BackgroundFetchResult]>([])
        try await confirmation(expectedCount: 1) { answered in
            client.callbacks.handle(
                Fixture.fetch(try Fixture.notification("f"), .background),
                completion: .fetch { result in
                    results.withLock { $0.append(result) }
                    answered()
                })
            await eventually { !results.withLock { $0 }.isEmpty }
            scheduler.advance(by: 60)  // the watchdog, if still scheduled, must not answer again
        }
        #expect(results.withLock { $0 } == [expected])
    }

    @Test func fetchWatchdogAnswersBeforeTheDeadlineWhenTheAppHangs() async throws {
        let scheduler = ManualScheduler()
        let client = PushClient(provider: NoOpProvider(), scheduler: scheduler)
        let started = Locked(false)
        client.setBackgroundWorkHandler { _ in
            started.withLock { $0 = true }
            try? await Task.sleep(nanoseconds: 3_600_000_000_000)  // hangs until cancelled
            return .newData  // answers late, after the watchdog: ignored
        }
        let results = Locked<[BackgroundFetchResult]>([])
        try await confirmation(expectedCount: 1) { answered in
            client.callbacks.handle(
                Fixture.fetch(try Fixture.notification("slow"), .background),
                completion: .fetch { result in
                    results.withLock { $0.append(result) }
                    answered()
                })
            await eventually { started.withLock { $0 } }
            scheduler.advance(by: client.options.fetchWatchdogDelay - 0.5)
            #expect(results.withLock { $0 }.isEmpty)
            scheduler.advance(by: 0.5)
            #expect(results.withLock { $0 } == [.failed])
            for _ in 0..<1_000 { await Task.yield() }  // let the cancelled handler return
        }
        #expect(client.options.fetchWatchdogDelay == 25)
        #expect(results.withLock { $0 } == [.failed])
    }

    @Test func presentationDefaultsWithoutAHandlerAndUnitesOtherSDKsOptions() async throws {
        let client = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
        let answers = Locked<[PresentationOptions]>([])
        let note = try Fixture.notification("p")
        await confirmation(expectedCount: 1) { answered in
            NotificationCenterRelay(client: client).willPresent(note, forwardingTo: [{ answer in answer([.alert]) }]) { options in
                answers.withLock { $0.append(options) }
                answered()
            }
        }
        #expect(answers.withLock { $0 } == [client.options.defaultPresentation.union(.alert)])
    }

    /// The relay with nothing to forward to hands the system's handler to the client as it is:
    /// still answered exactly once, with the app's answer, for each of methods 4 and 5.
    @Test(arguments: [0, 1])
    func relayAnswersTheSystemOnceWithOrWithoutForwardedDelegates(forwarded: Int) async throws {
        let client = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
        client.setPresentationHandler { _ in [.sound] }
        let presented = Locked<[PresentationOptions]>([])
        let responded = Locked(0)
        let relay = NotificationCenterRelay(client: client)
        try await confirmation(expectedCount: 2) { answered in
            let others: [NotificationCenterRelay.PresentationForward] = Array(repeating: { answer in answer([]) }, count: forwarded)
            relay.willPresent(try Fixture.notification("p"), forwardingTo: others) { options in
                presented.withLock { $0.append(options) }
                answered()
            }
            let forwards: [NotificationCenterRelay.ResponseForward] = Array(repeating: { done in done() }, count: forwarded)
            relay.didReceive(try Fixture.notification("r"), action: .default, state: .background, forwardingTo: forwards) {
                responded.withLock { $0 += 1 }
                answered()
            }
            await eventually { presented.withLock { $0 }.count == 1 && responded.withLock { $0 } == 1 }
            for _ in 0..<1_000 { await Task.yield() }  // a second answer would come now
        }
        #expect(presented.withLock { $0 } == [.sound])
        #expect(responded.withLock { $0 } == 1)
    }

    /// A forwarded delegate (another SDK's) that calls its handler twice counts once: the system
    /// still waits for the client's answer, and is answered once, with both.
    @Test func aForwardedDelegateAnsweringTwiceDoesNotAnswerForTheClient() async throws {
        let scheduler = ManualScheduler()
        let client = PushClient(provider: NoOpProvider(), scheduler: scheduler)
        let decide = Locked<CheckedContinuation<PresentationOptions, Never>?>(nil)
        client.setPresentationHandler { _ in await withCheckedContinuation { continuation in decide.withLock { $0 = continuation } } }
        client.setResponseHandler { _ in try? await Task.sleep(nanoseconds: 3_600_000_000_000) }
        let presented = Locked<[PresentationOptions]>([])
        let responded = Locked(0)
        let relay = NotificationCenterRelay(client: client)
        relay.willPresent(
            try Fixture.notification("p"),
            forwardingTo: [
                { answer in
                    answer([.badge])
                    answer([.badge])
                }
            ]
        ) { options in
            presented.withLock { $0.append(options) }
        }
        relay.didReceive(
            try Fixture.notification("r"), action: .default, state: .background,
            forwardingTo: [
                { done in
                    done()
                    done()
                }
            ]
        ) {
            responded.withLock { $0 += 1 }
        }
        for _ in 0..<1_000 { await Task.yield() }
        // The other delegate answered twice; the client has not answered yet.
        #expect(presented.withLock { $0 }.isEmpty)
        #expect(responded.withLock { $0 } == 0)
        await eventually { decide.withLock { $0 } != nil }
        decide.withLock { $0 }?.resume(returning: [.sound])
        await eventually { presented.withLock { $0 }.count == 1 }
        scheduler.advance(by: client.options.fetchBudget)  // the response handler's watchdog answers
        await eventually { responded.withLock { $0 } == 1 }
        for _ in 0..<1_000 { await Task.yield() }
        #expect(presented.withLock { $0 } == [[.sound, .badge]])
        #expect(responded.withLock { $0 } == 1)
    }

    @Test func presentationUsesTheAppsAnswer() async throws {
        let client = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
        client.setPresentationHandler { note in note.id == "quiet" ? [] : [.banner] }
        let answers = Locked<[PresentationOptions]>([])
        try await confirmation(expectedCount: 2) { answered in
            for id in ["quiet", "loud"] {
                NotificationCenterRelay(client: client).willPresent(try Fixture.notification(id), forwardingTo: [{ answer in answer([.badge]) }]) {
                    options in
                    answers.withLock { $0.append(options) }
                    answered()
                }
            }
            await eventually { answers.withLock { $0 }.count == 2 }
        }
        #expect(
            Set(answers.withLock { $0 }.map(\.rawValue)) == [PresentationOptions.badge.rawValue, PresentationOptions([.banner, .badge]).rawValue])
    }

    @Test func presentationTimeoutAnswersTheDefault() async throws {
        let scheduler = ManualScheduler()
        let client = PushClient(provider: NoOpProvider(), scheduler: scheduler)
        client.setPresentationHandler { _ in
            try? await Task.sleep(nanoseconds: 3_600_000_000_000)
            return []
        }
        let answers = Locked<[PresentationOptions]>([])
        try await confirmation(expectedCount: 1) { answered in
            NotificationCenterRelay(client: client).willPresent(try Fixture.notification("slow")) { options in
                answers.withLock { $0.append(options) }
                answered()
            }
            scheduler.advance(by: client.options.presentationTimeout)
            for _ in 0..<1_000 { await Task.yield() }
        }
        #expect(answers.withLock { $0 } == [client.options.defaultPresentation])
    }

    @Test func responseCompletesAfterTheAppsResponseHandler() async throws {
        let client = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
        let seen = Locked<[PushEvent.Kind]>([])
        client.setResponseHandler { event in seen.withLock { $0.append(event.kind) } }
        let completed = Locked(0)
        try await confirmation(expectedCount: 2) { answered in
            // Two notifications: iOS takes one response per delivery (acting removes it).
            for (id, action) in [("r1", ResponseAction.default), ("r2", .dismiss)] {
                let note = try Fixture.notification(id)
                client.callbacks.handle(
                    Fixture.response(note, action, .background),
                    completion: .response {
                        completed.withLock { $0 += 1 }
                        answered()
                    })
            }
            await eventually { completed.withLock { $0 } == 2 }
        }
        #expect(seen.withLock { $0 }.sorted { $0.rawValue < $1.rawValue } == [.dismissed, .opened])
    }

    @Test func aDuplicateResponseIsCompletedWithoutAnEvent() async throws {
        let client = PushClient(provider: NoOpProvider(), scheduler: ManualScheduler())
        let note = try Fixture.notification("twice")
        await confirmation(expectedCount: 2) { answered in
            client.callbacks.handle(Fixture.response(note), completion: .response { answered() })
            #expect(client.heldEventCount == 1)
            client.callbacks.handle(Fixture.response(note), completion: .response { answered() })
            #expect(client.heldEventCount == 1)
        }
    }
}
