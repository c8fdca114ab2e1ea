import PushBridge
import PushBridgeGetui
import PushBridgeGetuiTesting
import PushBridgeProviderKit
import PushBridgeTesting
import Testing

/// Feedback, aliases, tags and the badge through a client on Getui.
@Suite struct GetuiCommandsTests {
    private func make() -> (MockGetuiBridge, GetuiProvider, ManualScheduler) {
        let scheduler = ManualScheduler()
        let bridge = MockGetuiBridge(clock: scheduler)
        let provider = GetuiProvider(settings: GetuiSettings(appID: "a", appKey: "b", appSecret: "c"), bridge: bridge, scheduler: scheduler)
        try? provider.setPrivacyConsent(.granted)
        return (bridge, provider, scheduler)
    }

    @Test(arguments: [
        (90_000, false), (90_001, true), (90_500, true), (90_999, true), (91_000, false), (-90_001, false), (0, false), (Int.max, false),
        (Int.min, false),
    ])
    func feedbackActionIDsAreCheckedBeforeSending(actionID: Int, accepted: Bool) throws {
        let (bridge, provider, _) = make()
        let client = PushClient(provider: provider, scheduler: ManualScheduler())
        let message = PushEvent.Message(transport: .getui, offline: true, id: "t1:m1", payload: ["payload": "x"])
        if accepted {
            #expect(try client.report(.custom(actionID), for: message).submitted)
            #expect(bridge.calls == [.feedback(actionID: actionID, taskID: "t1", msgID: "m1")])
        } else {
            #expect {
                _ = try client.report(.custom(actionID), for: message)
            } throws: { error in
                (error as? PushError)?.code == .outOfRange && (error as? PushError)?.field == "actionId"
            }
            #expect(bridge.calls.isEmpty)
        }
    }

    @Test func feedbackIsSubmittedNotAcknowledged() throws {
        let (bridge, provider, _) = make()
        bridge.feedbackSubmitted = false
        #expect(try provider.report(FeedbackRequest(.custom(90001), messageID: "t:m")).submitted == false)
        let note = try PushNotification(payload: ["aps": ["alert": "x"], "_gmid_": "task:msg:extra"])
        bridge.feedbackSubmitted = true
        let client = PushClient(provider: provider, scheduler: ManualScheduler())
        #expect(try client.report(.custom(90002), for: note).submitted)
        #expect(bridge.calls.last == .feedback(actionID: 90002, taskID: "task", msgID: "msg"))
    }

    @Test func aliasesBindAndUnbindBySequenceNumber() async throws {
        let (bridge, provider, scheduler) = make()
        let bound = try await provider.alias(AliasRequest(.set("user-7")))
        #expect(bound.alias == "user-7")
        _ = try await provider.alias(AliasRequest(.delete("user-7")))
        #expect(bridge.calls.count == 2)
        #expect(!"\(bridge.calls) \(bound)".contains("user-7"))
        await #expect(throws: PushError.self) { _ = try await provider.alias(AliasRequest(.get)) }
        bridge.answer = .failure(PushError.VendorCode(domain: "GetuiErrorDomain", code: 30004))
        scheduler.advance(by: GetuiResultCode.minimumBindInterval)
        await #expect { _ = try await provider.alias(AliasRequest(.set("x"))) } throws: {
            ($0 as? PushError)?.vendorCode == GetuiResultCode.vendorCode(30004)
        }
    }

    @Test func tagsSetQueryAndUnsupportedOperations() async throws {
        let (bridge, provider, scheduler) = make()
        #expect(try await provider.tags(TagsRequest(.set(["b", "a"]))).tags == ["a", "b"])
        #expect(try await provider.tags(TagsRequest(.getAll)).tags == ["a", "b"])
        for operation in [TagsRequest.Operation.add(["c"]), .delete(["a"]), .validate("a"), .clean] {
            await #expect { _ = try await provider.tags(TagsRequest(operation)) } throws: { ($0 as? PushError)?.code == .unsupported }
        }
        bridge.acceptsTags = false
        scheduler.advance(by: GetuiResultCode.tagSetWindow)  // Getui: one successful setTags a day
        await #expect(throws: PushError.self) { _ = try await provider.tags(TagsRequest(.set(["z"]))) }
    }

    @Test func badge() throws {
        let (bridge, provider, _) = make()
        try provider.setBadge(BadgeRequest(value: 4))
        try provider.setBadge(BadgeRequest(value: 0))
        #expect(throws: PushError.self) { try provider.setBadge(BadgeRequest(value: -2)) }
        #expect(bridge.calls == [.badge(4), .badge(0)])
    }
}
