import AdapterTestSupport
import PushBridge
import PushBridgeModel
import PushBridgeValidation
import Testing

/// The rules behind `delivery`, the framework launches and the covered tap, asked of the model
/// directly over many versions and states (the vectors pin single cases).
@Suite struct HeadersLaunchesOverlaysRuleTests {
    static let fetch: Set<SystemCallback> = [.didReceiveRemoteNotificationFetch]
    static let modern: Set<SystemCallback> = [.didReceiveRemoteNotificationFetch, .willPresent, .didReceiveResponse]
    static let silent: JSONObject = ["aps": ["content-available": 1]]
    static let alert: JSONObject = ["aps": ["alert": "hi"]]

    @Test(arguments: [IOSVersion(12, 4), IOSVersion(13), IOSVersion(17), IOSVersion(26)])
    func aMismatchIsDroppedFromIOS13AndIgnoredBefore(ios: IOSVersion) {
        let scenario = DispatchScenario(ios: ios, state: .background, implements: Self.fetch, notification: .remote(Self.silent), pushType: .alert)
        let trace = DispatchModel.trace(for: scenario)
        if ios.major >= 13 {
            #expect(trace.delivery == .droppedPushTypeMismatch)
            #expect(trace.calls.isEmpty)
        } else {
            #expect(trace.delivery == nil)
            #expect(trace.calls.map(\.callback) == [.didReceiveRemoteNotificationFetch])
        }
        // The delayed reading delivers it as its payload says, and says so.
        var delayed = scenario
        delayed.disputed.pushTypeMismatch = .delayed
        let late = DispatchModel.trace(for: delayed)
        #expect(late.calls.map(\.callback) == [.didReceiveRemoteNotificationFetch])
        #expect(late.delivery == (ios.major >= 13 ? .delayedPushTypeMismatch : nil))
    }

    static let badged: JSONObject = ["aps": ["content-available": 1, "badge": 3]]
    static let sounding: JSONObject = ["aps": ["content-available": 1, "sound": "chime.caf"]]

    /// `disputed.backgroundBadgeOrSound` `delivered` (the default, Apple Developer Forums thread
    /// 745345): a background push that badges or sounds wakes the app as the same push without
    /// them does, in every state, and counts against the budget; `dropped` makes it a mismatch
    /// that `pushTypeMismatch` governs.
    @Test(arguments: ArrivalState.allCases, [badged, sounding])
    func aBackgroundPushThatBadgesOrSoundsIsABackgroundPushByDefault(state: ArrivalState, payload: JSONObject) {
        let plain = DispatchScenario(
            ios: IOSVersion(17), state: state, implements: Self.modern, notification: .remote(Self.silent), pushType: .background)
        var quiet = plain
        quiet.notification = .remote(payload)
        let trace = DispatchModel.trace(for: quiet)
        #expect(trace.delivery == nil)
        #expect(trace.calls == DispatchModel.trace(for: plain).calls, "\(state)")
        #expect(trace.display == .none)
        if state == .background || state == .foreground {
            #expect(trace.calls.map(\.callback) == [.didReceiveRemoteNotificationFetch], "never willPresent, in \(state)")
        }
        // The budget: the fifth background push in the hour is deferred, badge or not.
        var spent = quiet
        spent.silentPushesLastHour = 4
        if state == .background {
            #expect(DispatchModel.trace(for: spent).delivery == .deferredBudget)
            #expect(DispatchModel.trace(for: spent).calls.isEmpty)
        }
        // Background App Refresh off: held, as any background push.
        var refreshOff = quiet
        refreshOff.settings.backgroundAppRefresh = false
        #expect(
            DispatchModel.trace(for: refreshOff).calls
                == {
                    var off = plain
                    off.settings.backgroundAppRefresh = false
                    return DispatchModel.trace(for: off).calls
                }())

