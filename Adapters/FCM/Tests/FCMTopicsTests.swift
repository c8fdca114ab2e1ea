import PushBridge
import PushBridgeFCM
import PushBridgeFCMTesting
import PushBridgeTesting
import Testing

/// Topics are FCM's tags; aliases are unsupported by capability.
@Suite struct FCMTopicsTests {
    @Test("add subscribes and delete unsubscribes, one topic at a time in a fixed order")
    func subscribeAndUnsubscribe() async throws {
        let harness = FCMHarness()
        _ = try await harness.client.tags(TagsRequest(.add(["news", "deals"])))
        _ = try await harness.client.tags(TagsRequest(.delete(["news"])))
        #expect(harness.fcm.calls == [.subscribe("deals"), .subscribe("news"), .unsubscribe("news")])
    }

    @Test("FCM's error is mapped and names the topic", arguments: [(8, PushError.Code.outOfRange), (4, .providerFailure), (3, .timeout)])
    func errorsAreMapped(code: Int, expected: PushError.Code) async throws {
        let harness = FCMHarness()
        harness.fcm.topicError = PushError.VendorCode(domain: FCMErrorCode.domain, code: code)
        await #expect {
            _ = try await harness.client.tags(TagsRequest(.add(["news"])))
        } throws: { error in
            guard let error = error as? PushError else { return false }
            return error.code == expected && error.field == "tags" && error.message.contains("\"news\"")
                && error.vendorCode == PushError.VendorCode(domain: "com.google.fcm", code: code)
        }
    }

    @Test(
        "a topic FCM would refuse is refused before anything is sent",
        arguments: ["", "a b", "/topics/news", "ünïcode", String(repeating: "x", count: 901)])
    func badTopicsAreRefused(topic: String) async {
        let harness = FCMHarness()
        await #expect {
            _ = try await harness.client.tags(TagsRequest(.add([topic, "fine"])))
        } throws: { ($0 as? PushError)?.code == .outOfRange && ($0 as? PushError)?.field == "tags" }
        #expect(harness.fcm.calls.isEmpty)
    }

    @Test("replacing, clearing, reading and checking topics are unsupported, naming what FCM can do")
    func unsupportedOperations() async {
        let harness = FCMHarness()
        for operation: TagsRequest.Operation in [.set(["a"]), .clean, .getAll, .validate("a")] {
            await #expect {
                _ = try await harness.client.tags(TagsRequest(operation))
            } throws: { ($0 as? PushError)?.code == .unsupported && ($0 as? PushError)?.message.contains(".add and .delete") == true }
        }
        #expect(harness.fcm.calls.isEmpty)
    }

    @Test("aliases are unsupported by capability: the client refuses them before the provider")
    func aliasesAreUnsupported() async {
        let harness = FCMHarness()
        #expect(harness.client.activeProvider?.capabilities.contains(.alias) == false)
        #expect(harness.client.activeProvider?.capabilities.contains(.tags) == true)
        await #expect {
            _ = try await harness.client.alias(AliasRequest(.set("user-1")))
        } throws: { ($0 as? PushError)?.code == .unsupported }
    }

    @Test("topic calls before consent are refused and send nothing")
    func topicsNeedConsent() async {
        let harness = FCMHarness(consent: nil)
        await #expect { _ = try await harness.client.tags(TagsRequest(.add(["news"]))) } throws: { ($0 as? PushError)?.code == .consentRequired }
        #expect(harness.fcm.calls.isEmpty)
    }

    @Test("an answer FCM gives twice completes the request once; none in 30 s is a timeout")
    func answeredTwiceOrNever() async throws {
        let harness = FCMHarness()
        harness.fcm.answersTopics = false
        async let outcome = harness.client.tags(TagsRequest(.add(["news"])))
        while harness.fcm.calls.isEmpty { await Task.yield() }
        harness.fcm.answerTopics(twice: true)
        _ = try await outcome

        let silent = FCMHarness()
        silent.fcm.answersTopics = false
        let never = Task { try await silent.client.tags(TagsRequest(.add(["news"]))) }
        while silent.fcm.calls.isEmpty { await Task.yield() }
        silent.scheduler.advance(by: 31)
        await #expect { _ = try await never.value } throws: { ($0 as? PushError)?.code == .timeout }
    }
}
