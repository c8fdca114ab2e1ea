import PushBridge
import Testing

@testable import pushbridge

/// `"lifecycle"`: `appDelegate` (the default, today's traces) or `scenes`.
@Suite struct SimulateLifecycleTests {
    static let scenes = #"""
        {"ios": "17.4", "state": "notRunning", "lifecycle": "scenes",
         "implements": ["userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:"],
         "notification": {"id": "n-7", "payload": {"aps": {"alert": "hi"}}}, "user": "tap"}
        """#

    @Test func aSceneAppsColdStartShowsTheSceneConnectionAndOneOpened() throws {
        let output = SimulateCommandTests.run(["simulate", "-"], stdin: Self.scenes)
        #expect(output.status == 0)
        let trace = try JSONValue(parsing: output.standardOutput)
        let calls = trace["calls"]?.arrayValue ?? []
        #expect(
            calls.compactMap { $0["method"]?.stringValue } == [
                "application:didFinishLaunchingWithOptions:", "scene:willConnectToSession:options:",
                "userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:",
            ])
        #expect(calls.first?["launchOptionsKey"] == .null)
        let events = trace["events"]?.arrayValue ?? []
        #expect(events.count == 1)
        #expect(events.first?["type"] == "opened")
        #expect(events.first?["origin"] == "coldStart")
        #expect(events.first?["id"] == "n-7")
    }

    @Test func theDefaultIsTheAppDelegateAndAnUnknownValueNamesTheField() {
        let appDelegate = SimulateCommandTests.run(
            ["simulate", "-"], stdin: Self.scenes.replacingOccurrences(of: #""lifecycle": "scenes","#, with: ""))
        let explicit = SimulateCommandTests.run(
            ["simulate", "-"], stdin: Self.scenes.replacingOccurrences(of: #""lifecycle": "scenes""#, with: #""lifecycle": "appDelegate""#))
        #expect(appDelegate.standardOutput == explicit.standardOutput)
        #expect(
            appDelegate.standardOutput.contains("UIApplicationLaunchOptionsRemoteNotificationKey")
                || appDelegate.standardOutput.contains("remoteNotification"))
        let bad = SimulateCommandTests.run(
            ["simulate", "-"], stdin: Self.scenes.replacingOccurrences(of: #""lifecycle": "scenes""#, with: #""lifecycle": "swiftUI""#))
        #expect(bad.status == 2)
        #expect(bad.standardError.contains("lifecycle"))
    }
}

/// `simulate --push-type`: a push that never reaches the notification delegates.
@Suite struct SimulatePushTypeTests {
    @Test func aVoIPPushReachesNoDelegateAndTheTraceSaysWhere() throws {
        let scenario =
            #"{"ios": "17.0", "state": "foreground", "implements": ["userNotificationCenter:willPresentNotification:withCompletionHandler:"], "notification": {"source": "remote", "payload": {"aps": {"alert": "Call"}}}}"#
        let output = CommandLineTool(io: .memory(stdin: Array(scenario.utf8))).run(["simulate", "--push-type", "voip", "-"])
        #expect(output.status == 0)
        let trace = try JSONParser.parse(output.standardOutput)
        #expect(trace["pushType"] == "voip")
        #expect(trace["handledBy"]?.stringValue?.hasPrefix("PushKit") == true)
        #expect(trace["calls"] == .array([]))
        let plain = CommandLineTool(io: .memory(stdin: Array(scenario.utf8))).run(["simulate", "-"])
        #expect(try JSONParser.parse(plain.standardOutput)["pushType"] == nil, "without the option the trace is unchanged")
        #expect(CommandLineTool(io: .memory(stdin: Array(scenario.utf8))).run(["simulate", "--push-type", "fax", "-"]).status == 2)
    }
}
