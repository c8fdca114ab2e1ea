import PushBridge
import PushBridgeGetui
import PushBridgeJPush
import PushBridgeProviderKit
import PushBridgeTesting
import Testing

/// The in-memory provider records every command and emits whatever the test asks.
@Suite struct InMemoryProviderTests {
    @Test func recordsEveryCommandInOrder() async throws {
        let provider = InMemoryProvider(definition: GetuiDefinition())
        let client = PushClient(provider: provider, scheduler: ManualScheduler())
        SimulatedNotificationSettings().install(on: client)
        try client.start(PushStartRequest(iosVersion: IOSVersion(16)))
        try client.register(PushRegistrationRequest(iosVersion: IOSVersion(16)))
        client.didRegisterForRemoteNotifications(deviceToken: [1, 2, 3])
        let alias = try await client.alias(AliasRequest(.set("user-42")))
        _ = try await client.tags(TagsRequest(.add(["vip"])))
        try await client.setBadge(0)
        let message = PushEvent.Message(transport: .getui, offline: false, id: "t:m", payload: ["payload": "x"])
        #expect(try client.report(.custom(90001), for: message).submitted)
        #expect(alias.alias == "user-42")
        #expect(
            provider.commands == [
                .start(PushStartRequest(iosVersion: IOSVersion(16))),
                .register(PushRegistrationRequest(iosVersion: IOSVersion(16))),
                .deviceToken([1, 2, 3]),
                .alias(AliasRequest(.set("user-42"))),
                .tags(TagsRequest(.add(["vip"]))),
                .setBadge(0),
                .report(.custom(90001), messageID: "t:m"),
            ])
        provider.clear()
        #expect(provider.commands.isEmpty)
    }

    @Test func emitsWhatTheTestAsks() async throws {
        let provider = InMemoryProvider(definition: JPushDefinition())
        let client = PushClient(provider: provider, scheduler: ManualScheduler())
        let stream = client.events()
        provider.emit(.providerState(.init(provider: .jpush, state: .online)))
        provider.emit(.registered(.init(provider: .jpush, identifier: "1a0018970a1b2c3d")))
        provider.deliver(PushEvent.Message(transport: .jpush, offline: false, id: "99", payload: ["content": "hi"]))
        let note = try PushNotification(payload: ["aps": ["alert": "x"]], identifier: "n")
        provider.callback(CallbackInvocation(callback: .willPresent, state: .active, notification: note))
        #expect(await stream.first(4).map(\.kind) == [.providerState, .registered, .message, .received])
    }

    @Test func unsupportedCapabilitiesThrow() async {
        let provider = InMemoryProvider(id: .apns, capabilities: [])
        await #expect(throws: PushError.self) { _ = try await provider.alias(AliasRequest(.get)) }
        #expect(throws: PushError.self) { _ = try provider.report(FeedbackRequest(.custom(90001), messageID: "t:m")) }
        #expect(provider.commands.isEmpty)
    }
}

/// The kit's throwing checks.
@Suite struct EventChecksTests {
    @Test func checksMatchShapesAndFailWithADescription() throws {
        let note = try PushNotification(payload: ["aps": ["alert": "x"]], identifier: "c-1")
        let events: [PushEvent] = [
            .received(.init(notification: note, origin: .background)),
            .opened(.init(notification: note, origin: .coldStart, action: .custom("reply"))),
        ]
        try events.check([.received(.background), .opened(.coldStart, action: .custom("reply"), id: "c-1")])
        #expect(throws: PushCheckFailure.self) { try events.check([.received(.background)]) }
        #expect(throws: PushCheckFailure.self) { try events.check([.received(.foreground), .opened()]) }
        #expect(throws: PushCheckFailure.self) { try events.check([.received(), .opened(action: .default)]) }
        do {
            try events.check([])
        } catch {
            #expect(error.description.contains("got [received(background) id: c-1, opened(coldStart) id: c-1]"))
        }
    }
}
