import PushBridge
import Testing

@testable import pushbridge

/// `pushbridge simulate`'s fields for the request's headers, the background budget and system UI
/// over the app (`apnsPriority`, `silentPushesLastHour`, `overlay`, `disputed.pushTypeMismatch`,
/// `disputed.silentPushBudget`, `disputed.backgroundBadgeOrSound`): malformed values exit 2 with one line naming the field, and the
/// trace says what APNs or iOS did (`delivery`) only when it applies.
@Suite struct SimulateHeadersAndOverlayTests {
    static let silent =
        #""implements": ["application:didReceiveRemoteNotification:fetchCompletionHandler:"], "notification": {"id": "s", "payload": {"aps": {"content-available": 1}}}"#

    static let malformed: [(scenario: String, field: String)] = [
        (#"{"ios": "17", "state": "background", "overlay": "dock", \#(silent)}"#, "overlay"),
        (#"{"ios": "17", "state": "notRunning", "overlay": "notificationCenter", \#(silent)}"#, "overlay"),
        (#"{"ios": "17", "state": "background", "apnsPriority": 7, \#(silent)}"#, "apnsPriority"),
        (#"{"ios": "17", "state": "background", "apnsPriority": "10", \#(silent)}"#, "apnsPriority"),
        (#"{"ios": "17", "state": "background", "silentPushesLastHour": -1, \#(silent)}"#, "silentPushesLastHour"),
        (#"{"ios": "17", "state": "background", "silentPushesLastHour": 1.5, \#(silent)}"#, "silentPushesLastHour"),
        (#"{"ios": "17", "state": "background", "disputed": {"pushTypeMismatch": "later"}, \#(silent)}"#, "disputed.pushTypeMismatch"),
        (#"{"ios": "17", "state": "background", "disputed": {"silentPushBudget": -2}, \#(silent)}"#, "disputed.silentPushBudget"),
        (#"{"ios": "17", "state": "background", "disputed": {"backgroundBadgeOrSound": "shown"}, \#(silent)}"#, "disputed.backgroundBadgeOrSound"),
        (#"{"ios": "17", "state": "background", "deviceLock": true, \#(silent)}"#, "deviceLock"),
        (#"{"ios": "17", "state": "background", "communication": "yes", \#(silent)}"#, "communication"),
        (#"{"ios": "17", "state": "background", "contentExtension": "forward", \#(silent)}"#, "contentExtension"),
        (#"{"ios": "17", "state": "background", "focusAllowsSender": 1, \#(silent)}"#, "focusAllowsSender"),
        (#"{"ios": "13.7", "state": "background", "authorization": "ephemeral", \#(silent)}"#, "authorization"),
        (#"{"ios": "17", "state": "background", "deviceLock": "asleep", \#(silent)}"#, "deviceLock"),
        (#"{"ios": "17", "state": "background", "actionOptions": ["authenticationRequired", "loud"], \#(silent)}"#, "actionOptions[1]"),
    ]

    @Test func malformedValuesExitTwoWithOneLineNamingTheField() {
        SimulateCommandTests.expectEachExitsTwoNamingItsField(Self.malformed)
    }

    @Test func aMismatchedPushTypeIsDroppedAndSaysSo() throws {
        let output = SimulateCommandTests.run(["simulate"], stdin: #"{"ios": "13.1", "state": "background", "pushType": "alert", \#(Self.silent)}"#)
        #expect(output.status == 0)
        let trace = try JSONValue(parsing: output.standardOutput)
        #expect(trace["delivery"] == "droppedPushTypeMismatch")
        #expect(trace["calls"] == .array([]))
        // The same push sent as what it is reaches method 3, and the trace has no `delivery`.
        let matched = try JSONValue(
            parsing: SimulateCommandTests.run(
                ["simulate"], stdin: #"{"ios": "13.1", "state": "background", "pushType": "background", \#(Self.silent)}"#
            ).standardOutput)
        #expect(matched["delivery"] == nil)
        #expect(matched["calls"]?.arrayValue?.count == 1)
    }

    @Test func aBackgroundPushWithABadgeWakesTheAppUnlessTheKnobDropsIt() throws {
        let badged =
            #""implements": ["application:didReceiveRemoteNotification:fetchCompletionHandler:"], "notification": {"id": "b", "payload": {"aps": {"content-available": 1, "badge": 2}}}"#
        let delivered = try JSONValue(
            parsing: SimulateCommandTests.run(
                ["simulate"], stdin: #"{"ios": "14.0", "state": "background", "pushType": "background", \#(badged)}"#
            ).standardOutput)
        #expect(delivered["delivery"] == nil)
        #expect(delivered["calls"]?.arrayValue?.compactMap { $0["method"] } == ["application:didReceiveRemoteNotification:fetchCompletionHandler:"])
        let dropped = try JSONValue(
            parsing: SimulateCommandTests.run(
                ["simulate"],
                stdin:
                    #"{"ios": "14.0", "state": "background", "pushType": "background", "disputed": {"backgroundBadgeOrSound": "dropped"}, \#(badged)}"#
            ).standardOutput)
        #expect(dropped["delivery"] == "droppedPushTypeMismatch")
        #expect(dropped["calls"] == .array([]))
    }

    @Test func theSimulateHelpListsTheNewFields() {
        let help = SimulateCommandTests.run(["simulate", "--help"], stdin: "").standardOutput
        for field in [
            "overlay", "apnsPriority", "silentPushesLastHour", "deviceLock", "actionOptions", "communication", "focusAllowsSender",
            "contentExtension", "pushTypeMismatch", "silentPushBudget", "backgroundBadgeOrSound",
        ] {
            #expect(help.contains(field), "\(field)")
        }
    }
}
