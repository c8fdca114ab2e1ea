import PushBridge
import PushBridgeJPush
import PushBridgeTesting
import Testing

/// The connection and the registration ID: states published when they change, the ID after
/// login (from `registrationID`, else `registrationIDCompletionHandler:`), masked everywhere.
@Suite struct JPushIdentityTests {
    /// One sequence of network notifications and the connection states it publishes.
    struct ConnectionCase: Sendable, CustomTestStringConvertible {
        var notifications: [JPushNetworkNotification]
        var states: [PushEvent.ConnectionState]
        var testDescription: String { notifications.map(\.rawValue).joined(separator: ", ") }
    }

    static let connections: [ConnectionCase] = [
        ConnectionCase(notifications: [.isConnecting], states: [.connecting]),
        ConnectionCase(notifications: [.didSetup], states: [.connecting]),
        ConnectionCase(notifications: [.isConnecting, .didSetup, .didRegister, .didLogin], states: [.connecting, .online]),
        ConnectionCase(notifications: [.didLogin, .didClose], states: [.online, .offline]),
        ConnectionCase(notifications: [.didClose, .didClose], states: [.offline]),
        ConnectionCase(
            notifications: [.isConnecting, .didLogin, .didClose, .isConnecting, .didSetup, .didLogin],
            states: [.connecting, .online, .offline, .connecting, .online]),
    ]

    @Test(arguments: connections)
    func connectionStatesArePublishedWhenTheyChange(_ row: ConnectionCase) {
        let harness = JPushHarness()
        for name in row.notifications { harness.bridge.trigger(.network(name)) }
        let states = harness.events.compactMap { event -> PushEvent.ConnectionState? in
            guard case .providerState(let change) = event else { return nil }
            #expect(change.provider == .jpush)
            return change.state
        }
        #expect(states == row.states)
    }

    @Test func theRegistrationIDArrivesAfterLoginOnceAndMasked() throws {
        let harness = JPushHarness()
        harness.bridge.trigger(.network(.didRegister))
        #expect(harness.events.isEmpty)
        harness.bridge.trigger(.network(.didLogin))
        harness.bridge.trigger(.network(.didClose))
        harness.bridge.trigger(.network(.didLogin))  // a reconnection: the same ID is not news
        let events = harness.events
        #expect(events.map(\.kind) == [.providerState, .registered, .providerState, .providerState])
        let registration = try #require(
            events.compactMap { event -> PushEvent.Registration? in
                if case .registered(let registration) = event { registration } else { nil }
            }.first)
        #expect(registration.provider == .jpush)
        #expect(registration.identifier.revealed == JPushHarness.registrationID, "the app can still read it on purpose")
        #expect(!harness.bridge.calls.contains(.registrationIDCompletionHandler), "registrationID was ready")
    }

    @Test func aNewRegistrationIDIsPublishedAgain() {
        let harness = JPushHarness()
        harness.bridge.trigger(.network(.didLogin))
        harness.bridge.registrationID = "1a0018970a1b2c3d4e6"
        harness.bridge.trigger(.network(.didLogin))
        let ids = harness.events.compactMap { event -> String? in
            if case .registered(let registration) = event { registration.identifier.revealed } else { nil }
        }
        #expect(ids == [JPushHarness.registrationID, "1a0018970a1b2c3d4e6"])
    }

    /// What `registrationID` and `registrationIDCompletionHandler:` give after login, and what is
    /// published.
    struct LoginCase: Sendable, CustomTestStringConvertible {
        var name: String
        var property: String?
        var answer: (resCode: Int, registrationID: String?)
        var askedTheHandler: Bool
        var published: [PushEvent.Kind]
        var testDescription: String { name }
    }

    static let logins: [LoginCase] = [
        LoginCase(
            name: "registrationID ready", property: "1a0018970a1b2c3d4e5", answer: (0, "unused"), askedTheHandler: false,
            published: [.providerState, .registered]),
        LoginCase(
            name: "registrationID nil, the handler has it", property: nil, answer: (0, "1a0018970a1b2c3d4e5"), askedTheHandler: true,
            published: [.providerState, .registered]),
        LoginCase(
            name: "registrationID empty, the handler has it", property: "", answer: (0, "1a0018970a1b2c3d4e5"), askedTheHandler: true,
            published: [.providerState, .registered]),
        LoginCase(
            name: "the simulator: 1011 and nil", property: nil, answer: (1011, nil), askedTheHandler: true,
            published: [.providerState, .registrationFailed]),
        LoginCase(
            name: "resCode 0 but no ID", property: nil, answer: (0, ""), askedTheHandler: true, published: [.providerState, .registrationFailed]),
        LoginCase(
            name: "an ID with a failure code", property: nil, answer: (1005, "1a0018970a1b2c3d4e5"), askedTheHandler: true,
            published: [.providerState, .registrationFailed]),
    ]

    @Test(arguments: logins)
    func loginReadsTheRegistrationID(_ row: LoginCase) throws {
        let harness = JPushHarness(registrationID: row.property)
        harness.bridge.registrationIDAnswer = row.answer
        harness.bridge.trigger(.network(.didLogin))
        #expect(harness.events.map(\.kind) == row.published)
        #expect(harness.bridge.calls.contains(.registrationIDCompletionHandler) == row.askedTheHandler)
        if case .registrationFailed(let failure)? = harness.events.last {
            #expect(failure.provider == .jpush)
            #expect(failure.error.field == "registrationID")
            #expect(failure.error.message.contains("\(row.answer.resCode)"))
            #expect(!"\(failure)".contains("1a0018970a1b2c3d4e5"))
        }
    }

    @Test(arguments: [JPushNetworkNotification.failedRegister, .serviceError])
    func failuresAreRegistrationFailuresNamingTheNotification(name: JPushNetworkNotification) throws {
        let harness = JPushHarness()
        harness.bridge.trigger(.network(name, userInfo: ["error": "appKey does not exist"]))
        guard case .registrationFailed(let failure)? = harness.events.first else {
            Issue.record("\(harness.events)")
            return
        }
        #expect(failure.error.code == .providerFailure)
        #expect(failure.error.message.contains(name.rawValue))
    }

    @Test func theRegistrationIDNeverAppearsInADescription() throws {
        let id = JPushHarness.registrationID
        let harness = JPushHarness()
        harness.bridge.trigger(.network(.didLogin))
        harness.bridge.registrationID = nil
        harness.bridge.registrationIDAnswer = (1011, nil)
        harness.bridge.trigger(.network(.didClose))
        harness.bridge.trigger(.network(.didLogin))
        let events = harness.events
        #expect(events.map(\.kind) == [.providerState, .registered, .providerState, .providerState, .registrationFailed])
        var printed = ""
        dump(events, to: &printed)
        dump(harness.entries, to: &printed)
        dump(harness.provider, to: &printed)
        dump(harness.bridge, to: &printed)
        printed += "\(events) \(String(reflecting: events)) \(harness.bridge.calls)"
        for event in events {
            printed += "\(event)"
            if case .registered(let registration) = event {
                printed += "\(registration) \(registration.identifier) \(String(reflecting: registration))"
            }
            if case .registrationFailed(let failure) = event { printed += "\(failure.error) \(failure.error.message)" }
        }
        #expect(!printed.contains(id), "\(printed)")
        #expect(printed.contains(SecretText.mask(id)))
    }
}
