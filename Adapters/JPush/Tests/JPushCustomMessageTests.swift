import PushBridgeJPush
import PushBridgeJPushTesting
import PushBridgeTesting
import Testing

@testable import PushBridge

/// Custom messages (自定义消息): delivered at once in the foreground; held by the SDK while the
/// app is away and delivered, in order, when it comes back; `message` events with `offline` false.
@Suite struct JPushCustomMessageTests {
    static func message(_ id: Int64, content: String = "hi") -> JSONObject {
        ["content": .string(content), "title": "t", "content_type": "text", "extras": ["deeplink": "app://x"], "_j_msgid": .integer(id)]
    }

    /// What the app does, and the messages that have reached it after each step.
    enum Step: Sendable, CustomStringConvertible {
        case send(Int64)
        case background
        case foreground

        var description: String {
            switch self {
            case .send(let id): "send \(id)"
            case .background: "background"
            case .foreground: "foreground"
            }
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var steps: [Step]
        var delivered: [String]
        var held: Int
        var testDescription: String { steps.map(\.description).joined(separator: ", ") }
    }

    static let cases: [Case] = [
        Case(steps: [.send(1)], delivered: ["1"], held: 0),
        Case(steps: [.background, .send(1)], delivered: [], held: 1),
        Case(steps: [.background, .send(1), .send(2), .foreground], delivered: ["1", "2"], held: 0),
        Case(steps: [.send(1), .background, .send(2), .foreground, .send(3)], delivered: ["1", "2", "3"], held: 0),
        Case(steps: [.background, .send(1), .foreground, .background, .send(2)], delivered: ["1"], held: 1),
        Case(steps: [.foreground, .foreground], delivered: [], held: 0),
    ]

    @Test(arguments: cases)
    func heldWhileAwayDeliveredOnComingBack(_ row: Case) {
        let harness = JPushHarness(state: .active)
        for step in row.steps {
            switch step {
            case .send(let id): harness.bridge.sendCustomMessage(Self.message(id))
            case .background: harness.bridge.enterBackground()
            case .foreground: harness.bridge.enterForeground()
            }
        }
        #expect(harness.messages.map(\.id) == row.delivered)
        #expect(harness.bridge.heldMessageCount == row.held)
        #expect(harness.events.map(\.id) == row.delivered)
        #expect(harness.events.allSatisfy { $0.kind == .message })
    }

    @Test func aMessageIsReadFromItsUserInfo() throws {
        let harness = JPushHarness(state: .active)
        harness.bridge.sendCustomMessage(Self.message(20_266_199, content: "hello"))
        let message = try #require(harness.messages.first)
        #expect(message.transport == .jpush)
        #expect(message.offline == false)
        #expect(message.id == "20266199")
        #expect(message.content == "hello")
        #expect(message.payload["extras"]?["deeplink"]?.stringValue == "app://x")
        #expect(!"\(message)".contains("hello"), "the content is never printed")
    }

    @Test func theSameMessageTwiceIsOneEvent() {
        let harness = JPushHarness(state: .active)
        harness.bridge.sendCustomMessage(Self.message(9))
        harness.bridge.enterBackground()
        harness.bridge.sendCustomMessage(Self.message(9))
        harness.bridge.enterForeground()
        #expect(harness.messages.count == 2, "JPush delivered it twice")
        #expect(harness.events.map(\.id) == ["9"], "the app hears of it once")
    }

    @Test func throughAClientTheMessageArrivesAsAnEvent() async {
        let bridge = MockJPushBridge()
        let provider = JPushProvider(settings: JPushHarness.settings, bridge: bridge, scheduler: ManualScheduler())
        let client = PushClient(provider: provider, scheduler: ManualScheduler())
        bridge.enterBackground()
        bridge.sendCustomMessage(Self.message(3))
        #expect(client.heldEventCount == 0, "nothing yet: JPush holds it")
        bridge.enterForeground()
        let events = await client.events().first(1)
        #expect(events.map(\.kind) == [.message])
        #expect(events.first?.id == "3")
    }
}
