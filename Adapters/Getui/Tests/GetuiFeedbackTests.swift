import PushBridge
import PushBridgeGetui
import PushBridgeProviderKit
import PushBridgeTesting
import Testing

/// `sendFeedbackMessage:andTaskId:andMsgId:` straight through the provider: the range is checked
/// and the message ID read before anything is sent; a provider without the capability refuses.
@Suite struct GetuiFeedbackTests {
    @Test(arguments: [
        (90_000, false), (90_001, true), (90_999, true), (91_000, false), (-1, false), (-90_500, false), (Int.max, false), (Int.min, false),
    ])
    func theActionIDRange(actionID: Int, sent: Bool) {
        let harness = GetuiHarness()
        let request = FeedbackRequest(.custom(actionID), messageID: "task1:msg1")
        do {
            let receipt = try harness.provider.report(request)
            #expect(sent && receipt.submitted)
            #expect(harness.bridge.calls == [.feedback(actionID: actionID, taskID: "task1", msgID: "msg1")])
        } catch {
            #expect(!sent)
            #expect(error.code == .outOfRange)
            #expect(error.field == "actionId")
            #expect(error.message.contains(String(actionID)) && error.message.contains("90001…90999"), "\(error)")
            #expect(harness.bridge.calls.isEmpty, "nothing is sent")
        }
    }

    @Test(
        arguments: [
            ("t:m", "t", "m"), ("task:msg:extra", "task", "msg"), ("t::", nil, nil), ("t", nil, nil), (":m", nil, nil), ("", nil, nil),
        ] as [(String, String?, String?)])
    func theMessageIDIsTaskIDColonMsgID(messageID: String, task: String?, msg: String?) {
        let harness = GetuiHarness()
        let result = Result { () throws(PushError) in try harness.provider.report(FeedbackRequest(.custom(90_001), messageID: messageID)) }
        if let task, let msg {
            #expect(harness.bridge.calls == [.feedback(actionID: 90_001, taskID: task, msgID: msg)])
        } else {
            #expect(result.errorCode == .invalidPayload)
            #expect(harness.bridge.calls.isEmpty)
        }
    }

    @Test func yesMeansSubmittedOnly() throws {
        let harness = GetuiHarness()
        harness.bridge.feedbackSubmitted = false
        #expect(try harness.provider.report(FeedbackRequest(.custom(90_001), messageID: "t:m")) == FeedbackAction.Receipt(submitted: false))
        harness.bridge.feedbackSubmitted = true
        #expect(try harness.provider.report(FeedbackRequest(.custom(90_001), messageID: "t:m")) == FeedbackAction.Receipt(submitted: true))
    }

    @Test func aProviderWithoutTheCapabilityRefuses() throws {
        let noOp = NoOpProvider()
        #expect(!noOp.capabilities.contains(.customFeedback))
        #expect(GetuiHarness().provider.capabilities.contains(.customFeedback))
        #expect(!(noOp is any FeedbackProvider))
        let client = PushClient(provider: noOp, scheduler: ManualScheduler())
        let message = PushEvent.Message(transport: .getui, offline: false, id: "t:m", payload: ["payload": "x"])
        #expect { _ = try client.report(.custom(90_001), for: message) } throws: { ($0 as? PushError)?.code == .unsupported }
    }
}