        // `dropped`: the old reading, governed by `pushTypeMismatch`.
        var dropped = quiet
        dropped.disputed.backgroundBadgeOrSound = .dropped
        #expect(DispatchModel.trace(for: dropped).delivery == .droppedPushTypeMismatch)
        #expect(DispatchModel.trace(for: dropped).calls.isEmpty)
        dropped.disputed.pushTypeMismatch = .delayed
        #expect(DispatchModel.trace(for: dropped).delivery == .delayedPushTypeMismatch)
    }

    /// The knob reaches only a badge or a sound: a background push that alerts stays a mismatch
    /// (dropped by default), and an alert push with only content-available too, under either value.
    @Test(arguments: BackgroundBadgeOrSoundOutcome.allCases)
    func anAlertingBackgroundPushStaysAMismatchUnderEitherValue(value: BackgroundBadgeOrSoundOutcome) {
        var alerting = DispatchScenario(
            ios: IOSVersion(17), state: .background, implements: Self.modern,
            notification: .remote(["aps": ["content-available": 1, "badge": 1, "alert": "Gate B12"]]), pushType: .background)
        alerting.disputed.backgroundBadgeOrSound = value
        #expect(DispatchModel.trace(for: alerting).delivery == .droppedPushTypeMismatch)
        var silentAsAlert = DispatchScenario(
            ios: IOSVersion(17), state: .background, implements: Self.fetch, notification: .remote(Self.silent), pushType: .alert)
        silentAsAlert.disputed.backgroundBadgeOrSound = value
        #expect(DispatchModel.trace(for: silentAsAlert).delivery == .droppedPushTypeMismatch)
        // Before iOS 13 the header is ignored: the payload decides, the knob is not read.
        var old = DispatchScenario(
            ios: IOSVersion(12, 4), state: .foreground, implements: Self.modern, notification: .remote(Self.badged), pushType: .background)
        old.disputed.backgroundBadgeOrSound = value
        #expect(DispatchModel.trace(for: old).calls.map(\.callback) == [.didReceiveRemoteNotificationFetch, .willPresent])
    }

    @Test func noHeaderFieldLeavesTheTraceAsItWas() {
        for state in ArrivalState.allCases {
            for payload in [Self.silent, Self.alert] {
                let plain = DispatchScenario(ios: IOSVersion(17), state: state, implements: Self.modern, notification: .remote(payload), user: .tap)
                var matched = plain
                matched.pushType = payload == Self.silent ? .background : .alert
                matched.apnsPriority = payload == Self.silent ? 5 : 10
                #expect(DispatchModel.trace(for: plain) == DispatchModel.trace(for: matched), "\(state)")
                #expect(DispatchModel.trace(for: plain).delivery == nil)
            }
        }
    }

    @Test(arguments: 0...8)
    func theBudgetDefersTheFifthSilentPushAndNoVisibleOne(count: Int) {
        var scenario = DispatchScenario(ios: IOSVersion(17), state: .background, implements: Self.fetch, notification: .remote(Self.silent))
        scenario.silentPushesLastHour = count
        let trace = DispatchModel.trace(for: scenario)
        #expect(trace.calls.isEmpty == (count >= 4))
        #expect((trace.delivery == .deferredBudget) == (count >= 4))
        // A push that also alerts is never throttled.
        scenario.notification = .remote(["aps": ["content-available": 1, "alert": "done"]])
        #expect(DispatchModel.trace(for: scenario).calls.map(\.callback) == [.didReceiveRemoteNotificationFetch])
    }

    @Test(arguments: ArrivalState.allCases)
    func frameworkPushesLaunchAnAppWithNoProcessOnlyWhenTheyShould(state: ArrivalState) {
        let start: JSONObject = ["aps": ["event": "start", "timestamp": 1, "content-state": [:], "attributes-type": "A", "attributes": [:]]]
        let end: JSONObject = ["aps": ["event": "end", "timestamp": 1]]
        for (type, payload, launches) in [
            (PushType.voip, Self.alert, true), (.pushtotalk, Self.alert, true), (.liveactivity, start, true), (.liveactivity, end, false),
            (.widgets, ["aps": ["content-changed": true]], false), (.location, Self.alert, false),
        ] as [(PushType, JSONObject, Bool)] {
            let scenario = DispatchScenario(
                ios: IOSVersion(18), state: state, implements: Self.modern, notification: .remote(payload), pushType: type)
            let calls = DispatchModel.trace(for: scenario).calls
            if launches && state.isTerminated {
                #expect(calls == [SystemCall(phase: .arrival, callback: .didFinishLaunching, state: .background)], "\(type) \(state)")
            } else {
                #expect(calls.isEmpty, "\(type) \(state)")
            }
        }
    }

    @Test(arguments: [7, 8, 9, 10, 11, 12, 17, 26])
    func aCoveredTapRunsInactiveUpToIOS10AndActiveFrom11(major: Int) {
        for implements in [Self.fetch, Self.modern] {
            var scenario = DispatchScenario(
                ios: IOSVersion(major), state: .background, implements: implements,
                centerDelegate: implements == Self.fetch ? .none : .beforeLaunchEnds,
                notification: .remote(Self.alert), user: .tap)
            scenario.overlay = .notificationCenter
            let calls = DispatchModel.trace(for: scenario).actionCalls
            let expected: SystemCallback = major >= 10 && implements == Self.modern ? .didReceiveResponse : .didReceiveRemoteNotificationFetch
            #expect(calls.map(\.callback) == [expected], "iOS \(major)")
            #expect(calls.first?.state == (major >= 11 ? .active : .inactive), "iOS \(major)")
        }
    }

    @Test(arguments: [IOSVersion(9, 3, 2), IOSVersion(11), IOSVersion(17)])
    func aCoveredTapIsOneOpenedThroughEveryProvider(ios: IOSVersion) throws {
        var scenario = DispatchScenario(
            ios: ios, state: .background, implements: Self.fetch, centerDelegate: .none, notification: .remote(Self.alert, id: "n"), user: .tap)
        scenario.overlay = .notificationCenter
        for provider in allSimulators {
            let events = try ScenarioSimulator.run(scenario, provider: provider).events
            #expect(events.map(\.kind) == [.opened], "\(provider.id)")
        }
    }

    typealias PushType = PayloadValidator.PushType
}

