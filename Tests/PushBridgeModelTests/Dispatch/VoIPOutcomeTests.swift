import PushBridge
import PushBridgeModel
import PushBridgeValidation
import Testing

/// A VoIP push reaches PushKit, never the notification delegates; from iOS 13 the app must report
/// a call to CallKit, or the system terminates it.
@Suite struct VoIPOutcomeTests {
    static func scenario(_ ios: IOSVersion, reportsCall: Bool, pushType: PayloadValidator.PushType = .voip) -> DispatchScenario {
        DispatchScenario(
            ios: ios, state: .background, implements: [.didReceiveRemoteNotificationFetch, .willPresent, .didReceiveResponse],
            notification: .remote(["aps": [:], "caller": "Ada"]), pushType: pushType, reportsCall: reportsCall)
    }

    @Test(arguments: [
        (IOSVersion(17), true, VoIPOutcome.callReported), (IOSVersion(17), false, .appTerminated),
        (IOSVersion(13), false, .appTerminated), (IOSVersion(12, 4), false, .notRequired), (IOSVersion(12, 4), true, .callReported),
    ])
    func theOutcomeFollowsTheReportAndTheVersion(ios: IOSVersion, reportsCall: Bool, outcome: VoIPOutcome) throws {
        let trace = DispatchModel.trace(for: Self.scenario(ios, reportsCall: reportsCall))
        #expect(trace.voip == outcome)
        #expect(trace.calls.isEmpty)
        #expect(trace.display == .none)
        let result = try ScenarioSimulator.run(Self.scenario(ios, reportsCall: reportsCall))
        #expect(result.jsonValue["voip"] == .string(outcome.rawValue))
        #expect(result.events.isEmpty)
    }

    @Test func otherPushTypesHaveNoVoIPOutcome() throws {
        let live = DispatchModel.trace(for: Self.scenario(IOSVersion(17), reportsCall: false, pushType: .liveactivity))
        #expect(live.voip == nil)
        let json = try ScenarioSimulator.run(Self.scenario(IOSVersion(17), reportsCall: true, pushType: .liveactivity)).jsonValue
        #expect(json["voip"] == nil)
    }

    @Test func reportsCallIsReadAndNamedWhenWrong() throws {
        let base = #"{"ios": "17.0", "state": "background", "pushType": "voip", "notification": {"payload": {"aps": {}}}"#
        #expect(try DispatchScenario(json: JSONValue(parsing: base + "}")).reportsCall)
        #expect(try !DispatchScenario(json: JSONValue(parsing: base + #", "reportsCall": false}"#)).reportsCall)
        #expect(throws: PushError.self) { try DispatchScenario(json: JSONValue(parsing: base + #", "reportsCall": "no"}"#)) }
        let json = try JSONValue(parsing: base + #", "reportsCall": 0}"#)
        do {
            _ = try DispatchScenario(json: json)
            Issue.record("accepted reportsCall: 0")
        } catch {
            #expect(error.field == "reportsCall")
        }
    }
}
