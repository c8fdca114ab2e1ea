import PushBridge

/// The facts the dispatch rules are written in: the shorthands of `docs/spec/dispatch-model.md`
/// (UN, WP, DR, F, RH, BG) and the derived facts about the notification (visible, CA, silent).
///
/// Computed once per scenario so that each rule reads like the specification. Plain values
/// only (no copy of the scenario's sets or payload), so that evaluating a scenario allocates
/// nothing but its trace.
struct DeliveryFacts: Sendable {
    init(_ scenario: borrowing DispatchScenario) {
        version = scenario.ios
        state = scenario.state
        centerDelegate = scenario.centerDelegate
        presentation = scenario.presentation
        customDismissAction = scenario.customDismissAction
        implemented = scenario.implemented.intersection(CallbackSet(existingOn: scenario.ios))
        backgroundMode = scenario.hasRemoteNotificationMode
        let flags = scenario.notification.flags
        isLocal = scenario.notification.source.isLocal
        contentAvailable = !isLocal && flags.contentAvailable
        // A background push that also badges or sounds is delivered as one by default
        // (`DisputedBehaviours.backgroundBadgeOrSound`, Apple Developer Forums thread 745345).
        silent =
            contentAvailable
            && (flags.isSilent
                || (scenario.disputed.backgroundBadgeOrSound == .delivered && DispatchModel.quietBackgroundPush(scenario)))
        passive = flags.passive && scenario.ios.major >= 15
        scenes = scenario.lifecycle == .scenes && scenario.ios.major >= 13
        // A running app's tap that no connected scene takes connects one (`SceneSessions.swift`).
        sceneConnectsForAction = scenes && scenario.sceneActivation(launching: false)?.connects == true

        let settings = scenario.settings
        alertsAllowed = settings.authorization != .denied
        let provisional = settings.authorization == .provisional && scenario.ios.major >= 12
        // A communication notification breaks through the scheduled summary by default, and a
        // Focus that allows its sender (Apple, "Implementing communication notifications":
        // "unique in their ability to break through the scheduled notification summary by
        // default, and can also break through a Focus"; `INFocusStatus.isFocused`: "communication
        // from important people can break through").
        let communicationBreaks =
            scenario.extras.flags & ScenarioExtras.communicationBit != 0
            && (!settings.focus || scenario.extras.flags & ScenarioExtras.focusAllowsSenderBit != 0)
        let breaksThrough =
            (flags.critical && settings.criticalAlertsAllowed) || (flags.timeSensitive && settings.timeSensitiveAllowed)
            || communicationBreaks
        let heldBack = settings.holdsBackNotifications && scenario.ios.major >= 15 && !breaksThrough
        quiet = provisional || heldBack
        // A background push beyond the hour's budget is deferred as the settings defer one
        // (Apple, "Pushing background updates to your App": background notifications "may be
        // throttled"; the system "holds only the newest one"; firebase/firebase-ios-sdk#7072,
        // iOS 14: throttled at the fifth; ``DisputedBehaviours/silentPushBudget``).
        let extras = scenario.extras
        let budgetSpent = silent && Int(extras.silentPushesLastHour) >= scenario.disputed.silentPushBudget
        backgroundWakeAllowed = settings.allowsBackgroundWake && !budgetSpent
        deferredByBudget =
            budgetSpent && settings.allowsBackgroundWake && flags.contentAvailable
            && (scenario.state == .background || scenario.state == .notRunning)
            && scenario.implemented.contains(.didReceiveRemoteNotificationFetch) && scenario.ios.major >= 7 && scenario.hasRemoteNotificationMode
        coveredAtAction = extras.overlay != .none
        deviceLock = extras.deviceLock
        contentExtension = extras.contentExtension
        authenticationRequired = extras.deviceLock != .unlocked && extras.actionOptions & ActionOption.authenticationRequired.bit != 0
        forceQuitWakes = scenario.disputed.silentPushWakesForceQuitApp && scenario.ios.major >= 13
        foregroundDisplayWithoutDelegate = scenario.disputed.foregroundDisplayWithoutDelegate == .asSent
        method2InBackground = scenario.disputed.method2InBackground
        // The facts are of a remote or a local notification: a provider channel's message never
        // reaches them (the model evaluates its APNs copy, or a bare remote one, instead).
        serviceExtension = Self.serviceExtensionRun(scenario, remote: !isLocal, flags: flags, alertsAllowed: alertsAllowed)
        visible = (isLocal || flags.hasAlert) && alertsAllowed && serviceExtension != .filtered
    }

