import PushBridge
import PushBridgeModel
import Testing

/// Phase 1 of `docs/spec/dispatch-model.md`: which callbacks run and what is displayed when a remote notification arrives.
@Suite struct ArrivalRulesTests {
    static let foreground: [RuleCase] = [
        // If WP and not silent: 3 first when CA and F, then 4. Nothing else.
        RuleCase("iOS 10.0, WP, visible: 4 only", ios: IOSVersion(10), .foreground, display: .none, arrival: ["4 active"]),
        RuleCase(
            "iOS 10.0, WP + CA + F: 3 then 4", ios: IOSVersion(10), .foreground, payload: Payloads.alertCA,
            display: .none, arrival: ["3 active", "4 active"]),
        RuleCase(
            "iOS 17.0, WP + CA + F with everything implemented: 3 then 4, never 2", ios: IOSVersion(17), .foreground, implements: "2 3 4 5",
            payload: Payloads.alertCA, display: .none, arrival: ["3 active", "4 active"]),
        RuleCase(
            "iOS 12.3.1, WP + CA without F (2 and 4): 4 only", ios: IOSVersion(12, 3, 1), .foreground, implements: "2 4",
            payload: Payloads.alertCA, display: .none, arrival: ["4 active"]),
        RuleCase(
            "iOS 12.0, CA + F without the background mode: still 3 then 4 (BG is not a foreground condition)", ios: IOSVersion(12),
            .foreground, payload: Payloads.alertCA, modes: [], display: .none, arrival: ["3 active", "4 active"]),
        RuleCase(
            "iOS 10.0, badge + CA is not silent: 3 then 4", ios: IOSVersion(10), .foreground, payload: Payloads.badgeCA,
            display: .none, arrival: ["3 active", "4 active"]),
        RuleCase(
            "iOS 12.0, content-available true is not CA: 4 only", ios: IOSVersion(12), .foreground, payload: Payloads.contentAvailableTrue,
            display: .none, arrival: ["4 active"]),
        RuleCase(
            "iOS 12.0, content-available 0 is not CA: 4 only", ios: IOSVersion(12), .foreground, payload: Payloads.contentAvailableZero,
            display: .none, arrival: ["4 active"]),
        // A silent push in the foreground goes to RH, never to 4.
        RuleCase(
            "iOS 10.0, silent with WP: RH (3), not 4", ios: IOSVersion(10), .foreground, payload: Payloads.silent,
            display: .none, arrival: ["3 active"]),
        RuleCase(
            "iOS 17.0, silent with 2 and 4: RH is 2", ios: IOSVersion(17), .foreground, implements: "2 4", payload: Payloads.silent,
            display: .none, arrival: ["2 active"]),
        RuleCase(
            "iOS 12.0, silent with only 4: nothing", ios: IOSVersion(12), .foreground, implements: "4", payload: Payloads.silent,
            display: .none, arrival: []),
        // Otherwise RH, if there is one.
        RuleCase(
            "iOS 12.3.1 without WP (3 and 5): RH", ios: IOSVersion(12, 3, 1), .foreground, implements: "3 5",
            display: .none, arrival: ["3 active"]),
        RuleCase(
            "iOS 12.3.1 without WP (2 and 5): RH is 2", ios: IOSVersion(12, 3, 1), .foreground, implements: "2 5",
            display: .none, arrival: ["2 active"]),
        RuleCase(
            "iOS 12.0, nothing implemented: nothing", ios: IOSVersion(12), .foreground, implements: "",
            display: .none, arrival: []),
        RuleCase(
            "iOS 12.0, centerDelegate none: RH", ios: IOSVersion(12), .foreground, delegate: .none,
            display: .none, arrival: ["3 active"]),
        RuleCase(
            "iOS 12.0, centerDelegate afterLaunch: a warm arrival still reaches 4", ios: IOSVersion(12), .foreground, delegate: .afterLaunch,
            display: .none, arrival: ["4 active"]),
        RuleCase(
            "iOS 9.3.2, 4 and 5 listed: they do not exist yet, RH", ios: IOSVersion(9, 3, 2), .foreground,
            display: .none, arrival: ["3 active"]),
        RuleCase(
            "iOS 9.3.2, WP-style presentation is ignored: nothing shown", ios: IOSVersion(9, 3, 2), .foreground, presentation: [.alert],
            display: .none, arrival: ["3 active"]),
        RuleCase(
            "iOS 9.3.2, CA + F: RH once", ios: IOSVersion(9, 3, 2), .foreground, payload: Payloads.alertCA,
            display: .none, arrival: ["3 active"]),
        RuleCase(
            "iOS 7.0, 2 and 3: 3, never 2", ios: IOSVersion(7), .foreground, implements: "2 3",
            display: .none, arrival: ["3 active"]),
        RuleCase(
            "iOS 6.1, 2 and 3 listed: 3 does not exist yet, 2", ios: IOSVersion(6, 1), .foreground, implements: "2 3",
            display: .none, arrival: ["2 active"]),
        RuleCase(
            "iOS 3.0, only 2: 2", ios: IOSVersion(3), .foreground, implements: "2",
            display: .none, arrival: ["2 active"]),
    ]

