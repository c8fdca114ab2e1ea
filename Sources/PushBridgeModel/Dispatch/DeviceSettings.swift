import PushBridge

/// What the user has set on the device for the app: whether notifications may alert, whether
/// the app may run in the background, and the system modes that hold notifications back.
///
/// Every default is the typical device: notifications authorized, Background App Refresh on,
/// Low Power Mode off, no Focus, no scheduled summary, time-sensitive notifications allowed. A scenario that does not name these
/// settings gets the defaults, and its trace is the one the model gave before they existed.
///
/// ```swift
/// var scenario = DispatchScenario(ios: IOSVersion(17), state: .background, notification: .remote(payload))
/// scenario.settings = DeviceSettings(authorization: .provisional)
/// DispatchModel.trace(for: scenario).display // .list
/// ```
public struct DeviceSettings: Sendable, Hashable {
    /// What the user allowed when the app asked (`UNAuthorizationStatus`).
    public var authorization: NotificationAuthorization
    /// The app's switch under Settings › General › Background App Refresh.
    public var backgroundAppRefresh: Bool
    /// Whether Low Power Mode is on.
    public var lowPowerMode: Bool
    /// Whether a Focus that does not allow the app's notifications is on (iOS 15+).
    public var focus: Bool
    /// Whether the app's notifications go to the scheduled summary (iOS 15+).
    public var scheduledSummary: Bool
    /// Whether a `time-sensitive` notification may break through a Focus and the summary: the
    /// app has the Time Sensitive Notifications capability and the user left "Time Sensitive
    /// Notifications" on for it (Apple, `UNNotificationInterruptionLevel.timeSensitive`;
    /// invertase/notifee#840, iOS 16.6: without the capability it was held back).
    public var timeSensitiveAllowed: Bool
    /// Whether a critical alert may break through a Focus, the scheduled summary and the mute
    /// switch: the app has the Critical Alerts entitlement
    /// (`com.apple.developer.usernotifications.critical-alerts`, which Apple grants on request)
    /// and the user allowed critical alerts (`UNAuthorizationOptions.criticalAlert`). Without it
    /// a critical alert is a normal notification (home-assistant/iOS#737). Default `true`: a
    /// scenario that sends a critical alert describes an app entitled to send it, and the
    /// project's vectors for `interruption-level: critical` (Apple's
    /// `UNNotificationInterruptionLevel.critical` page) were written so.
    public var criticalAlertsAllowed: Bool
    /// The device's screen: with the Dynamic Island or without it, which decides how a Live
    /// Activity update's alert shows (``NotificationDisplay/expandedActivity`` or a banner).
    /// Default ``DeviceKind/dynamicIsland``: every iPhone 14 Pro and later model but the 16e.
    public var device: DeviceKind

    /// Settings from their parts; each default is the typical device's.
    public init(
        authorization: NotificationAuthorization = .authorized, backgroundAppRefresh: Bool = true, lowPowerMode: Bool = false,
        focus: Bool = false, scheduledSummary: Bool = false, timeSensitiveAllowed: Bool = true, criticalAlertsAllowed: Bool = true,
        device: DeviceKind = .dynamicIsland
    ) {
        self.criticalAlertsAllowed = criticalAlertsAllowed
        self.device = device
        self.authorization = authorization
        self.backgroundAppRefresh = backgroundAppRefresh
        self.lowPowerMode = lowPowerMode
        self.focus = focus
        self.scheduledSummary = scheduledSummary
        self.timeSensitiveAllowed = timeSensitiveAllowed
    }

    /// The typical device: every default.
    public static let typical = DeviceSettings()

    /// Whether iOS may run the app in the background for a `content-available` push: not with
    /// Background App Refresh off or in Low Power Mode (invertase/react-native-firebase#7840, a
    /// maintainer, 2024: the handler is not called "if the device is in low power mode or has
    /// background refresh disabled"; #5656, 2022, Background App Refresh off: no handler ran in
    /// the background; firebase/flutterfire#6112, 2021: not in Low Power Mode. Kii's older
    /// documentation says iOS 8+ ignores the switch; the later reports are taken).
    public var allowsBackgroundWake: Bool { backgroundAppRefresh && !lowPowerMode }

    /// Whether a Focus or the scheduled summary holds back notifications that do not break
    /// through them.
    public var holdsBackNotifications: Bool { focus || scheduledSummary }
}

/// What the user allowed for the app's notifications (`UNAuthorizationStatus`).
public enum NotificationAuthorization: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Alerts, sounds and badges as the app asked (`.authorized`; an undetermined status shows
    /// nothing either, and is `denied` here).
    case authorized
    /// Provisional (iOS 12+, `.provisional`): "delivered quietly" — to Notification Center
    /// only, with no banner and no sound (Apple, "Asking permission to use notifications",
    /// provisional authorization).
    case provisional
    /// Denied (or never asked): iOS shows nothing and calls no presentation method; background
    /// pushes still reach the app, since they need no authorization (Apple, "Pushing background
    /// updates to your App"; the model's rule for what the app is then called is an inference).
    case denied
    /// Ephemeral (iOS 14+, `.ephemeral`): an App Clip, "temporarily authorized to post
    /// notifications" for a limited time after each launch (Apple, `UNAuthorizationStatus.ephemeral`;
    /// the App Clip may receive notifications "for up to 8 hours", Apple, "Enabling notifications in
    /// App Clips"). Within that window the notifications alert as `authorized` ones do
    /// *(inference: Apple describes no other difference)*; after it iOS treats the App Clip as not
    /// authorized, which a scenario writes as `denied`.
    case ephemeral

    /// The scenario value.
    public var description: String { rawValue }
}

/// The kind of screen a device has, for what a Live Activity's alert shows.
public enum DeviceKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The Dynamic Island (iPhone 14 Pro and later, but the 16e): an update's alert shows the
    /// activity's expanded presentation.
    case dynamicIsland
    /// No Dynamic Island: an update's alert shows as a banner over the Lock Screen presentation
    /// (Apple, Human Interface Guidelines, "Live Activities"; Apple Developer Forums thread
    /// 799195).
    case noDynamicIsland

    /// The scenario value.
    public var description: String { rawValue }
}
