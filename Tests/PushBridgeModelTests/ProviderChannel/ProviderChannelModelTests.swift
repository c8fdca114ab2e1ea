import PushBridge
import PushBridgeGetui
import PushBridgeJPush
import PushBridgeModel
import Testing

/// Provider-channel messages in the dispatch model: delivered in the foreground, held while away.
@Suite struct ProviderChannelModelTests {
    static let passthrough: JSONObject = ["payload": "hello", "taskId": "t1", "msgId": "m1"]
    static let copy: JSONObject = ["aps": ["alert": "hello"], "_gmid_": "t1:m1:x"]
    static let custom: JSONObject = ["content": "hi", "_j_msgid": 42]

    struct Case: Sendable, CustomTestStringConvertible {
        var source: NotificationSource
        var state: ArrivalState
        var user: UserAction
        var withCopy: Bool
        /// The message step expected: `nil` for none, else its phase and offline flag.
        var message: (phase: SystemCall.Phase, offline: Bool)?
        var testDescription: String { "\(source) \(state) \(user) copy:\(withCopy)" }
    }

    static let cases: [Case] = [
        Case(source: .getuiPassthrough, state: .foreground, user: .none, withCopy: false, message: (.arrival, false)),
        Case(source: .jpushCustomMessage, state: .foreground, user: .none, withCopy: false, message: (.arrival, false)),
        Case(source: .getuiPassthrough, state: .background, user: .none, withCopy: false, message: nil),
        Case(source: .getuiPassthrough, state: .background, user: .openAppIcon, withCopy: false, message: (.action, true)),
        Case(source: .jpushCustomMessage, state: .forceQuit, user: .openAppIcon, withCopy: false, message: (.action, false)),
        Case(source: .getuiPassthrough, state: .background, user: .tap, withCopy: false, message: nil),
        Case(source: .getuiPassthrough, state: .background, user: .tap, withCopy: true, message: (.action, true)),
        Case(source: .getuiPassthrough, state: .notRunning, user: .dismiss, withCopy: true, message: nil),
        Case(source: .getuiPassthrough, state: .background, user: .action(id: "later", foreground: false), withCopy: true, message: nil),
        Case(source: .getuiPassthrough, state: .background, user: .action(id: "open", foreground: true), withCopy: true, message: (.action, true)),
    ]

    @Test(arguments: cases)
    func messagesReachTheAppOnlyInTheForeground(testCase: Case) {
        let payload = testCase.source == .jpushCustomMessage ? Self.custom : Self.passthrough
        let scenario = DispatchScenario(
            ios: IOSVersion(12), state: testCase.state,
            implements: [.didReceiveRemoteNotificationFetch, .willPresent, .didReceiveResponse],
            notification: ScenarioNotification(source: testCase.source, payload: payload, apnsCopy: testCase.withCopy ? Self.copy : nil),
            customDismissAction: true, user: testCase.user)
        let definitions: [any PushProviderDefinition] = [JPushDefinition(), GetuiDefinition()]
        let channel = definitions.lazy.compactMap { $0.channel(testCase.source) }.first
        let trace = DispatchModel.trace(for: scenario, channel: channel)
        let messages = trace.steps.compactMap { step -> ChannelDelivery? in
            if case .message(let delivery) = step { delivery } else { nil }
        }
        if let expected = testCase.message {
            #expect(messages.count == 1)
            #expect(messages.first?.phase == expected.phase)
            #expect(messages.first?.offline == expected.offline)
            #expect(messages.first?.transport == testCase.source.channel)
        } else {
            #expect(messages.isEmpty)
        }
        // Without an APNs copy nothing is displayed, and iOS calls nothing for the message.
        if !testCase.withCopy {
            #expect(trace.display == .none)
            #expect(trace.calls.allSatisfy { $0.callback == .didFinishLaunching && $0.launchOptionsKey == nil })
        }
    }

    @Test func theAPNsCopyIsARemoteNotificationInTheSameScenario() {
        let scenario = DispatchScenario(
            ios: IOSVersion(12), state: .background, implements: [.didReceiveResponse],
            notification: ScenarioNotification(source: .getuiPassthrough, payload: Self.passthrough, apnsCopy: Self.copy), user: .tap)
        let remote = DispatchScenario(
            ios: IOSVersion(12), state: .background, implements: [.didReceiveResponse], notification: .remote(Self.copy), user: .tap)
        #expect(DispatchModel.trace(for: scenario).calls == DispatchModel.trace(for: remote).calls)
        #expect(DispatchModel.trace(for: scenario).display == .banner)
    }

    @Test func aChannelMessageNeedsItsProvidersSimulation() {
        let scenario = DispatchScenario(
            ios: IOSVersion(12), state: .foreground, notification: ScenarioNotification(source: .jpushCustomMessage, payload: Self.custom))
        #expect {
            _ = try ScenarioSimulator.run(scenario)
        } throws: { error in
            (error as? PushError)?.field == "notification.source"
        }
    }

    @Test func messagesParseTheirIdentity() throws {
        let jpush = JPushDefinition()
        let getui = GetuiDefinition()
        #expect(try jpush.readMessage(Self.custom, channel: .jpushCustomMessage, offline: false, field: "message").id == "42")
        #expect(try getui.readMessage(Self.passthrough, channel: .getuiPassthrough, offline: true, field: "message").id == "t1:m1")
        #expect(getui.messageID(in: Self.copy) == "t1:m1")
        #expect(throws: PushError.self) {
            try jpush.readMessage(["title": "no content"], channel: .jpushCustomMessage, offline: false, field: "message")
        }
        #expect(throws: PushError.self) {
            try getui.readMessage(["payload": "x", "taskId": "t"], channel: .getuiPassthrough, offline: false, field: "message")
        }
        #expect(throws: PushError.self) {
            try getui.readMessage(["payload": "x", "taskId": "", "msgId": "m"], channel: .getuiPassthrough, offline: false, field: "message")
        }
    }
}
