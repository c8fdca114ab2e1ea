import PushBridge
import Testing

@testable import pushbridge

/// `pushbridge simulate` with the iOS 13–26 fields: a scenario with `steps` prints
/// `notifications` and each call's `step`; the new trace fields (`lostResponse`,
/// `serviceExtension`, `diagnostics`) appear only when used; bad steps exit 2 naming the step.
@Suite struct SimulateStepsCommandTests {
    static let modern = SimulateCommandTests.modern

    static func scenario(_ fields: String, state: String = "background") -> String {
        #"""
        {"ios": "17.4", "state": "\#(state)", "implements": \#(modern),
         "notification": {"id": "n-1", "payload": {"aps": {"alert": "First"}, "k": 1}}, \#(fields)}
        """#
    }

    static let killThenTap = scenario(#""steps": [{"app": "forceQuit"}, {"user": "tap", "on": "n-1"}]"#)

    static func trace(_ arguments: [String], _ scenario: String) throws -> JSONValue {
        let output = SimulateCommandTests.run(arguments, stdin: scenario)
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardError.isEmpty)
        return try JSONValue(parsing: output.standardOutput)
    }

    @Test func aScenarioWithStepsPrintsNotificationsAndTheStepOfEachCall() throws {
        let trace = try Self.trace(["simulate"], Self.killThenTap)
        #expect(
            trace
                == (try JSONValue(
                    parsing: #"""
                        {"display": "banner",
                         "calls": [
                           {"phase": "action", "method": "application:didFinishLaunchingWithOptions:", "state": "inactive",
                            "launchOptionsKey": "remoteNotification", "step": 2},
                           {"phase": "action", "method": "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:",
                            "state": "inactive", "action": "com.apple.UNNotificationDefaultActionIdentifier", "step": 2}],
                         "events": [{"type": "opened", "origin": "coldStart", "action": "default", "id": "n-1"}],
                         "notifications": [{"id": "n-1", "display": "banner"}]}
                        """#)))
    }

    @Test func everyCallHasTheStepThatCausedIt() throws {
        let trace = try Self.trace(
            ["simulate"],
            Self.scenario(
                #"""
                "presentation": ["banner"], "user": "tap",
                "steps": [{"notification": {"id": "n-2", "payload": {"aps": {"alert": "Second"}}}},
                          {"app": "background"},
                          {"notification": {"id": "n-3", "payload": {"aps": {"alert": "Third", "content-available": 1}}}},
                          {"user": "tap", "on": "n-3"}]
                """#))
        let calls = trace["calls"]?.arrayValue ?? []
        #expect(calls.allSatisfy { $0["step"]?.integerValue != nil }, "every call has its step")
        // 0: the tap on n-1 (5, the app then on screen); 1: n-2 in the foreground (4); 3: n-3 in
        // the background (3); 4: the tap on n-3 (5).
        #expect(calls.map { $0["step"] } == [.integer(0), .integer(1), .integer(3), .integer(4)])
        #expect(
            calls.compactMap { $0["method"]?.stringValue } == [
                "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:",
                "userNotificationCenter:willPresentNotification:withCompletionHandler:",
                "application:didReceiveRemoteNotification:fetchCompletionHandler:",
                "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:",
            ])
        #expect(
            trace["notifications"] == [
                ["id": "n-1", "display": "banner"], ["id": "n-2", "display": "banner"], ["id": "n-3", "display": "banner"],
            ])
        let events = trace["events"]?.arrayValue ?? []
        #expect(events.map { $0["id"] } == ["n-1", "n-2", "n-3", "n-3"])
        #expect(events.map { $0["type"] } == ["opened", "received", "received", "opened"])
        #expect(trace["actionDelivered"] == true)
    }

    @Test func withoutStepsTheTraceHasNeitherNotificationsNorSteps() throws {
        let trace = try Self.trace(["simulate"], Self.scenario(#""user": "tap""#, state: "forceQuit"))
        #expect(trace["notifications"] == nil)
        #expect(trace["calls"]?.arrayValue?.allSatisfy { $0["step"] == nil } == true)
        #expect(trace["lostResponse"] == nil)
        #expect(trace["serviceExtension"] == nil)
        #expect(trace["diagnostics"] == nil)
        // An empty list of steps is no steps.
        #expect(try Self.trace(["simulate"], Self.scenario(#""user": "tap", "steps": []"#, state: "forceQuit")) == trace)
    }

    @Test(arguments: ["jpush", "getui"])
    func everyProviderGivesTheSameEventsAndNotifications(provider: String) throws {
        let apns = try Self.trace(["simulate"], Self.killThenTap)
        let other = try Self.trace(["simulate", "--provider", provider], Self.killThenTap)
        #expect(other["events"] == apns["events"])
        #expect(other["notifications"] == apns["notifications"])
        #expect(other["calls"]?.arrayValue?.map { $0["step"] } == apns["calls"]?.arrayValue?.map { $0["step"] })
    }

    @Test func aHeldPushIsHandedOverAtTheStepThatOpensTheApp() throws {
        let held = #"""
            {"ios": "17.4", "state": "background", "implements": \#(Self.modern), "backgroundAppRefresh": false,
             "notification": {"id": "h-1", "payload": {"aps": {"content-available": 1}, "sync": 1}},
             "steps": [{"app": "foreground"}, {"app": "background"}, {"app": "foreground"}]}
            """#
        let trace = try Self.trace(["simulate"], held)
        #expect(
            trace["calls"] == [
                [
                    "phase": "action", "method": "application:didReceiveRemoteNotification:fetchCompletionHandler:", "state": "active", "step": 1,
                ]
            ])
        #expect(trace["events"] == [["type": "received", "origin": "foreground", "id": "h-1"]])
        #expect(trace["notifications"] == [["id": "h-1", "display": "none"]])
    }

    @Test func aLostResponseIsNamedWithItsDiagnostic() throws {
        let trace = try Self.trace(
            ["simulate"],
            Self.scenario(
                #""centerDelegate": "afterLaunch", "user": {"action": "reply", "foreground": true}"#, state: "notRunning"))
        #expect(trace["actionDelivered"] == false)
        #expect(trace["lostResponse"] == "centerDelegateSetAfterLaunch")
        #expect(trace["events"] == [])
        #expect(trace["diagnostics"]?.arrayValue?.map { $0["code"] } == ["launchedBeforeCenterDelegate"])
        // On the device too, when the scenario has steps.
        let steps = try Self.trace(
            ["simulate"],
            Self.scenario(
                #""centerDelegate": "none", "steps": [{"app": "forceQuit"}, {"user": {"action": "reply", "foreground": true}}]"#))
        #expect(steps["events"] == [])
        #expect(steps["diagnostics"]?.arrayValue?.map { $0["code"] } == ["launchedBeforeCenterDelegate"])
        #expect(steps["calls"]?.arrayValue?.map { $0["launchOptionsKey"] } == [.null])
    }

    @Test func theServiceExtensionIsInTheTraceWhenTheScenarioHasOne() throws {
        let filtered = #"""
            {"ios": "17.4", "state": "background", "implements": \#(Self.modern), "serviceExtension": "filters", "user": "tap",
             "notification": {"id": "f-1", "payload": {"aps": {"alert": "spam", "mutable-content": 1}}}}
            """#
        let trace = try Self.trace(["simulate"], filtered)
        #expect(trace["serviceExtension"] == "filtered")
        #expect(trace["display"] == "none")
        #expect(trace["actionDelivered"] == false)
        #expect(trace["calls"] == [])
        #expect(trace["events"] == [])
    }

    @Test func typedTextIsInTheOpenedEvent() throws {
        let trace = try Self.trace(["simulate"], Self.scenario(#""user": {"action": "reply", "text": "See you at 8"}"#))
        #expect(trace["events"] == [["type": "opened", "origin": "background", "action": "reply", "textInput": "See you at 8", "id": "n-1"]])
    }

    // MARK: Errors

    @Test(arguments: [
        (#""steps": [{"app": "foreground"}, {"user": "swipe"}]"#, "steps[1].user"),
        (#""steps": [{"app": "foreground", "user": "tap"}]"#, "steps[0]"),
        (#""steps": [{"app": "foreground"}, {}]"#, "steps[1]"),
        (#""disputed": {"method2InBackground": "yes"}"#, "disputed.method2InBackground"),
        (#""lowPowerMode": 1"#, "lowPowerMode"),
        (#""steps": [{"app": "foreground"}, {"notification": {"id": "n-2", "payload": {"aps": {}}}}, {"user": "tap", "on": "n-9"}]"#, "steps[2].on"),
    ])
    func badStepsExitTwoWithOneLineNamingTheField(fields: String, field: String) {
        let output = SimulateCommandTests.run(["simulate"], stdin: Self.scenario(fields))
        #expect(output.status == 2)
        #expect(output.standardOutput.isEmpty)
        #expect(output.standardError.hasPrefix("error: \(field): "), "\(output.standardError)")
        #expect(output.standardError.filter { $0 == "\n" }.count == 1)
    }

    @Test func theTextFormatOfAScenarioWithStepsIsForPeople() {
        let output = SimulateCommandTests.run(["simulate", "--format", "text"], stdin: Self.killThenTap)
        #expect(output.status == 0)
        // docs/spec/cli-contract.md: "`--format text` prints the same trace for people".
        #expect((try? JSONValue(parsing: output.standardOutput)) == nil)
        #expect(output.standardOutput.contains("notifications:"))
        #expect(output.standardOutput.contains("step 2"))
        #expect(output.standardOutput.contains("events:"))
    }
}