    /// What the service extension does, when the app has one: iOS runs it "only when … the remote
    /// notification is configured to display an alert" and its `aps` has `mutable-content` 1
    /// (Apple, `UNNotificationServiceExtension`), and not when the app's alerts are disabled
    /// (Apple's service-extension article, as `modern-ios-gaps.md` §5 quotes it: "the extension is
    /// not employed"); dropping a notification needs iOS 13.3 (Apple,
    /// `com.apple.developer.usernotifications.filtering`); before, iOS shows what the extension
    /// delivers *(inference)*.
    private static func serviceExtensionRun(
        _ scenario: borrowing DispatchScenario, remote: Bool, flags: DeliveryFlags, alertsAllowed: Bool
    ) -> ServiceExtensionRun? {
        let outcome = scenario.serviceExtension
        if outcome == .none { return nil }
        guard remote, flags.hasAlert, flags.mutableContent, alertsAllowed, scenario.ios.major >= 10 else {
            return .notRun
        }
        switch outcome {
        case .none, .modifies, .unchanged: return .ran
        case .timesOut: return .timedOut
        case .filters: return scenario.ios >= IOSVersion(13, 3) ? .filtered : .ran
        }
    }

    /// The device's iOS version.
    let version: IOSVersion
    /// Where the app is when the notification arrives.
    let state: ArrivalState
    /// When the app sets the notification-center delegate.
    let centerDelegate: CenterDelegateTiming
    /// What `willPresent` answers.
    let presentation: PresentationOptions
    /// Whether the category has `customDismissAction`.
    let customDismissAction: Bool
    /// The callbacks the app implements that iOS calls on `version`.
    private let implemented: CallbackSet

    /// A local notification (always visible, never wakes the app).
    let isLocal: Bool
    /// **visible**: `aps.alert` present and non-empty (local notifications always are), and
    /// something the user allowed to alert that no service extension dropped.
    let visible: Bool
    /// **CA**: `aps.content-available` is the number 1.
    let contentAvailable: Bool
    /// **silent**: CA and no `alert`, `badge` or `sound`; or, by default, CA in a `background`
    /// push on iOS 13+ with a badge or sound and no alert (``DisputedBehaviours/backgroundBadgeOrSound``).
    let silent: Bool
    /// **passive**: `interruption-level: passive` on iOS 15+: "the system adds the notification
    /// to the notification list without lighting up the screen or playing a sound" (Apple,
    /// `UNNotificationInterruptionLevel.passive`); for a remote or a local notification alike.
    /// Read before iOS 15 by nothing.
    let passive: Bool
    /// **BG**: the app has the `remote-notification` background mode.
    let backgroundMode: Bool
    /// A scene app on iOS 13+: the launch options carry no notification, and a launch that brings
    /// the app to the screen for the user's response connects a scene with it.
    let scenes: Bool
    /// Whether the user's tap or foreground action on the running app connects a scene (an
    /// unattached session, or a new one): only when the scenario lists its scenes.
    let sceneConnectsForAction: Bool
    /// The user allows the app's notifications to alert (authorized or provisional).
    let alertsAllowed: Bool
    /// **quiet**: delivered to Notification Center's list without a banner: provisional
    /// authorization (iOS 12+), or a Focus or the scheduled summary holding back a notification
    /// that is not `time-sensitive` or `critical` (iOS 15+; Apple, `UNNotificationInterruptionLevel`:
    /// time-sensitive ones "break through system notification controls"). The level is the
    /// payload's `aps.interruption-level` (for a local notification, the scenario writes the
    /// content's `interruptionLevel` there). A time-sensitive one breaks through only when
    /// ``DeviceSettings/timeSensitiveAllowed`` (invertase/notifee#840, iOS 16.6: without the
    /// capability it stayed under "While in Do Not Disturb"; with it, it broke through); a
    /// critical one — `interruption-level: critical` or a `critical` sound — when
    /// ``DeviceSettings/criticalAlertsAllowed`` (without the entitlement it is a normal
    /// notification, home-assistant/iOS#737).
    let quiet: Bool
    /// Background App Refresh on and Low Power Mode off (``DeviceSettings/allowsBackgroundWake``).
    let backgroundWakeAllowed: Bool
    /// A background push iOS would have run the app for, deferred because the hour's budget of
    /// background pushes is spent (the trace's `delivery` `deferredBudget`).
    let deferredByBudget: Bool
    /// System UI covers the app when the user acts: it is on screen but inactive
    /// (``DispatchScenario/overlay``).
    let coveredAtAction: Bool
    /// Whether the device is locked when the user acts (``DispatchScenario/deviceLock``).
    let deviceLock: DeviceLock
    /// What the content extension answers for an action (``DispatchScenario/contentExtension``).
    let contentExtension: ContentExtensionResponse
    /// The user's action has `.authenticationRequired`, on a locked device.
    let authenticationRequired: Bool
    /// ``DisputedBehaviours/silentPushWakesForceQuitApp``, on iOS 13+.
    let forceQuitWakes: Bool
    /// ``DisputedBehaviours/foregroundDisplayWithoutDelegate`` is `asSent`.
    let foregroundDisplayWithoutDelegate: Bool
    /// ``DisputedBehaviours/method2InBackground``.
    let method2InBackground: Bool
    /// What the service extension did; `nil` when the app has none.
    let serviceExtension: ServiceExtensionRun?

