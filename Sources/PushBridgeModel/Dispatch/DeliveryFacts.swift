import PushBridge

/// The facts the dispatch rules are written in: the shorthands of `dispatch-model.md`
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
        isLocal = scenario.notification.source == .local
        visible = isLocal || flags.hasAlert
        contentAvailable = !isLocal && flags.contentAvailable
        silent = contentAvailable && flags.isSilent
        passive = !isLocal && flags.passive && scenario.ios.major >= 15
        scenes = scenario.lifecycle == .scenes && scenario.ios.major >= 13
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
    /// **visible**: `aps.alert` present and non-empty; local notifications always are.
    let visible: Bool
    /// **CA**: `aps.content-available` is the number 1.
    let contentAvailable: Bool
    /// **silent**: CA and no `alert`, `badge` or `sound`.
    let silent: Bool
    /// **passive**: `interruption-level: passive` on iOS 15+: "the system adds the notification
    /// to the notification list without lighting up the screen or playing a sound" (Apple,
    /// `UNNotificationInterruptionLevel.passive`). Read before iOS 15 by nothing.
    let passive: Bool
    /// **BG**: the app has the `remote-notification` background mode.
    let backgroundMode: Bool
    /// A scene app on iOS 13+: the launch options carry no notification, and a launch that brings
    /// the app to the screen for the user's response connects a scene with it.
    let scenes: Bool

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

    /// **WP**: UN and 4 implemented.
    var willPresent: Bool {
        hasCenterDelegate(forColdStartResponse: false) && implements(.willPresent)
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

    /// CA and F and BG: iOS runs the app in the background for this notification.
    var wakesAppInBackground: Bool { contentAvailable && fetchHandler && backgroundMode }

    /// The launch options key a notification of this source is carried under.
    var launchOptionsKey: LaunchOptionsKey? {
        if scenes { return nil }
        return isLocal ? .localNotification : .remoteNotification
    }

    /// What a notification shows when the app is not in the foreground.
    /// A passive notification goes to the list, never a banner.
    var displayOutsideForeground: NotificationDisplay { visible ? (passive ? .list : .banner) : .none }

    /// What `willPresent`'s options show: a passive notification goes to the list even when the
    /// app answers `banner` *(inference from Apple's definition of passive: no banner)*.
    func shown(_ display: NotificationDisplay) -> NotificationDisplay {
        passive && display == .banner ? .list : display
    }
}
