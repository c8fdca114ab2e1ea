import PushBridge
import PushBridgeModel
import PushBridgeTesting
import Testing

/// The dispatch rules of iOS 13–26: device settings, interruption levels under a Focus
/// and the summary, the service extension, the disputed knobs, action launches and lost
/// responses, text input and clearing a group; and every new field, at its default or where it
/// does not apply, leaves the trace as it was.
@Suite struct ModernRulesTests {
    static let provisional = DeviceSettings(authorization: .provisional)
    static let denied = DeviceSettings(authorization: .denied)
    static let refreshOff = DeviceSettings(backgroundAppRefresh: false)
    static let lowPower = DeviceSettings(lowPowerMode: true)

    // MARK: Authorization

    static let authorization: [ModernRuleCase] = [
        // Provisional: delivered quietly to Notification Center's list.
        ModernRuleCase("provisional, background: list", .background, settings: provisional, display: .list),
        ModernRuleCase("provisional, notRunning: list", .notRunning, settings: provisional, display: .list),
        ModernRuleCase(
            "provisional, foreground, willPresent answers banner: 4 is called, still only the list", .foreground,
            presentation: [.banner, .sound], settings: provisional, display: .list, arrival: ["4 active"]),
        ModernRuleCase(
            "provisional, foreground, willPresent answers alert: list", .foreground,
            presentation: [.alert], settings: provisional, display: .list, arrival: ["4 active"]),
        ModernRuleCase(
            "provisional, foreground, willPresent answers nothing: nothing", .foreground,
            settings: provisional, display: .none, arrival: ["4 active"]),
        ModernRuleCase("provisional on 12.0 already quiet", ios: IOSVersion(12), .background, settings: provisional, display: .list),
        ModernRuleCase(
            "provisional, a list entry can be tapped: cold start", .notRunning, user: .tap, settings: provisional,
            display: .list, action: ["1 inactive remoteNotification", "5 inactive default"], delivered: true),
        ModernRuleCase("provisional, local notification in the background: list", .background, local: true, settings: provisional, display: .list),
        // Denied: nothing shown, no willPresent, background pushes still wake the app.
        ModernRuleCase("denied, background: nothing shown", .background, settings: denied, display: .none),
        ModernRuleCase(
            "denied, foreground, willPresent would answer banner: not asked, the remote handler instead", .foreground,
            presentation: [.banner], settings: denied, display: .none, arrival: ["3 active"]),
        ModernRuleCase(
            "denied, foreground, a local notification: no willPresent, nothing", .foreground, local: true,
            presentation: [.banner], settings: denied, display: .none),
        ModernRuleCase(
            "denied, content-available in the background still wakes 3", .background, payload: Payloads.silent,
            settings: denied, display: .none, arrival: ["3 background"]),
        ModernRuleCase(
            "denied, visible content-available in the background wakes 3, shows nothing", .background, payload: Payloads.alertCA,
            settings: denied, display: .none, arrival: ["3 background"]),
        ModernRuleCase(
            "denied, content-available launches a not-running app into the background", .notRunning, payload: Payloads.silent,
            settings: denied, display: .none, arrival: ["1 background remoteNotification", "3 background"]),
        ModernRuleCase(
            "denied, nothing to tap in the background", .background, user: .tap, settings: denied,
            display: .none, action: [], delivered: false),
        ModernRuleCase(
            "denied, nothing to tap: no cold start", .notRunning, user: .tap, settings: denied,
            display: .none, action: [], delivered: false),
        ModernRuleCase(
            "denied, no action button to press", .forceQuit, user: .action(id: "reply", foreground: true), settings: denied,
            display: .none, action: [], delivered: false),
        ModernRuleCase(
            "denied, no custom dismiss", .background, customDismissAction: true, user: .dismiss, settings: denied,
            display: .none, action: [], delivered: false),
    ]

    @Test(arguments: authorization)
    func authorizationDecidesWhatIsShown(rule: ModernRuleCase) {
        rule.check()
    }

