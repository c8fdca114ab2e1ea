import PushBridge
import PushBridgeGetui
import PushBridgeGetuiTesting
import PushBridgeJPush
import PushBridgeJPushTesting
import PushBridgeModel
import PushBridgeTesting
import Testing

/// One push on two channels of its provider — a JPush push with a notification and a custom
/// message (Push API v3 sends both in one call), a Getui passthrough and its APNs copy — is one
/// arrival in every app state and either order: the first to reach the app is told, the other
/// is dropped with a `channelCopyDropped` diagnostic (OneDeliveryOneEvent.md, rule 1). The
/// dispatch model (`pushbridge simulate`) and the simulated device agree.
@Suite struct OnePushTwoChannelsTests {
    /// One provider's two channels, and the message and APNs copy of one push on them.
    struct Channel: Sendable, CustomTestStringConvertible {
        var name: String
        var source: NotificationSource
        var message: JSONObject
        var copy: JSONObject
        var silentCopy: JSONObject
        /// The identity both carry.
        var id: String
        var testDescription: String { name }

        var provider: any ProviderSimulator { source == .jpushCustomMessage ? JPushSimulator() : GetuiSimulator() }

        func push(silent: Bool = false) -> ScenarioNotification {
            ScenarioNotification(source: source, payload: message, apnsCopy: silent ? silentCopy : copy)
        }
    }

    static let channels = [
        Channel(
            name: "JPush notification + custom message", source: .jpushCustomMessage,
            message: ["content": "hi", "extras": ["room": "7"], "_j_msgid": 2003], copy: ["aps": ["alert": "hi"], "room": "7", "_j_msgid": 2003],
            silentCopy: ["aps": ["alert": "hi", "content-available": 1], "room": "7", "_j_msgid": 2003], id: "2003"),
        Channel(
            name: "Getui passthrough + APNs copy", source: .getuiPassthrough,
            message: ["payload": "hi", "taskId": "t1", "msgId": "m1"], copy: ["aps": ["alert": "hi"], "_gmid_": "t1:m1"],
            silentCopy: ["aps": ["alert": "hi", "content-available": 1], "_gmid_": "t1:m1"], id: "t1:m1"),
    ]

    static let modern: Set<SystemCallback> = [.didReceiveRemoteNotificationFetch, .willPresent, .didReceiveResponse]

    static func scenario(_ state: ArrivalState, _ notification: ScenarioNotification, user: UserAction = .none, steps: [ScenarioStep] = [])
        -> DispatchScenario
    {
        DispatchScenario(
            ios: IOSVersion(17), state: state, implements: modern, notification: notification, customDismissAction: true,
            presentation: [.banner, .list, .sound], user: user, steps: steps)
    }

    /// A push in one app state, what the user does, and the one event (plus the user's response)
    /// the app must get; `drops`: how many copies are dropped, each with its diagnostic.
    struct Case: Sendable, CustomTestStringConvertible {
        var state: ArrivalState
        var user: UserAction
        var silent = false
        var kinds: [PushEvent.Kind]
        var drops: Int
        var testDescription: String { "\(state), \(user)\(silent ? ", content-available copy" : "")" }
    }

    static let cases: [Case] = [
        // In the foreground the message comes first over the provider's connection; the copy's
        // willPresent (and its 3 for a content-available copy) is the same arrival: one diagnostic.
        Case(state: .foreground, user: .none, kinds: [.message], drops: 1),
        Case(state: .foreground, user: .none, silent: true, kinds: [.message], drops: 1),
        Case(state: .foreground, user: .tap, kinds: [.message, .opened], drops: 1),
        Case(state: .foreground, user: .dismiss, kinds: [.message, .dismissed], drops: 1),
        // Away: the copy is shown; the message waits until the app is back.
        Case(state: .background, user: .none, kinds: [], drops: 0),
        Case(state: .background, user: .tap, kinds: [.opened], drops: 1),
        Case(state: .background, user: .openAppIcon, kinds: [.message], drops: 0),
        Case(state: .background, user: .none, silent: true, kinds: [.received], drops: 0),
        Case(state: .background, user: .openAppIcon, silent: true, kinds: [.received], drops: 1),
        Case(state: .notRunning, user: .tap, kinds: [.opened], drops: 1),
        Case(state: .notRunning, user: .openAppIcon, kinds: [.message], drops: 0),
        Case(state: .forceQuit, user: .tap, kinds: [.opened], drops: 1),
        Case(state: .forceQuit, user: .openAppIcon, kinds: [.message], drops: 0),
    ]