    @Test(arguments: foreground)
    func foregroundArrival(rule: RuleCase) {
        rule.check()
    }

    /// `willPresent`'s answer and what it shows, before iOS 14 and from iOS 14.
    struct Presentation: Sendable, CustomTestStringConvertible {
        var options: PresentationOptions
        var before14: NotificationDisplay
        var from14: NotificationDisplay
        var testDescription: String { options.description }
    }

    static let presentations: [Presentation] = [
        Presentation(options: [], before14: .none, from14: .none),
        Presentation(options: [.alert], before14: .banner, from14: .banner),
        Presentation(options: [.banner], before14: .none, from14: .banner),
        Presentation(options: [.list], before14: .none, from14: .list),
        Presentation(options: [.banner, .list], before14: .none, from14: .banner),
        Presentation(options: [.alert, .list], before14: .banner, from14: .banner),
        Presentation(options: [.list, .sound], before14: .none, from14: .list),
        Presentation(options: [.badge, .sound], before14: .none, from14: .none),
        Presentation(options: [.badge, .sound, .alert], before14: .banner, from14: .banner),
    ]

    @Test(arguments: presentations, [IOSVersion(10), IOSVersion(13, 7), IOSVersion(14), IOSVersion(17)])
    func foregroundDisplayIsWhatWillPresentAnswered(presentation: Presentation, ios: IOSVersion) {
        let expected = ios >= IOSVersion(14) ? presentation.from14 : presentation.before14
        RuleCase(
            "\(presentation.options) on \(ios)", ios: ios, .foreground, presentation: presentation.options,
            display: expected, arrival: ["4 active"]
        ).check()
    }

    @Test(arguments: [Payloads.alert, Payloads.alertCA, Payloads.alertDictionary])
    func aVisibleForegroundNotificationShowsWhatWillPresentAnswered(payload: JSONObject) {
        RuleCase(
            "visible", ios: IOSVersion(17), .foreground, payload: payload, presentation: [.banner],
            display: .banner, arrival: payload == Payloads.alertCA ? ["3 active", "4 active"] : ["4 active"]
        ).check()
    }

    /// Spec, Phase 1 foreground: "Display: if 4 was called, what it answered: `alert` or `banner` →
    /// `banner`; only `list` → `list`; otherwise `none`." — with no condition on the payload being
    /// visible, which the model follows.
    @Test(
        arguments: [Payloads.badgeOnly, Payloads.emptyAlert, Payloads.emptyAlertDictionary])
    func foregroundDisplayOfANonVisibleNotificationIsWhatWillPresentAnswered(payload: JSONObject) {
        RuleCase(
            "not visible, banner", ios: IOSVersion(17), .foreground, payload: payload, presentation: [.banner],
            display: .banner, arrival: ["4 active"]
        ).check()
        RuleCase(
            "not visible, list", ios: IOSVersion(17), .foreground, payload: payload, presentation: [.list],
            display: .list, arrival: ["4 active"]
        ).check()
    }