    @Test func provisionalBeforeIOS12IsRejectedByTheDecoderNamingAuthorization() throws {
        #expect {
            try DispatchScenario(
                json: JSONValue(
                    parsing: #"""
                        {"ios": "11.4", "state": "background", "authorization": "provisional", "notification": {"payload": {"aps": {"alert": "x"}}}}
                        """#))
        } throws: { error in
            guard let error = error as? PushError else { return false }
            return error.code == .invalidScenario && error.field == "authorization" && error.message.contains("12")
        }
        // 12.0 has it.
        let twelve = try DispatchScenario(
            json: JSONValue(
                parsing: #"""
                    {"ios": "12.0", "state": "background", "authorization": "provisional", "notification": {"payload": {"aps": {"alert": "x"}}}}
                    """#))
        #expect(twelve.settings.authorization == .provisional)
        #expect(DispatchModel.trace(for: twelve).display == .list)
    }

    // MARK: Background App Refresh, Low Power Mode

    static let backgroundWake: [ModernRuleCase] = [refreshOff, lowPower, DeviceSettings(backgroundAppRefresh: false, lowPowerMode: true)]
        .flatMap { settings -> [ModernRuleCase] in
            let name = settings.lowPowerMode ? (settings.backgroundAppRefresh ? "Low Power Mode" : "both") : "Background App Refresh off"
            return [
                ModernRuleCase("\(name): no wake in the background", .background, payload: Payloads.silent, settings: settings, display: .none),
                ModernRuleCase("\(name): no launch of a not-running app", .notRunning, payload: Payloads.silent, settings: settings, display: .none),
                ModernRuleCase(
                    "\(name): the held push reaches 3 (active) when the user opens the running app", .background,
                    payload: Payloads.silent, user: .openAppIcon, settings: settings, display: .none, action: ["3 active"], delivered: false),
                ModernRuleCase(
                    "\(name): the held push reaches 3 (active) after the launch from the icon", .notRunning,
                    payload: Payloads.silent, user: .openAppIcon, settings: settings, display: .none,
                    action: ["1 inactive none", "3 active"], delivered: false),
                ModernRuleCase(
                    "\(name): a force-quit app holds nothing (the kill discards it)", .forceQuit,
                    payload: Payloads.silent, user: .openAppIcon, settings: settings, display: .none,
                    action: ["1 inactive none"], delivered: false),
                ModernRuleCase(
                    "\(name): a tap is a tap; the held push is not handed over", .background,
                    payload: Payloads.alertCA, user: .tap, settings: settings, display: .banner,
                    action: ["5 inactive default"], delivered: true),
                ModernRuleCase(
                    "\(name): a cold-start tap is a tap; the held push is not handed over", .notRunning,
                    payload: Payloads.alertCA, user: .tap, settings: settings, display: .banner,
                    action: ["1 inactive remoteNotification", "5 inactive default"], delivered: true),
                ModernRuleCase(
                    "\(name): the foreground is not affected", .foreground,
                    payload: Payloads.silent, settings: settings, display: .none, arrival: ["3 active"]),
                ModernRuleCase(
                    "\(name): no background mode, nothing held", .background, payload: Payloads.silent, modes: [],
                    user: .openAppIcon, settings: settings, display: .none, action: [], delivered: false),
                ModernRuleCase(
                    "\(name): no fetch handler, nothing held", .background, implements: "2 4 5", payload: Payloads.silent,
                    user: .openAppIcon, settings: settings, display: .none, action: [], delivered: false),
                ModernRuleCase(
                    "\(name): a plain alert is not held", .background, user: .openAppIcon, settings: settings,
                    display: .banner, action: [], delivered: false),
            ]
        }

    @Test(arguments: backgroundWake)
    func backgroundRefreshAndLowPowerHoldBackgroundPushes(rule: ModernRuleCase) {
        rule.check()
    }

    // MARK: Focus and the scheduled summary

    static let focusAndSummary: [ModernRuleCase] = {
        let holders: [(String, DeviceSettings)] = [
            ("Focus", DeviceSettings(focus: true)), ("summary", DeviceSettings(scheduledSummary: true)),
            ("Focus and summary", DeviceSettings(focus: true, scheduledSummary: true)),
        ]
        var rows: [ModernRuleCase] = []
        for (name, settings) in holders {
            for ios in [IOSVersion(15), IOSVersion(18, 2)] {
                for level in ["active", "passive", nil] as [String?] {
                    rows.append(
                        ModernRuleCase(
                            "\(name), iOS \(ios), \(level ?? "no level"): list", ios: ios, .background,
                            payload: ModernPayloads.level(level), settings: settings, display: .list))
                }
                rows.append(
                    ModernRuleCase(
                        "\(name), iOS \(ios), time-sensitive: banner", ios: ios, .background,
                        payload: ModernPayloads.level("time-sensitive"), settings: settings, display: .banner))
                rows.append(
                    ModernRuleCase(
                        "\(name), iOS \(ios), critical: banner", ios: ios, .background,
                        payload: ModernPayloads.level("critical"), settings: settings, display: .banner))
                var noTimeSensitive = settings
                noTimeSensitive.timeSensitiveAllowed = false
                rows.append(
                    ModernRuleCase(
                        "\(name), iOS \(ios), time-sensitive not allowed: list", ios: ios, .background,
                        payload: ModernPayloads.level("time-sensitive"), settings: noTimeSensitive, display: .list))
                rows.append(
                    ModernRuleCase(
                        "\(name), iOS \(ios), critical, time-sensitive not allowed: banner", ios: ios, .background,
                        payload: ModernPayloads.level("critical"), settings: noTimeSensitive, display: .banner))
                rows.append(
                    ModernRuleCase(
                        "\(name), iOS \(ios), foreground, willPresent answers banner: list", ios: ios, .foreground,
                        payload: ModernPayloads.level("active"), presentation: [.banner], settings: settings,
                        display: .list, arrival: ["4 active"]))
                rows.append(
                    ModernRuleCase(
                        "\(name), iOS \(ios), foreground, time-sensitive answered banner: banner", ios: ios, .foreground,
                        payload: ModernPayloads.level("time-sensitive"), presentation: [.banner], settings: settings,
                        display: .banner, arrival: ["4 active"]))
            }
            // Before iOS 15 neither exists: every level is a banner.
            for level in ["active", "passive", "time-sensitive", nil] as [String?] {
                rows.append(
                    ModernRuleCase(
                        "\(name), iOS 14.8, \(level ?? "no level"): no effect, banner", ios: IOSVersion(14, 8), .background,
                        payload: ModernPayloads.level(level), settings: settings, display: .banner))
            }
            rows.append(
                ModernRuleCase(
                    "\(name), iOS 14.8, foreground banner: no effect", ios: IOSVersion(14, 8), .foreground,
                    payload: ModernPayloads.level("active"), presentation: [.banner], settings: settings,
                    display: .banner, arrival: ["4 active"]))
        }
        // Without a Focus or the summary, timeSensitiveAllowed changes nothing.
        rows.append(
            ModernRuleCase(
                "no Focus, time-sensitive not allowed: banner", .background,
                payload: ModernPayloads.level("time-sensitive"), settings: DeviceSettings(timeSensitiveAllowed: false),
                display: .banner))
        // Passive alone goes to the list on 15+, with or without a Focus.
        rows.append(
            ModernRuleCase(
                "no Focus, passive on 15: list", ios: IOSVersion(15), .background, payload: ModernPayloads.level("passive"),
                display: .list))
        rows.append(
            ModernRuleCase(
                "no Focus, active on 15: banner", ios: IOSVersion(15), .background, payload: ModernPayloads.level("active"),
                display: .banner))
        return rows
    }()

    @Test(arguments: focusAndSummary)
    func focusAndTheSummaryHoldBackAllButTimeSensitiveAndCritical(rule: ModernRuleCase) {
        rule.check()
    }

    @Test func aListEntryHeldBackByAFocusCanStillBeTappedAndLaunchesTheApp() {
        ModernRuleCase(
            "Focus, a tap on the list entry", .forceQuit, payload: ModernPayloads.level("active"), user: .tap,
            settings: DeviceSettings(focus: true), display: .list,
            action: ["1 inactive remoteNotification", "5 inactive default"], delivered: true
        ).check()
    }

    // MARK: The service extension

    static let serviceExtension: [ModernRuleCase] = [
        ModernRuleCase(
            "modifies: ran, shown", .background, payload: ModernPayloads.mutable, serviceExtension: .modifies,
            display: .banner, extensionRun: .ran),
        ModernRuleCase(
            "unchanged: ran, shown", .background, payload: ModernPayloads.mutable, serviceExtension: .unchanged,
            display: .banner, extensionRun: .ran),
        ModernRuleCase(
            "times out: timedOut, the original shown", .background, payload: ModernPayloads.mutable, serviceExtension: .timesOut,
            display: .banner, extensionRun: .timedOut),
        ModernRuleCase(
            "filters on 13.3: filtered, nothing shown", ios: IOSVersion(13, 3), .background, payload: ModernPayloads.mutable,
            serviceExtension: .filters, display: .none, extensionRun: .filtered),
        ModernRuleCase(
            "filters on 17: filtered, nothing shown", .notRunning, payload: ModernPayloads.mutable,
            serviceExtension: .filters, display: .none, extensionRun: .filtered),
        ModernRuleCase(
            "filters on 13.2: no filtering yet, ran and shown", ios: IOSVersion(13, 2), .background, payload: ModernPayloads.mutable,
            serviceExtension: .filters, display: .banner, extensionRun: .ran),
        ModernRuleCase(
            "filters on 12.4: ran and shown", ios: IOSVersion(12, 4), .background, payload: ModernPayloads.mutable,
            serviceExtension: .filters, display: .banner, extensionRun: .ran),
        ModernRuleCase(
            "filtered in the foreground: no willPresent, nothing shown", .foreground, payload: ModernPayloads.mutable,
            presentation: [.banner], serviceExtension: .filters, display: .none, arrival: ["3 active"], extensionRun: .filtered),
        ModernRuleCase(
            "filtered: nothing to tap", .background, payload: ModernPayloads.mutable, user: .tap,
            serviceExtension: .filters, display: .none, action: [], delivered: false, extensionRun: .filtered),
        ModernRuleCase(
            "filtered: nothing to tap, no cold start", .forceQuit, payload: ModernPayloads.mutable, user: .tap,
            serviceExtension: .filters, display: .none, action: [], delivered: false, extensionRun: .filtered),
        ModernRuleCase("not mutable: notRun, shown", .background, serviceExtension: .modifies, display: .banner, extensionRun: .notRun),
        ModernRuleCase("not mutable, filters: notRun, still shown", .background, serviceExtension: .filters, display: .banner, extensionRun: .notRun),
        ModernRuleCase(
            "mutable but no alert: notRun", .background, payload: ModernPayloads.mutableSilent, serviceExtension: .modifies,
            display: .none, arrival: ["3 background"], extensionRun: .notRun),
        ModernRuleCase(
            "denied: notRun", .background, payload: ModernPayloads.mutable, settings: denied, serviceExtension: .filters,
            display: .none, extensionRun: .notRun),
        ModernRuleCase(
            "a local notification: notRun", .background, payload: ModernPayloads.mutable, local: true, serviceExtension: .filters,
            display: .banner, extensionRun: .notRun),
        ModernRuleCase("no extension: nothing reported", .background, payload: ModernPayloads.mutable, display: .banner, extensionRun: nil),
        ModernRuleCase(
            "times out in the foreground: willPresent decides", .foreground, payload: ModernPayloads.mutable, presentation: [.banner],
            serviceExtension: .timesOut, display: .banner, arrival: ["4 active"], extensionRun: .timedOut),
        ModernRuleCase(
            "provisional: ran, quietly", .background, payload: ModernPayloads.mutable, settings: provisional,
            serviceExtension: .modifies, display: .list, extensionRun: .ran),
    ]

    @Test(arguments: serviceExtension)
    func theServiceExtensionRunsOnlyForVisibleMutablePushes(rule: ModernRuleCase) {
        rule.check()
    }

    // MARK: The disputed knobs, each on and off

    static let disputed: [ModernRuleCase] = [
        // A silent push waking a force-quit app: off by default; on, from iOS 13 only.
        ModernRuleCase("force-quit wake off (13.0): nothing", ios: IOSVersion(13), .forceQuit, payload: Payloads.silent, display: .none),
        ModernRuleCase(
            "force-quit wake on (13.0): launched into the background", ios: IOSVersion(13), .forceQuit, payload: Payloads.silent,
            disputed: DisputedBehaviours(silentPushWakesForceQuitApp: true), display: .none,
            arrival: ["1 background remoteNotification", "3 background"]),
        ModernRuleCase(
            "force-quit wake on (17): launched into the background", .forceQuit, payload: Payloads.silent,
            disputed: DisputedBehaviours(silentPushWakesForceQuitApp: true), display: .none,
            arrival: ["1 background remoteNotification", "3 background"]),
        ModernRuleCase(
            "force-quit wake on (12.4): not read before 13", ios: IOSVersion(12, 4), .forceQuit, payload: Payloads.silent,
            disputed: DisputedBehaviours(silentPushWakesForceQuitApp: true), display: .none),
        ModernRuleCase(
            "force-quit wake on, Background App Refresh off: nothing", .forceQuit, payload: Payloads.silent, settings: refreshOff,
            disputed: DisputedBehaviours(silentPushWakesForceQuitApp: true), display: .none),
        ModernRuleCase(
            "force-quit wake on, a then-tap is not a cold start", .forceQuit, payload: Payloads.alertCA, user: .tap,
            disputed: DisputedBehaviours(silentPushWakesForceQuitApp: true), display: .banner,
            arrival: ["1 background remoteNotification", "3 background"], action: ["5 inactive default"], delivered: true),
        // The foreground display with no center delegate: none by default; asSent only without any delegate.
        ModernRuleCase("no delegate, display knob none: nothing shown", .foreground, delegate: .none, display: .none, arrival: ["3 active"]),
        ModernRuleCase(
            "no delegate, display knob asSent: a banner", .foreground, delegate: .none,
            disputed: DisputedBehaviours(foregroundDisplayWithoutDelegate: .asSent), display: .banner, arrival: ["3 active"]),
        ModernRuleCase(
            "no delegate, asSent, a passive one: the list", .foreground, payload: ModernPayloads.level("passive"), delegate: .none,
            disputed: DisputedBehaviours(foregroundDisplayWithoutDelegate: .asSent), display: .list, arrival: ["3 active"]),
        ModernRuleCase(
            "no delegate, asSent, a local notification: a banner", .foreground, local: true, delegate: .none,
            disputed: DisputedBehaviours(foregroundDisplayWithoutDelegate: .asSent), display: .banner),
        ModernRuleCase(
            "no delegate, asSent, denied: nothing", .foreground, delegate: .none, settings: denied,
            disputed: DisputedBehaviours(foregroundDisplayWithoutDelegate: .asSent), display: .none, arrival: ["3 active"]),
        ModernRuleCase(
            "a delegate without 4, asSent: still nothing", .foreground, implements: "3 5",
            disputed: DisputedBehaviours(foregroundDisplayWithoutDelegate: .asSent), display: .none, arrival: ["3 active"]),
        ModernRuleCase(
            "a delegate set after launch without 4, asSent: still nothing", .foreground, implements: "3 5", delegate: .afterLaunch,
            disputed: DisputedBehaviours(foregroundDisplayWithoutDelegate: .asSent), display: .none, arrival: ["3 active"]),
        ModernRuleCase(
            "iOS 9, asSent: no foreground display before 10", ios: IOSVersion(9, 3), .foreground, delegate: .none,
            disputed: DisputedBehaviours(foregroundDisplayWithoutDelegate: .asSent), display: .none, arrival: ["3 active"]),
        // A tap there reaches no delegate (a second 3 `active` would look like a new arrival).
        ModernRuleCase(
            "no delegate, asSent, the banner can be tapped: the response reaches no delegate", .foreground, delegate: .none,
            user: .tap, disputed: DisputedBehaviours(foregroundDisplayWithoutDelegate: .asSent), display: .banner,
            arrival: ["3 active"], action: [], delivered: false, lost: .noCenterDelegate),
        // Method 2 in the background: never by default; on, for a content-available push without 3.
        ModernRuleCase("method 2 in the background off: nothing", .background, implements: "2 4 5", payload: Payloads.silent, display: .none),
        ModernRuleCase(
            "method 2 in the background on: 2 background", .background, implements: "2 4 5", payload: Payloads.silent,
            disputed: DisputedBehaviours(method2InBackground: true), display: .none, arrival: ["2 background"]),
        ModernRuleCase(
            "method 2 on, 3 implemented too: 3 alone", .background, implements: "2 3 4 5", payload: Payloads.silent,
            disputed: DisputedBehaviours(method2InBackground: true), display: .none, arrival: ["3 background"]),
        ModernRuleCase(
            "method 2 on, without the background mode: nothing", .background, implements: "2", payload: Payloads.silent, modes: [],
            disputed: DisputedBehaviours(method2InBackground: true), display: .none),
        ModernRuleCase(
            "method 2 on, Low Power Mode: nothing", .background, implements: "2", payload: Payloads.silent, settings: lowPower,
            disputed: DisputedBehaviours(method2InBackground: true), display: .none),
        ModernRuleCase(
            "method 2 on, not content-available: nothing", .background, implements: "2", payload: Payloads.alert,
            disputed: DisputedBehaviours(method2InBackground: true), display: .banner),
        ModernRuleCase(
            "method 2 on, not running: no launch for 2", .notRunning, implements: "2", payload: Payloads.silent,
            disputed: DisputedBehaviours(method2InBackground: true), display: .none),
    ]

    @Test(arguments: disputed)
    func eachDisputedKnobOnAndOff(rule: ModernRuleCase) {
        rule.check()
    }

    // MARK: Action buttons launching the app, and lost responses

    static let reply = UserAction.action(id: "reply", foreground: true)
    static let archive = UserAction.action(id: "archive", foreground: false)

    static let actionLaunches: [ModernRuleCase] =
        [ArrivalState.notRunning, .forceQuit].flatMap { state -> [ModernRuleCase] in
            [
                ModernRuleCase(
                    "\(state), foreground action: 1 without the notification, then 5", state, user: reply, display: .banner,
                    action: ["1 inactive none", "5 inactive reply"], delivered: true),
                ModernRuleCase(
                    "\(state), background action: 1 in the background without the notification, then 5", state, user: archive,
                    display: .banner, action: ["1 background none", "5 background archive"], delivered: true),
                ModernRuleCase(
                    "\(state), on 13.0 too", ios: IOSVersion(13), state, user: reply, display: .banner,
                    action: ["1 inactive none", "5 inactive reply"], delivered: true),
                ModernRuleCase(
                    "\(state), on 10.0 too", ios: IOSVersion(10), state, user: reply, display: .banner,
                    action: ["1 inactive none", "5 inactive reply"], delivered: true),
                ModernRuleCase(
                    "\(state), a delegate set after launch: launched, the response lost", state, delegate: .afterLaunch, user: reply,
                    display: .banner, action: ["1 inactive none"], delivered: false, lost: .centerDelegateSetAfterLaunch),
                ModernRuleCase(
                    "\(state), a delegate set after launch, a background action: lost", state, delegate: .afterLaunch, user: archive,
                    display: .banner, action: ["1 background none"], delivered: false, lost: .centerDelegateSetAfterLaunch),
                ModernRuleCase(
                    "\(state), no delegate: launched, the response lost", state, delegate: .none, user: reply,
                    display: .banner, action: ["1 inactive none"], delivered: false, lost: .noCenterDelegate),
                ModernRuleCase(
                    "\(state), no delegate, a background action: lost", state, delegate: .none, user: archive,
                    display: .banner, action: ["1 background none"], delivered: false, lost: .noCenterDelegate),
                ModernRuleCase(
                    "\(state), a delegate set after launch without 5: not called lost (nothing would take it)", state, implements: "3 4",
                    delegate: .afterLaunch, user: reply, display: .banner, action: ["1 inactive none"], delivered: false),
                // A scene app: the scene's connection carries a foreground action's response.
                ModernRuleCase(
                    "\(state), scenes, foreground action, no delegate: the scene connects with it", state, delegate: .none, user: reply,
                    lifecycle: .scenes, display: .banner, action: ["1 inactive none", "S inactive reply"], delivered: true),
                ModernRuleCase(
                    "\(state), scenes, foreground action, delegate after launch: the scene connects with it", state,
                    delegate: .afterLaunch, user: reply, lifecycle: .scenes, display: .banner,
                    action: ["1 inactive none", "S inactive reply"], delivered: true),
                ModernRuleCase(
                    "\(state), scenes, foreground action, delegate in time: the scene and 5", state, user: reply, lifecycle: .scenes,
                    display: .banner, action: ["1 inactive none", "S inactive reply", "5 inactive reply"], delivered: true),
                ModernRuleCase(
                    "\(state), scenes, background action, no delegate: no scene, lost", state, delegate: .none, user: archive,
                    lifecycle: .scenes, display: .banner, action: ["1 background none"], delivered: false, lost: .noCenterDelegate),
            ]
        } + [
            // A running app: a delegate set after launch is there; none at all loses the response.
            ModernRuleCase(
                "background, delegate after launch: 5", .background, delegate: .afterLaunch, user: reply, display: .banner,
                action: ["5 inactive reply"], delivered: true),
            ModernRuleCase(
                "background, no delegate: lost", .background, delegate: .none, user: reply, display: .banner,
                action: [], delivered: false, lost: .noCenterDelegate),
            ModernRuleCase(
                "foreground, no delegate, asSent banner, action: lost", .foreground, delegate: .none, user: archive,
                disputed: DisputedBehaviours(foregroundDisplayWithoutDelegate: .asSent), display: .banner,
                arrival: ["3 active"], action: [], delivered: false, lost: .noCenterDelegate),
            // Before iOS 10 the launch options still carry it and A takes the action.
            ModernRuleCase(
                "iOS 9, not running, A: 1 with the notification, then A", ios: IOSVersion(9, 3), .notRunning, implements: "3 A",
                user: reply, display: .banner, action: ["1 inactive remoteNotification", "A inactive reply"], delivered: true),
            // A tap on a not-running app keeps the notification in the launch options.
            ModernRuleCase(
                "not running, a tap still carries the notification in the launch options", .notRunning, user: .tap, display: .banner,
                action: ["1 inactive remoteNotification", "5 inactive default"], delivered: true),
            ModernRuleCase(
                "not running, a tap, no delegate: 1 alone, carried by the launch options, not lost", .notRunning, delegate: .none,
                user: .tap, display: .banner, action: ["1 inactive remoteNotification", "3 inactive"], delivered: true),
        ]

    @Test(arguments: actionLaunches)
    func anActionLaunchesTheAppWithoutTheNotification(rule: ModernRuleCase) {
        rule.check()
    }
}