/// The locked device: which actions need the unlock, and what a cancelled one delivers.
@Suite struct DeviceLockRuleTests {
    static let modern: Set<SystemCallback> = [.didReceiveRemoteNotificationFetch, .willPresent, .didReceiveResponse]

    static let users: [UserAction] = [
        .tap, .dismiss, .action(id: "A", foreground: false), .action(id: "B", foreground: true),
        .textInput(id: "R", foreground: false, text: "hi"),
    ]

    @Test(arguments: [false, true])
    func aCancelledUnlockStopsWhatNeedsTheUnlockAndNothingElse(authenticationRequired: Bool) {
        for state in ArrivalState.allCases {
            for user in Self.users {
                var scenario = DispatchScenario(
                    ios: IOSVersion(17), state: state, implements: Self.modern,
                    notification: .remote(["aps": ["alert": "hi"]]), customDismissAction: true, user: user)
                if authenticationRequired { scenario.actionOptions = [.authenticationRequired] }
                let unlocked = DispatchModel.trace(for: scenario)
                scenario.deviceLock = .locked
                #expect(DispatchModel.trace(for: scenario) == unlocked, "unlocking changes nothing on iOS 17: \(user) \(state)")
                scenario.deviceLock = .lockedCancelsUnlock
                let cancelled = DispatchModel.trace(for: scenario)
                let needsUnlock: Bool =
                    switch user {
                    case .tap: true
                    case .action(_, let foreground), .textInput(_, let foreground, _): foreground || authenticationRequired
                    default: false
                    }
                if needsUnlock {
                    #expect(cancelled.actionCalls.isEmpty && cancelled.actionDelivered == false, "\(user) \(state)")
                    #expect(cancelled.arrivalCalls == unlocked.arrivalCalls)
                } else {
                    #expect(cancelled == unlocked, "\(user) \(state)")
                }
                // Destructive is only a colour.
                scenario.actionOptions.insert(.destructive)
                #expect(DispatchModel.trace(for: scenario) == cancelled)
            }
        }
    }
}