    static let background: [RuleCase] = [
        RuleCase(
            "iOS 12.0, visible, not CA: nothing called, banner", ios: IOSVersion(12), .background,
            display: .banner, arrival: []),
        RuleCase(
            "iOS 12.0, CA + F + BG: 3 background", ios: IOSVersion(12), .background, payload: Payloads.alertCA,
            display: .banner, arrival: ["3 background"]),
        RuleCase(
            "iOS 12.0, silent CA + F + BG: 3 background, nothing shown", ios: IOSVersion(12), .background, payload: Payloads.silent,
            display: .none, arrival: ["3 background"]),
        RuleCase(
            "iOS 7.0, CA + F + BG: 3 background", ios: IOSVersion(7), .background, implements: "3", payload: Payloads.silent,
            display: .none, arrival: ["3 background"]),
        RuleCase(
            "iOS 10.0, CA with 4 and 5 too: 3 only (4 is for the foreground)", ios: IOSVersion(10), .background, payload: Payloads.alertCA,
            display: .banner, arrival: ["3 background"]),
        RuleCase(
            "iOS 12.0, CA without the background mode: nothing", ios: IOSVersion(12), .background, payload: Payloads.alertCA, modes: [],
            display: .banner, arrival: []),
        RuleCase(
            "iOS 12.0, CA with other background modes only: nothing", ios: IOSVersion(12), .background, payload: Payloads.silent,
            modes: ["fetch", "audio"], display: .none, arrival: []),
        RuleCase(
            "iOS 12.0, CA with only 2: 2 is never called in the background", ios: IOSVersion(12), .background, implements: "2",
            payload: Payloads.alertCA, display: .banner, arrival: []),
        RuleCase(
            "iOS 6.1, CA with 3 listed: no 3 before iOS 7", ios: IOSVersion(6, 1), .background, implements: "2 3",
            payload: Payloads.alertCA, display: .banner, arrival: []),
        RuleCase(
            "iOS 12.0, content-available true: not CA, nothing", ios: IOSVersion(12), .background, payload: Payloads.contentAvailableTrue,
            display: .banner, arrival: []),
        RuleCase(
            "iOS 12.0, badge only: not visible", ios: IOSVersion(12), .background, payload: Payloads.badgeOnly,
            display: .none, arrival: []),
        RuleCase(
            "iOS 12.0, empty alert string: not visible", ios: IOSVersion(12), .background, payload: Payloads.emptyAlert,
            display: .none, arrival: []),
        RuleCase(
            "iOS 12.0, empty alert dictionary: not visible", ios: IOSVersion(12), .background, payload: Payloads.emptyAlertDictionary,
            display: .none, arrival: []),
        RuleCase(
            "iOS 12.0, alert dictionary: visible", ios: IOSVersion(12), .background, payload: Payloads.alertDictionary,
            display: .banner, arrival: []),
        RuleCase("iOS 9.3.2, visible: banner", ios: IOSVersion(9, 3, 2), .background, display: .banner, arrival: []),
    ]

    @Test(arguments: background)
    func backgroundArrival(rule: RuleCase) {
        rule.check()
    }

    static let notRunning: [RuleCase] = [
        RuleCase(
            "iOS 12.0, silent CA + F + BG: launched into the background, 1 then 3", ios: IOSVersion(12), .notRunning, payload: Payloads.silent,
            display: .none, arrival: ["1 background remoteNotification", "3 background"]),
        RuleCase(
            "iOS 12.0, visible CA: launched and shown", ios: IOSVersion(12), .notRunning, payload: Payloads.alertCA,
            display: .banner, arrival: ["1 background remoteNotification", "3 background"]),
        RuleCase(
            "iOS 9.3.2, CA + F + BG: launched", ios: IOSVersion(9, 3, 2), .notRunning, implements: "2 3", payload: Payloads.silent,
            display: .none, arrival: ["1 background remoteNotification", "3 background"]),
        RuleCase("iOS 12.0, not CA: nothing", ios: IOSVersion(12), .notRunning, display: .banner, arrival: []),
        RuleCase(
            "iOS 12.0, CA without the background mode: nothing", ios: IOSVersion(12), .notRunning, payload: Payloads.silent, modes: [],
            display: .none, arrival: []),
        RuleCase(
            "iOS 12.0, CA with only 2: nothing", ios: IOSVersion(12), .notRunning, implements: "2 4 5", payload: Payloads.alertCA,
            display: .banner, arrival: []),
        RuleCase(
            "iOS 6.1, CA: no 3, nothing", ios: IOSVersion(6, 1), .notRunning, implements: "2 3", payload: Payloads.alertCA,
            display: .banner, arrival: []),
    ]

