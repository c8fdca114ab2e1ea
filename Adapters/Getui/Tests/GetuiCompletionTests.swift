import AdapterTestSupport
import PushBridge
import PushBridgeGetui
import PushBridgeGetuiTesting
import PushBridgeTesting
import Testing

/// Every completion handler Getui passes in is completed exactly once: after the app's answer when
/// the core asks the app, at once otherwise, never twice.
@Suite struct GetuiCompletionTests {
    typealias Answers = CompletionAnswers
    typealias Row = CompletionCase<MockGetuiBridge.Callback>

    static let contentAvailable: JSONObject = ["aps": ["content-available": 1], "_gmid_": "t:m"]

    static let cases: [Row] = [
        Row(
            name: "APNs silent push (fromGetui NO): the app's answer", state: .background,
            callback: { answers in
                .slience(contentAvailable, fromGetui: false, offLine: false, taskID: "t", msgID: "m", fetchCompletionHandler: answers.record)
            },
            beforeTheApp: [], afterTheApp: ["newData"]),
        Row(
            name: "passthrough over the socket with a handler anyway: noData at once", state: .background,
            callback: { answers in
                .slience(["payload": "x"], fromGetui: true, offLine: true, taskID: "t", msgID: "m", fetchCompletionHandler: answers.record)
            },
            beforeTheApp: ["noData"], afterTheApp: ["noData"]),
        Row(
            name: "passthrough through APNs without aps: noData at once", state: .background,
            callback: { answers in
                .slience(["payload": "x"], fromGetui: false, offLine: false, taskID: "t", msgID: "m", fetchCompletionHandler: answers.record)
            },
            beforeTheApp: ["noData"], afterTheApp: ["noData"]),
        Row(
            name: "a malformed APNs push: noData at once", state: .background,
            callback: { answers in
                .slience(["aps": "broken"], fromGetui: false, offLine: false, taskID: nil, msgID: nil, fetchCompletionHandler: answers.record)
            },
            beforeTheApp: ["noData"], afterTheApp: ["noData"]),
        Row(
            name: "receipt before iOS 10: the app's answer", state: .background,
            callback: { answers in .receiveNotification(.copy(), response: nil, fetchCompletionHandler: answers.record) },
            beforeTheApp: [], afterTheApp: ["newData"]),
        Row(
            name: "tap with a fetch handler: noData once the response is handled", state: .inactive,
            callback: { answers in
                .receiveNotification(.copy(), response: GetuiResponseInfo(notification: .copy()), fetchCompletionHandler: answers.record)
            },
            beforeTheApp: [], afterTheApp: ["noData"]),
        Row(
            name: "receipt of something that is not a notification: noData at once", state: .background,
            callback: { answers in
                .receiveNotification(GetuiNotificationInfo(userInfo: ["payload": "x"]), response: nil, fetchCompletionHandler: answers.record)
            },
            beforeTheApp: ["noData"], afterTheApp: ["noData"]),
        Row(
            name: "willPresent: the app's presentation options", state: .active,
            callback: { answers in .willPresent(.copy(), completionHandler: answers.record) },
            beforeTheApp: [], afterTheApp: ["4"]),
        Row(
            name: "willPresent of something that is not a notification: none at once", state: .active,
            callback: { answers in .willPresent(GetuiNotificationInfo(userInfo: [:]), completionHandler: answers.record) },
            beforeTheApp: ["0"], afterTheApp: ["0"]),
    ]

    @Test(arguments: cases)
    func eachCompletionHandlerRunsOnceAfterTheApp(_ row: Row) {
        let harness = GetuiHarness(state: row.state, answersAtOnce: false)
        let answers = row.answers(trigger: harness.bridge.trigger, appAnswersTwice: { harness.completePendingTwice() })
        #expect(answers.beforeTheApp == row.beforeTheApp)
        #expect(answers.afterTheApp == row.afterTheApp)
    }

    @Test func repeatedCallbacksCompleteEachHandlerOnceAndYieldOneMessage() async {
        let harness = GetuiHarness(state: .active)
        await confirmation("each repeated callback's handler", expectedCount: 3) { done in
            for offline in [false, true, true] {
                harness.bridge.trigger(
                    .slience(["payload": "x"], fromGetui: true, offLine: offline, taskID: "t", msgID: "m", fetchCompletionHandler: { _ in done() }))
            }
        }
        #expect(harness.events.map(\.id) == ["t:m"])
    }

    // MARK: Through a real client

    /// A client on a Getui provider, with time in a manual scheduler.
    private func client(_ state: ApplicationState = .background) -> (MockGetuiBridge, GetuiProvider, PushClient, ManualScheduler) {
        let bridge = MockGetuiBridge()
        let provider = GetuiProvider(settings: GetuiHarness.settings, bridge: bridge, scheduler: ManualScheduler(), applicationState: { state })
        let scheduler = ManualScheduler()
        return (bridge, provider, PushClient(provider: provider, scheduler: scheduler), scheduler)
    }

    @Test func withNoBackgroundWorkHandlerTheSilentPushIsAnsweredAtOnce() async {
        let (bridge, _, client, _) = client()
        let answers = Answers()
        await confirmation(expectedCount: 1) { done in
            bridge.trigger(
                .slience(
                    Self.contentAvailable, fromGetui: false, offLine: false, taskID: "t", msgID: "m",
                    fetchCompletionHandler: { result in
                        answers.record(result)
                        done()
                    }))
        }
        #expect(answers.all == ["noData"])
        #expect(await client.events().first(1).map(\.kind) == [.received])
    }

    @Test func anAppThatNeverAnswersIsAnsweredByTheWatchdogOnce() async {
        let (bridge, _, client, scheduler) = client()
        let (gate, release) = AsyncStream<Void>.makeStream()
        let finished = Locked(false)
        client.setBackgroundWorkHandler { _ in
            for await _ in gate {}
            finished.withLock { $0 = true }
            return .newData
        }
        let answers = Answers()
        await confirmation(expectedCount: 1) { done in
            bridge.trigger(
                .slience(
                    Self.contentAvailable, fromGetui: false, offLine: false, taskID: "t", msgID: "m",
                    fetchCompletionHandler: { result in
                        answers.record(result)
                        done()
                    }))
            #expect(answers.all.isEmpty)
            scheduler.advance(by: PushClientOptions().fetchWatchdogDelay)
            release.finish()
            for _ in 0..<10_000 where !finished.withLock({ $0 }) { await Task.yield() }
        }
        #expect(answers.all == ["\(PushClientOptions().fetchTimeoutResult)"])
    }
}
