import PushBridgeJPush
import PushBridgeProviderKit
import PushBridgeTesting
import Testing

@testable import PushBridge

/// The normaliser's rule for one push on two channels (OneDeliveryOneEvent.md, rule 1): a
/// provider's own-channel message is its delivery's arrival, as the APNs notification with the
/// same message ID is; whichever comes first is told, the other is dropped and reported once.
@Suite struct ChannelCopyTests {
    static let messageID = "2003"

    static func note(_ identifier: String = "req-1", silent: Bool = false) -> PushNotification? {
        let aps: JSONObject = silent ? ["alert": "hi", "content-available": 1] : ["alert": "hi"]
        return try? PushNotification(payload: ["aps": .object(aps), "_j_msgid": 2003], identifier: identifier, providerMessageID: messageID)
    }

    static func call(_ callback: SystemCallback, _ state: ApplicationState, key: LaunchOptionsKey? = nil, silent: Bool = false) -> CallbackInvocation
    {
        let identified = callback == .willPresent || callback == .didReceiveResponse
        return CallbackInvocation(
            callback: callback, state: state, launchOptionsKey: key, action: callback == .didReceiveResponse ? .default : nil,
            notification: note(identified ? "req-1" : "", silent: silent))
    }

    static let message = PushEvent.Message(transport: "jpush", offline: false, id: messageID, payload: ["content": "hi", "_j_msgid": 2003])

    /// The calls iOS makes for the APNs notification on one path, and the events they make alone.
    struct Path: Sendable, CustomTestStringConvertible {
        var name: String
        var calls: [CallbackInvocation]
        /// The events of `calls` alone, rendered.
        var alone: [String]
        /// Whether the path tells the delivery's arrival (else only the user's response).
        var arrives: Bool
        var testDescription: String { name }
    }

    static let paths: [Path] = [
        Path(name: "4 (foreground banner)", calls: [call(.willPresent, .active)], alone: ["received foreground"], arrives: true),
        Path(
            name: "3 active then 4 (foreground content-available)",
            calls: [call(.didReceiveRemoteNotificationFetch, .active, silent: true), call(.willPresent, .active, silent: true)],
            alone: ["received foreground"], arrives: true),
        Path(
            name: "3 background (content-available)", calls: [call(.didReceiveRemoteNotificationFetch, .background, silent: true)],
            alone: ["received background"], arrives: true),
        Path(
            name: "4 then 5 (a foreground banner tapped)", calls: [call(.willPresent, .active), call(.didReceiveResponse, .active)],
            alone: ["received foreground", "opened foreground"], arrives: true),
        Path(
            name: "5 inactive (a tap from the background)", calls: [call(.didReceiveResponse, .inactive)], alone: ["opened background"],
            arrives: false),
        Path(
            name: "1 then 5 (a cold-start tap)",
            calls: [call(.didFinishLaunching, .inactive, key: .remoteNotification), call(.didReceiveResponse, .inactive)],
            alone: ["opened coldStart"], arrives: false),
    ]

    static func render(_ event: PushEvent) -> String {
        [event.kind.rawValue, event.origin?.rawValue].compactMap { $0 }.joined(separator: " ")
    }

    /// Runs the path with the message before or after its calls; returns the events and the
    /// `channelCopyDropped` diagnostics.
    static func run(_ path: Path, messageFirst: Bool) -> (events: [String], drops: [PushDiagnostic]) {
        let normalizer = PushEventNormalizer()
        var events: [PushEvent] = []
        if messageFirst { normalizer.consume(message: message) { events.append($0) } }
        for call in path.calls { events += normalizer.consume(call) }
        events += normalizer.flush()
        if !messageFirst { normalizer.consume(message: message) { events.append($0) } }
        #expect(events.allSatisfy { $0.id == messageID })
        return (events.map(render), normalizer.takeDiagnostics().filter { $0.code == .channelCopyDropped })
    }

    @Test(arguments: paths)
    func theMessageFirstIsTheArrival(_ path: Path) {
        let (events, drops) = Self.run(path, messageFirst: true)
        // The notification's arrival is dropped; the user's response is still told.
        #expect(events == ["message"] + path.alone.filter { !$0.hasPrefix("received") })
        #expect(drops.count == (path.arrives ? 1 : 0), "one diagnostic per dropped copy, none when nothing was dropped")
    }

    @Test(arguments: paths)
    func theNotificationFirstDropsTheMessage(_ path: Path) {
        let (events, drops) = Self.run(path, messageFirst: false)
        #expect(events == path.alone)
        #expect(drops.count == 1)
        #expect(drops.first?.notificationID == Self.messageID)
    }

    @Test func aRedeliveredMessageIsOneEventAndNotACopy() {
        let normalizer = PushEventNormalizer()
        var events: [PushEvent] = []
        normalizer.consume(message: Self.message) { events.append($0) }
        normalizer.consume(message: Self.message) { events.append($0) }
        events += normalizer.consume(Self.call(.willPresent, .active))
        events += normalizer.consume(Self.call(.willPresent, .active))
        normalizer.consume(message: Self.message) { events.append($0) }
        #expect(events.map(\.kind) == [.message])
        #expect(normalizer.takeDiagnostics().filter { $0.code == .channelCopyDropped }.count == 1, "reported once per push")
    }

    @Test func aMessageOfAnotherPushIsItsOwnArrival() {
        let normalizer = PushEventNormalizer()
        var events = normalizer.consume(Self.call(.willPresent, .active))
        normalizer.consume(message: PushEvent.Message(transport: "jpush", offline: false, id: "2004", payload: ["content": "other"])) {
            events.append($0)
        }
        #expect(events.map(\.kind) == [.received, .message])
        #expect(normalizer.takeDiagnostics().isEmpty)
    }

    /// Through a client: the message path reports its drop to the diagnostic handler.
    @Test func theClientReportsADroppedMessage() {
        let jpush = InMemoryProvider(definition: JPushDefinition())
        let client = PushClient(provider: jpush, scheduler: ManualScheduler())
        let reported = Locked([PushDiagnostic]())
        client.setDiagnosticHandler { diagnostic in reported.withLock { $0.append(diagnostic) } }
        let tap = client.eventDrain()
        client.callbacks.handle(Self.call(.willPresent, .active), completion: .presentation { _ in })
        jpush.deliver(Self.message)
        client.settle()
        #expect(tap.take().map(\.kind) == [.received])
        #expect(reported.withLock { $0 }.map(\.code) == [.channelCopyDropped])
    }
}
