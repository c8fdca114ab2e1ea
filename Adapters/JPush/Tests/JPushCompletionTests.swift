import AdapterTestSupport
import PushBridge
import PushBridgeJPush
import PushBridgeJPushTesting
import PushBridgeProviderKit
import PushBridgeTesting
import Testing

/// Every completion handler JPush passes in is completed exactly once: after the app's answer when
/// the core asks the app, at once otherwise, never twice.
@Suite struct JPushCompletionTests {
    typealias Answers = CompletionAnswers
    typealias Row = CompletionCase<MockJPushBridge.Callback>

    static let cases: [Row] = [
        Row(
            name: "willPresent of a push: the app's options, as JPush's integer", state: .active,
            callback: { answers in .willPresent(.push(), completionHandler: answers.record) },
            beforeTheApp: [], afterTheApp: ["18"]),
        Row(
            name: "willPresent of a local notification: the app's options", state: .active,
            callback: { answers in .willPresent(.local(), completionHandler: answers.record) },
            beforeTheApp: [], afterTheApp: ["18"]),
        Row(
            name: "willPresent of something that is not a notification: none at once", state: .active,
            callback: { answers in .willPresent(JPushNotificationInfo(userInfo: ["content": "x"]), completionHandler: answers.record) },
            beforeTheApp: ["0"], afterTheApp: ["0"]),
        Row(
            name: "a tap: done once the client is done", state: .inactive,
            callback: { answers in .didReceiveResponse(JPushResponseInfo(notification: .push()), completionHandler: { answers.record("done") }) },
            beforeTheApp: [], afterTheApp: ["done"]),
        Row(
            name: "a dismissal: done once the client is done", state: .background,
            callback: { answers in
                .didReceiveResponse(
                    JPushResponseInfo(notification: .push(), actionIdentifier: ResponseAction.dismissIdentifier),
                    completionHandler: { answers.record("done") })
            },
            beforeTheApp: [], afterTheApp: ["done"]),
        Row(
            name: "a response to something that is not a notification: done at once", state: .inactive,
            callback: { answers in
                .didReceiveResponse(
                    JPushResponseInfo(notification: JPushNotificationInfo(userInfo: [:])), completionHandler: { answers.record("done") })
            },
            beforeTheApp: ["done"], afterTheApp: ["done"]),
    ]

    @Test(arguments: cases)
    func eachCompletionHandlerRunsOnceAfterTheApp(_ row: Row) {
        let harness = JPushHarness(state: row.state, answersAtOnce: false)
        let answers = row.answers(
            trigger: harness.bridge.trigger, appAnswersTwice: { harness.completePendingTwice(presentation: [.banner, .sound]) })
        #expect(answers.beforeTheApp == row.beforeTheApp)
        #expect(answers.afterTheApp == row.afterTheApp)
    }

    @Test func aSinkThatAnswersAtOnceAnswersEachHandlerOnce() async {
        let harness = JPushHarness(state: .active)
        await confirmation("each willPresent and each response handler", expectedCount: 6) { done in
            for _ in 0..<3 {
                harness.bridge.trigger(.willPresent(.push(), completionHandler: { _ in done() }))
                harness.bridge.trigger(.didReceiveResponse(JPushResponseInfo(notification: .push()), completionHandler: { done() }))
            }
        }
    }

    // MARK: Through a real client

    private func client(_ state: ApplicationState) -> (MockJPushBridge, PushClient) {
        let bridge = MockJPushBridge()
        let provider = JPushProvider(settings: JPushHarness.settings, bridge: bridge, scheduler: ManualScheduler(), applicationState: { state })
        try? provider.setPrivacyConsent(.granted)
        bridge.clearCalls()
        return (bridge, PushClient(provider: provider, scheduler: ManualScheduler()))
    }

    @Test func willPresentThroughAClientIsAnsweredOnceWithTheHandlersOptions() async {
        let (bridge, client) = client(.active)
        client.setPresentationHandler { _ in [.banner, .sound] }
        let answers = Answers()
        await confirmation(expectedCount: 1) { answered in
            bridge.trigger(
                .willPresent(
                    .push(),
                    completionHandler: { options in
                        answers.record(options)
                        answered()
                    }))
            for _ in 0..<10_000 where answers.all.isEmpty { await Task.yield() }
        }
        #expect(answers.all == ["18"])
        let events = await client.events().first(1)
        #expect(events.map(\.kind) == [.received])
        #expect(events.first?.id == "20266199")
        #expect(bridge.calls == [.handleRemoteNotification(id: "20266199")])
    }

    @Test func aTapThroughAClientIsCompletedOnce() async {
        let (bridge, client) = client(.inactive)
        await confirmation(expectedCount: 1) { done in
            bridge.trigger(.didReceiveResponse(JPushResponseInfo(notification: .push()), completionHandler: { done() }))
        }
        let events = await client.events().first(1)
        #expect(events.map(\.kind) == [.opened])
        #expect(events.first?.origin == .background)
    }

    @Test func theAppsOwnFetchHandlerIsCompletedOnceAndReported() async throws {
        let (bridge, client) = client(.background)
        let note = try PushNotification(payload: ["aps": ["content-available": 1], "_j_msgid": 5])
        await confirmation(expectedCount: 1) { done in
            client.callbacks.handle(
                CallbackInvocation(callback: .didReceiveRemoteNotificationFetch, state: .background, notification: note),
                completion: .fetch { _ in done() })
        }
        #expect(bridge.calls == [.handleRemoteNotification(id: "5")])
        #expect(await client.events().first(1).map(\.kind) == [.received])
    }
}
