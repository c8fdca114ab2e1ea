import PushBridge
import PushBridgeModel
import PushBridgeTesting
import Testing

/// The iOS 13–26 scenario fields from JSON (`docs/spec/cli-contract.md`, `ScenarioFormat.md`): each is
/// read, each default is the typical device's, and each wrong type, unknown value or unknown key
/// is an error naming its field.
@Suite struct ModernScenarioDecodingTests {
    static func decode(_ text: String) throws -> DispatchScenario {
        try DispatchScenario(json: JSONValue(parsing: text))
    }

    /// Decodes and runs a scenario as `pushbridge simulate` does: on the simulated device when it
    /// has steps.
    static func decodeAndRun(_ text: String) throws {
        let scenario = try decode(text)
        if scenario.steps.isEmpty {
            _ = try ScenarioSimulator.run(scenario)
        } else {
            _ = try StepSimulator.run(scenario)
        }
    }

    static let aps = #""notification": {"id": "n-1", "payload": {"aps": {"alert": "x"}}}"#
    static func scenario(_ fields: String) -> String {
        #"{"ios": "17.2", "state": "background", \#(aps), \#(fields)}"#
    }

    // MARK: Reading

    @Test func absentNewFieldsAreTheTypicalDeviceAndTheDocumentedReadings() throws {
        let scenario = try Self.decode(#"{"ios": "17.2", "state": "background", \#(Self.aps)}"#)
        #expect(scenario.settings == .typical)
        #expect(scenario.settings.authorization == .authorized)
        #expect(scenario.settings.backgroundAppRefresh)
        #expect(!scenario.settings.lowPowerMode)
        #expect(!scenario.settings.focus)
        #expect(!scenario.settings.scheduledSummary)
        #expect(scenario.settings.timeSensitiveAllowed)
        #expect(scenario.serviceExtension == .none)
        #expect(scenario.disputed == .documented)
        #expect(scenario.steps.isEmpty)
    }

    @Test func everyNewFieldAtItsExplicitDefaultIsTheSameScenarioAndTrace() throws {
        let bare = try Self.decode(Self.scenario(#""user": "tap""#))
        let explicit = try Self.decode(
            Self.scenario(
                #"""
                "user": "tap", "authorization": "authorized", "backgroundAppRefresh": true, "lowPowerMode": false, "focus": false,
                "scheduledSummary": false, "timeSensitiveAllowed": true, "serviceExtension": "none",
                "disputed": {"silentPushWakesForceQuitApp": false, "foregroundDisplayWithoutDelegate": "none", "method2InBackground": false},
                "steps": []
                """#))
        #expect(bare == explicit)
        #expect(DispatchModel.trace(for: bare) == DispatchModel.trace(for: explicit))
        // An empty disputed object is every documented default too.
        #expect(try Self.decode(Self.scenario(#""user": "tap", "disputed": {}"#)) == bare)
        // And the simulation prints the same thing.
        #expect(try ScenarioSimulator.run(bare).jsonValue == ScenarioSimulator.run(explicit).jsonValue)
    }

    @Test func everyNewFieldIsRead() throws {
        let scenario = try Self.decode(
            #"""
            {"ios": "16.4", "state": "forceQuit", \#(Self.aps),
             "authorization": "provisional", "backgroundAppRefresh": false, "lowPowerMode": true, "focus": true,
             "scheduledSummary": true, "timeSensitiveAllowed": false, "serviceExtension": "timesOut",
             "disputed": {"silentPushWakesForceQuitApp": true, "foregroundDisplayWithoutDelegate": "asSent", "method2InBackground": true},
             "user": {"action": "reply", "foreground": true, "text": "See you"},
             "steps": [{"app": "background"}, {"notification": {"id": "n-2", "source": "local", "payload": {"aps": {"alert": "y"}}}},
                       {"user": "clearGroup", "on": "n-2"}, {"user": {"action": "like"}}, {"app": "forceQuit"}, {"app": "notRunning"},
                       {"app": "foreground"}, {"user": "openAppIcon"}]}
            """#)
        #expect(
            scenario.settings
                == DeviceSettings(
                    authorization: .provisional, backgroundAppRefresh: false, lowPowerMode: true, focus: true, scheduledSummary: true,
                    timeSensitiveAllowed: false))
        #expect(scenario.serviceExtension == .timesOut)
        #expect(
            scenario.disputed
                == DisputedBehaviours(
                    silentPushWakesForceQuitApp: true, foregroundDisplayWithoutDelegate: .asSent, method2InBackground: true))
        #expect(scenario.user == .textInput(id: "reply", foreground: true, text: "See you"))
        #expect(
            scenario.steps == [
                .app(.background), .notification(.local(["aps": ["alert": "y"]], id: "n-2")), .user(.clearGroup, on: "n-2"),
                .user(.action(id: "like", foreground: false), on: nil), .app(.forceQuit), .app(.notRunning), .app(.foreground),
                .user(.openAppIcon, on: nil),
            ])
    }

    @Test(arguments: NotificationAuthorization.allCases)
    func everyAuthorizationIsRead(authorization: NotificationAuthorization) throws {
        #expect(try Self.decode(Self.scenario(#""authorization": "\#(authorization.rawValue)""#)).settings.authorization == authorization)
    }

    @Test(arguments: ServiceExtensionOutcome.allCases)
    func everyServiceExtensionOutcomeIsRead(outcome: ServiceExtensionOutcome) throws {
        #expect(try Self.decode(Self.scenario(#""serviceExtension": "\#(outcome.rawValue)""#)).serviceExtension == outcome)
    }

    @Test(arguments: ForegroundDisplayWithoutDelegate.allCases)
    func everyForegroundDisplayReadingIsRead(reading: ForegroundDisplayWithoutDelegate) throws {
        let scenario = try Self.decode(Self.scenario(#""disputed": {"foregroundDisplayWithoutDelegate": "\#(reading.rawValue)"}"#))
        #expect(scenario.disputed == DisputedBehaviours(foregroundDisplayWithoutDelegate: reading))
    }

    @Test(arguments: ["backgroundAppRefresh", "lowPowerMode", "focus", "scheduledSummary", "timeSensitiveAllowed"], [false, true])
    func everySettingsSwitchIsRead(field: String, value: Bool) throws {
        let settings = try Self.decode(Self.scenario(#""\#(field)": \#(value)"#)).settings
        let read: Bool =
            switch field {
            case "backgroundAppRefresh": settings.backgroundAppRefresh
            case "lowPowerMode": settings.lowPowerMode
            case "focus": settings.focus
            case "scheduledSummary": settings.scheduledSummary
            default: settings.timeSensitiveAllowed
            }
        #expect(read == value)
        // Nothing else changed.
        var others = settings
        others.backgroundAppRefresh = true
        others.lowPowerMode = false
        others.focus = false
        others.scheduledSummary = false
        others.timeSensitiveAllowed = true
        #expect(others == .typical)
    }

    @Test(arguments: ["silentPushWakesForceQuitApp", "method2InBackground"], [false, true])
    func everyDisputedSwitchIsRead(field: String, value: Bool) throws {
        let disputed = try Self.decode(Self.scenario(#""disputed": {"\#(field)": \#(value)}"#)).disputed
        let read = field == "method2InBackground" ? disputed.method2InBackground : disputed.silentPushWakesForceQuitApp
        #expect(read == value)
        #expect(disputed.foregroundDisplayWithoutDelegate == .none)
        #expect((field == "method2InBackground" ? disputed.silentPushWakesForceQuitApp : disputed.method2InBackground) == false)
    }

    @Test(arguments: BackgroundBadgeOrSoundOutcome.allCases)
    func theBackgroundBadgeOrSoundKnobIsRead(value: BackgroundBadgeOrSoundOutcome) throws {
        let disputed = try Self.decode(Self.scenario(#""disputed": {"backgroundBadgeOrSound": "\#(value.rawValue)"}"#)).disputed
        #expect(disputed.backgroundBadgeOrSound == value)
        #expect(disputed.pushTypeMismatch == .dropped)
        // Absent, it is the documented default: delivered (Apple Developer Forums thread 745345).
        #expect(try Self.decode(#"{"ios": "17.2", "state": "background", \#(Self.aps)}"#).disputed.backgroundBadgeOrSound == .delivered)
        #expect(DisputedBehaviours.documented.backgroundBadgeOrSound == .delivered)
    }

    @Test func aBackgroundBadgeOrSoundKnobOfTheWrongKindNamesTheField() {
        for value in [#""maybe""#, "true", "1"] {
            #expect {
                try Self.decode(Self.scenario(#""disputed": {"backgroundBadgeOrSound": \#(value)}"#))
            } throws: { error in
                (error as? PushError)?.field == "disputed.backgroundBadgeOrSound"
            }
        }
    }

    @Test func theDisputedFieldsListIsWhatTheDecoderAccepts() throws {
        #expect(
            Set(DisputedBehaviours.jsonFields) == [
                "silentPushWakesForceQuitApp", "foregroundDisplayWithoutDelegate", "method2InBackground", "pushTypeMismatch", "silentPushBudget",
                "backgroundBadgeOrSound",
            ])
        for field in [
            "authorization", "backgroundAppRefresh", "lowPowerMode", "focus", "scheduledSummary", "timeSensitiveAllowed",
            "serviceExtension", "disputed", "steps",
        ] {
            #expect(DispatchScenario.jsonFields.contains(field), "\(field)")
        }
    }

    @Test func aUserStepWithoutOnActsOnTheLastAndOnNamesOne() throws {
        let scenario = try Self.decode(Self.scenario(#""steps": [{"user": "tap"}, {"user": "dismiss", "on": "n-1"}]"#))
        #expect(scenario.steps == [.user(.tap, on: nil), .user(.dismiss, on: "n-1")])
    }

    // MARK: User actions: text input and clearing a group

    @Test(arguments: [
        UserAction.textInput(id: "reply", foreground: false, text: "On my way"),
        .textInput(id: "reply", foreground: true, text: "Ça va? 👍 \"quoted\"\nsecond line"),
        .textInput(id: "r", foreground: false, text: ""),
        .clearGroup,
        .action(id: "like", foreground: true),
    ])
    func theUserValueRoundTrips(action: UserAction) throws {
        #expect(try UserAction(json: action.jsonValue) == action)
        // Also through text, inside a scenario.
        let text = JSONWriter.string(from: action.jsonValue)
        #expect(try Self.decode(Self.scenario(#""user": \#(text)"#)).user == action)
        #expect(try Self.decode(Self.scenario(#""steps": [{"user": \#(text)}]"#)).steps == [.user(action, on: nil)])
    }

    @Test func textInputAndClearGroupHaveTheirJSONShapes() {
        #expect(UserAction.clearGroup.jsonValue == "clearGroup")
        #expect(
            UserAction.textInput(id: "reply", foreground: true, text: "hi").jsonValue
                == ["action": "reply", "foreground": true, "text": "hi"])
        // A plain action has no text key: it does not read back as a text input.
        #expect(UserAction.action(id: "reply", foreground: true).jsonValue.objectValue?["text"] == nil)
    }

    @Test func theTextIsNotInTheDescription() {
        let secret = "my PIN is 1234"
        #expect(!UserAction.textInput(id: "reply", foreground: false, text: secret).description.contains(secret))
    }

    // MARK: Errors

    static let steps3 = #""steps": [{"app": "foreground"}, {"notification": {"id": "n-2", "payload": {"aps": {"alert": "y"}}}}"#

    static let malformed: [ScenarioDecodingTests.Malformed] = [
        // Settings.
        .init("authorization unknown", scenario(#""authorization": "allowed""#), "authorization", "is not one of: authorized, provisional, denied"),
        .init("authorization not a string", scenario(#""authorization": true"#), "authorization", "expected a string"),
        .init(
            "provisional on iOS 11", #"{"ios": "11.4", "state": "background", \#(aps), "authorization": "provisional"}"#, "authorization", "iOS 12"),
        .init("backgroundAppRefresh a string", scenario(#""backgroundAppRefresh": "off""#), "backgroundAppRefresh", "expected true or false"),
        .init("backgroundAppRefresh a number", scenario(#""backgroundAppRefresh": 0"#), "backgroundAppRefresh", "expected true or false"),
        .init("lowPowerMode a string", scenario(#""lowPowerMode": "true""#), "lowPowerMode", "expected true or false"),
        .init("lowPowerMode null", scenario(#""lowPowerMode": null"#), "lowPowerMode", "expected true or false"),
        .init("focus a number", scenario(#""focus": 1"#), "focus", "expected true or false"),
        .init("scheduledSummary an object", scenario(#""scheduledSummary": {}"#), "scheduledSummary", "expected true or false"),
        .init("timeSensitiveAllowed a string", scenario(#""timeSensitiveAllowed": "yes""#), "timeSensitiveAllowed", "expected true or false"),
        .init("a misspelt settings key", scenario(#""lowPowerMod": true"#), "lowPowerMod", "unknown field"),
        .init("a settings object is not the format", scenario(#""settings": {"focus": true}"#), "settings", "unknown field"),
        // The service extension.
        .init("serviceExtension unknown", scenario(#""serviceExtension": "drops""#), "serviceExtension", "is not one of: none, modifies"),
        .init("serviceExtension a bool", scenario(#""serviceExtension": true"#), "serviceExtension", "expected a string"),
        // Disputed.
        .init("disputed not an object", scenario(#""disputed": true"#), "disputed", "expected an object"),
        .init("disputed an array", scenario(#""disputed": ["method2InBackground"]"#), "disputed", "expected an object"),
        .init("disputed unknown key", scenario(#""disputed": {"method2": true}"#), "disputed.method2", "unknown field"),
        .init(
            "disputed.silentPushWakesForceQuitApp a string", scenario(#""disputed": {"silentPushWakesForceQuitApp": "yes"}"#),
            "disputed.silentPushWakesForceQuitApp", "expected true or false"),
        .init(
            "disputed.foregroundDisplayWithoutDelegate unknown", scenario(#""disputed": {"foregroundDisplayWithoutDelegate": "banner"}"#),
            "disputed.foregroundDisplayWithoutDelegate", "is not one of: none, asSent"),
        .init(
            "disputed.foregroundDisplayWithoutDelegate a bool", scenario(#""disputed": {"foregroundDisplayWithoutDelegate": false}"#),
            "disputed.foregroundDisplayWithoutDelegate", "expected a string"),
        .init(
            "disputed.method2InBackground a number", scenario(#""disputed": {"method2InBackground": 1}"#),
            "disputed.method2InBackground", "expected true or false"),
        // User actions.
        .init("text not a string", scenario(#""user": {"action": "reply", "text": 5}"#), "user.text", "expected a string"),
        .init("text null", scenario(#""user": {"action": "reply", "text": null}"#), "user.text", "expected a string"),
        .init("text without an action", scenario(#""user": {"text": "hi"}"#), "user.action", "missing"),
        .init("clearGroup misspelt", scenario(#""user": "clearAll""#), "user", "clearGroup"),
        .init(
            "an unknown key beside text", scenario(#""user": {"action": "reply", "text": "x", "userText": "x"}"#), "user.userText", "unknown field"),
        // Steps.
        .init("steps an object", scenario(#""steps": {"app": "foreground"}"#), "steps", "expected an array of steps"),
        .init("steps a string", scenario(#""steps": "tap""#), "steps", "expected an array of steps"),
        .init("a step a string", scenario(#""steps": ["foreground"]"#), "steps[0]", "is not a step"),
        .init("a step null", scenario(#""steps": [{"app": "background"}, null]"#), "steps[1]", "is not a step"),
        .init("a step with two kinds", scenario(#""steps": [{"app": "foreground", "user": "tap"}]"#), "steps[0]", "has app and user"),
        .init(
            "a step with three kinds", scenario(#""steps": [{"app": "foreground", "user": "tap", "notification": {}}]"#), "steps[0]",
            "expected exactly one of app, notification, user"),
        .init("an empty step", scenario(#""steps": [{"app": "background"}, {}]"#), "steps[1]", "has none"),
        .init("a step with on alone", scenario(#""steps": [{"on": "n-1"}]"#), "steps[0]", "has none"),
        .init("a step with an unknown key", scenario(#""steps": [{"app": "foreground", "delay": 5}]"#), "steps[0].delay", "unknown field"),
        .init(
            "an app step with an unknown state", scenario(#""steps": [{"app": "suspended"}]"#), "steps[0].app",
            "is not one of: foreground, background, notRunning, forceQuit"),
        .init("an app step not a string", scenario(#""steps": [{"app": 1}]"#), "steps[0].app", "expected a string"),
        .init(
            "an app step naming a notification", scenario(#""steps": [{"app": "foreground", "on": "n-1"}]"#), "steps[0].on",
            "only a user step"),
        .init(
            "a user step with an unknown action", scenario(#""steps": [{"app": "foreground"}, {"user": "swipe"}]"#), "steps[1].user",
            "is not a user action"),
        .init(
            "a user step with an action missing", scenario(#""steps": [{"app": "foreground"}, {"user": {"foreground": true}}]"#),
            "steps[1].user.action", "missing"),
        .init(
            "a user step with a text not a string", scenario(#""steps": [{"user": {"action": "r", "text": []}}]"#), "steps[0].user.text",
            "expected a string"),
        .init("a user step with on not a string", scenario(#""steps": [{"user": "tap", "on": 2}]"#), "steps[0].on", "expected a string"),
        .init(
            "a notification step not an object", scenario(#""steps": [{"notification": "n-2"}]"#), "steps[0].notification",
            "expected an object"),
        .init(
            "a notification step without a payload", scenario(#""steps": [{"notification": {"id": "n-2"}}]"#),
            "steps[0].notification.payload", "missing"),
        .init(
            "a notification step without aps", scenario(#""steps": [{"app": "background"}, {"notification": {"payload": {"k": 1}}}]"#),
            "steps[1].notification.payload.aps", "missing"),
        .init(
            "a notification step with an unknown key", scenario(#""steps": [{"notification": {"payload": {"aps": {}}, "delay": 1}}]"#),
            "steps[0].notification.delay", "unknown field"),
        .init(
            "a notification step with an unknown source", scenario(#""steps": [{"notification": {"source": "sms", "payload": {"aps": {}}}}]"#),
            "steps[0].notification.source", "is not one of"),
        // At run time: a user step on a notification that never arrived names the step.
        .init(
            "a user step on an id that never arrived", scenario(#"\#(steps3), {"user": "tap", "on": "n-9"}]"#), "steps[2].on",
            "never arrived"),
        .init(
            "a user step on one already acted on", scenario(#""user": "tap", "steps": [{"app": "background"}, {"user": "tap", "on": "n-1"}]"#),
            "steps[1]", "not displayed"),
    ]

    @Test(arguments: malformed)
    func everyErrorNamesItsField(malformed: ScenarioDecodingTests.Malformed) {
        #expect {
            try Self.decodeAndRun(malformed.json)
        } throws: { error in
            guard let error = error as? PushError else { return false }
            return error.code == .invalidScenario && error.field == malformed.field
                && error.description.hasPrefix("\(malformed.field): ") && error.message.contains(malformed.phrase)
                && !error.description.contains("\n")
        }
    }

    @Test func theRunTimeErrorListsTheIdsThatArrived() {
        do {
            try Self.decodeAndRun(Self.scenario(#"\#(Self.steps3), {"user": "tap", "on": "n-9"}]"#))
            Issue.record("a step on n-9 ran")
        } catch let error as PushError {
            #expect(error.field == "steps[2].on")
            #expect(error.message.contains("\"n-9\""))
            #expect(error.message.contains("n-1, n-2"))
        } catch {
            Issue.record("\(error)")
        }
    }
}