    /// Whether the app implements `callback` and iOS calls it on this version.
    /// `didFinishLaunching` is always implemented.
    func implements(_ callback: SystemCallback) -> Bool {
        callback == .didFinishLaunching || implemented.contains(callback)
    }

    /// **UN**: iOS 10+ and a notification-center delegate that is set when the callback happens.
    /// A delegate set after launch (`afterLaunch`) misses the response that launched the app.
    func hasCenterDelegate(forColdStartResponse coldStart: Bool) -> Bool {
        guard version.major >= 10 else { return false }
        switch centerDelegate {
        case .beforeLaunchEnds: return true
        case .afterLaunch: return !coldStart
        case .none: return false
        }
    }

    /// **WP**: UN and 4 implemented, for a notification iOS would present: never when the user
    /// denied alerts or the service extension dropped it *(inference: Apple calls 4 to ask how
    /// to present, and there is nothing to present)*.
    var willPresent: Bool {
        hasCenterDelegate(forColdStartResponse: false) && implements(.willPresent) && alertsAllowed && serviceExtension != .filtered
    }

    /// **DR**: UN and 5 implemented; `coldStart` for the response that launches the app.
    func didReceiveResponse(coldStart: Bool) -> Bool {
        hasCenterDelegate(forColdStartResponse: coldStart) && implements(.didReceiveResponse)
    }

    /// **F**: iOS 7+ and 3 implemented.
    var fetchHandler: Bool { implements(.didReceiveRemoteNotificationFetch) }

    /// **RH**, the remote handler: 3 if F, else 2 if implemented, else none.
    /// When both are implemented iOS never calls 2.
    var remoteHandler: SystemCallback? {
        if fetchHandler { return .didReceiveRemoteNotificationFetch }
        if implements(.didReceiveRemoteNotification) { return .didReceiveRemoteNotification }
        return nil
    }

    /// CA and F and BG: iOS runs the app in the background for this notification — unless
    /// Background App Refresh is off or Low Power Mode on.
    var wakesAppInBackground: Bool { contentAvailable && fetchHandler && backgroundMode && backgroundWakeAllowed }

    /// CA and F and BG, but Background App Refresh off or Low Power Mode on: iOS holds the push
    /// and hands it to 3 when the user next launches the app (Apple, "Pushing background updates
    /// to your App": "If the user launches the app, the system immediately delivers the held
    /// notification"; invertase/react-native-firebase#5656, 2022: with Background App Refresh
    /// off, opening the app from its icon ran the foreground handler). For an app that was not
    /// running when the push came, that iOS holds it too is an inference; a force-quit app's
    /// push is not held ("If something force quits or kills the app, the system discards the
    /// held notification").
    var heldForNextLaunch: Bool { contentAvailable && fetchHandler && backgroundMode && !backgroundWakeAllowed }

    /// The launch options key a notification of this source is carried under.
    var launchOptionsKey: LaunchOptionsKey? {
        if scenes { return nil }
        return isLocal ? .localNotification : .remoteNotification
    }

    /// What a notification shows when the app is not in the foreground.
    /// A passive notification goes to the list, never a banner.
    var displayOutsideForeground: NotificationDisplay { visible ? (passive || quiet ? .list : .banner) : .none }

    /// What `willPresent`'s options show: a passive or quiet notification (provisional, or held
    /// back by a Focus or the summary) goes to the list even when the app answers `banner`
    /// *(inference from Apple's definitions of passive, provisional and Focus: no banner; no
    /// source shows a foreground app under a Focus)*.
    func shown(_ display: NotificationDisplay) -> NotificationDisplay {
        (passive || quiet) && display == .banner ? .list : display
    }
}