    @Test(arguments: notRunning)
    func notRunningArrival(rule: RuleCase) {
        rule.check()
    }

    static let forceQuit: [RuleCase] = [
        RuleCase(
            "iOS 12.0, silent CA + F + BG: never launched", ios: IOSVersion(12), .forceQuit, payload: Payloads.silent,
            display: .none, arrival: []),
        RuleCase(
            "iOS 12.0, visible CA: never launched, shown", ios: IOSVersion(12), .forceQuit, payload: Payloads.alertCA,
            display: .banner, arrival: []),
        RuleCase("iOS 9.3.2, visible: shown", ios: IOSVersion(9, 3, 2), .forceQuit, implements: "2 3", display: .banner, arrival: []),
        RuleCase(
            "iOS 17.0, badge only: nothing shown", ios: IOSVersion(17), .forceQuit, payload: Payloads.badgeOnly,
            display: .none, arrival: []),
    ]

    @Test(arguments: forceQuit)
    func forceQuitArrival(rule: RuleCase) {
        rule.check()
    }

    // MARK: Rules over many scenarios

    static let versions = [
        IOSVersion(3), IOSVersion(6, 1), IOSVersion(7), IOSVersion(8, 4), IOSVersion(9, 3, 2), IOSVersion(10),
        IOSVersion(12, 3, 1), IOSVersion(14), IOSVersion(17),
    ]
    static let handlerSets = ["", "2", "3", "2 3", "4 5", "3 4", "3 5", "2 3 4 5"]
    static let payloads = [Payloads.alert, Payloads.alertCA, Payloads.silent, Payloads.badgeCA, Payloads.badgeOnly]

    /// Every (handler set, payload) pair for one version.
    static func arrivals(on ios: IOSVersion, _ state: ArrivalState) -> [DispatchScenario] {
        handlerSets.flatMap { labels in
            payloads.map { payload in
                DispatchScenario(
                    ios: ios, state: state, implements: RuleCase.callbacks(labels), notification: .remote(payload),
                    presentation: [.alert])
            }
        }
    }

    @Test(arguments: versions)
    func aForceQuitAppIsNeverCalledOnArrival(ios: IOSVersion) {
        for scenario in Self.arrivals(on: ios, .forceQuit) {
            #expect(DispatchModel.trace(for: scenario).calls.isEmpty, "\(scenario.implements) \(scenario.notification.payload)")
        }
    }

    @Test(arguments: versions)
    func method2IsNeverCalledInTheBackgroundOrOnALaunch(ios: IOSVersion) {
        for state in [ArrivalState.background, .notRunning] {
            for scenario in Self.arrivals(on: ios, state) {
                #expect(!DispatchModel.trace(for: scenario).calls.contains { $0.callback == .didReceiveRemoteNotification })
            }
        }
    }

    @Test(arguments: versions)
    func outsideTheForegroundDisplayIsBannerExactlyWhenVisible(ios: IOSVersion) {
        for state in [ArrivalState.background, .notRunning, .forceQuit] {
            for scenario in Self.arrivals(on: ios, state) {
                let visible = scenario.notification.payload["aps"]?["alert"] != nil
                #expect(DispatchModel.trace(for: scenario).display == (visible ? .banner : .none))
            }
        }
    }

    @Test(arguments: versions)
    func beforeIOS10NothingIsEverShownInTheForeground(ios: IOSVersion) {
        for scenario in Self.arrivals(on: ios, .foreground) {
            let trace = DispatchModel.trace(for: scenario)
            if ios < IOSVersion(10) {
                #expect(trace.display == .none)
            }
            // 4 is called only when it exists, and nothing but 3 ever precedes it.
            if let index = trace.calls.firstIndex(where: { $0.callback == .willPresent }) {
                #expect(ios >= IOSVersion(10))
                #expect(trace.calls[..<index].allSatisfy { $0.callback == .didReceiveRemoteNotificationFetch })
                #expect(index == trace.calls.count - 1 || trace.calls[(index + 1)...].allSatisfy { $0.phase == .action })
            }
        }
    }
}