    /// Each case through the model (`pushbridge simulate`) and the simulated device: the same
    /// events, one arrival at most, every drop diagnosed.
    @Test(arguments: channels, cases)
    func oneArrivalInEveryStateAndTheModelAgreesWithTheDevice(_ channel: Channel, _ row: Case) throws {
        let scenario = Self.scenario(row.state, channel.push(silent: row.silent), user: row.user)
        let model = try ScenarioSimulator.run(scenario, provider: channel.provider)
        let device = try StepSimulator.run(scenario, provider: channel.provider)
        #expect(model.events.map(\.kind) == row.kinds)
        #expect(device.events.map(\.kind) == row.kinds, "the simulated device agrees with the model")
        #expect(model.events.allSatisfy { $0.id == channel.id } && device.events.allSatisfy { $0.id == channel.id })
        for diagnostics in [model.diagnostics, device.diagnostics] {
            let dropped = diagnostics.filter { $0.code == .channelCopyDropped }
            #expect(dropped.count == row.drops)
            #expect(dropped.allSatisfy { $0.notificationID == channel.id })
        }
    }

    /// The other order, in the foreground: the APNs copy first (its willPresent), then the
    /// message on the provider's channel — one `received`, the message dropped; a tap in between
    /// is still the user's response.
    @Test(arguments: channels, [UserAction.none, .tap])
    func theCopyFirstIsOneReceived(_ channel: Channel, user: UserAction) throws {
        let message = ScenarioNotification(source: channel.source, payload: channel.message)
        let scenario = Self.scenario(.foreground, .remote(channel.copy, id: channel.id), user: user, steps: [.notification(message)])
        let result = try StepSimulator.run(scenario, provider: channel.provider)
        #expect(result.events.map(\.kind) == (user == .tap ? [.received, .opened] : [.received]))
        #expect(result.events.allSatisfy { $0.id == channel.id })
        #expect(result.diagnostics.filter { $0.code == .channelCopyDropped }.map(\.notificationID) == [channel.id])
    }

    /// The message, then its copy, then the same message again (a redelivery on the provider's
    /// own channel): still one arrival.
    @Test(arguments: channels)
    func aRedeliveredMessageAfterItsCopyIsStillOneArrival(_ channel: Channel) throws {
        let message = ScenarioNotification(source: channel.source, payload: channel.message)
        let scenario = Self.scenario(.foreground, message, steps: [.notification(.remote(channel.copy, id: channel.id)), .notification(message)])
        let result = try StepSimulator.run(scenario, provider: channel.provider)
        #expect(result.events.map(\.kind) == [.message])
        #expect(result.diagnostics.filter { $0.code == .channelCopyDropped }.count == 1, "the copy is diagnosed; a redelivery is not a copy")
    }

    /// Two different pushes are two arrivals: the rule names a delivery by its message ID, not by
    /// its channel or content.
    @Test(arguments: channels)
    func twoPushesAreTwoArrivals(_ channel: Channel) throws {
        var other = channel.copy
        other[channel.source == .jpushCustomMessage ? "_j_msgid" : "_gmid_"] = channel.source == .jpushCustomMessage ? 2004 : "t2:m2"
        let scenario = Self.scenario(.foreground, channel.push(), steps: [.notification(.remote(other))])
        let result = try StepSimulator.run(scenario, provider: channel.provider)
        #expect(result.events.map(\.kind) == [.message, .received])
        #expect(result.diagnostics.filter { $0.code == .channelCopyDropped }.count == 1)
    }
}
