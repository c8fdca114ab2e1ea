import PushBridge

/// Behaviours the public sources disagree on: each is a knob whose default is the answer most
/// sources (and Apple) give, so a team can run its tests under the other reading too.
///
/// ```swift
/// var scenario = DispatchScenario(ios: IOSVersion(13, 3), state: .forceQuit, implements: [.didReceiveRemoteNotificationFetch],
///                                 notification: .remote(["aps": ["content-available": 1]]))
/// scenario.disputed.silentPushWakesForceQuitApp = true
/// DispatchModel.trace(for: scenario).calls // 1 [background], 3 [background]
/// ```
public struct DisputedBehaviours: Sendable, Hashable {
    /// Whether a `content-available` push launches an app the user swiped away, as a not-running
    /// one. Default `false`: Apple ("the system does not automatically launch your app if the
    /// user has force-quit it", `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`)
    /// and most reports (OneSignal/OneSignal-iOS-SDK#431, a maintainer). `true`: the one report
    /// of a force-quit app woken on iOS 13 (react-native-push-notification/ios#235, which
    /// attributes it to registering early). Read on iOS 13 and later only.
    public var silentPushWakesForceQuitApp: Bool
    /// What a notification shows in the foreground on iOS 10+ when the app sets no
    /// notification-center delegate at all. Default `.none`: the published experiments (iOS 10–12)
    /// and two reports saw nothing — beeminder/BeeSwift#646 (2025, an `.apns` file on the
    /// Simulator: "no alert was shown at all" until the PR set the delegate) and
    /// zulip/zulip-mobile#4163 (2021, iPad mini 4 on iOS 14.6). `.asSent`: Apple's `willPresent`
    /// page says "If you don't provide a delegate at all … the system uses the notification's
    /// original options to alert the user" *(read as a banner for a visible push)*; one report
    /// saw notifications shown with the delegate line removed, which the maintainer put down to
    /// another plugin (MaikuB/flutter_local_notifications#777, 2020). A delegate without method 4
    /// shows nothing either way (the same page: "as if you had passed the
    /// UNNotificationPresentationOptionNone option").
    public var foregroundDisplayWithoutDelegate: ForegroundDisplayWithoutDelegate
    /// Whether `application(_:didReceiveRemoteNotification:)` (2) is called for a
    /// `content-available` push in the background when the fetch method (3) is not implemented.
    /// Default `false`: Apple documents the background launch for 3 only, and the published experiments saw 2
    /// never called in the background. `true`: one hedged report that it "_was_ called in the
    /// background" (deltachat/deltachat-ios#1100, 2021, iOS version not given).
    public var method2InBackground: Bool
    /// What APNs does with a push whose `apns-push-type` does not describe its payload (iOS 13+).
    /// Apple's words allow both: "APNs may delay the delivery of the notification or drop it
    /// altogether" ("Sending notification requests to APNs"). Default ``PushTypeMismatchOutcome/dropped``:
    /// the reports saw nothing arrive (malliina/mobile-push#19; andrei-m-code/net-core-push-notifications#9,
    /// iOS 13). `.delayed`: delivered later, as the payload says.
    public var pushTypeMismatch: PushTypeMismatchOutcome = .dropped
    /// What iOS 13+ does with a `background` push whose payload badges or plays a sound beside
    /// `content-available` (no alert). Default ``BackgroundBadgeOrSoundOutcome/delivered``: APNs
    /// delivers it and the app is woken as for any background push — same calls, same budget,
    /// same Background App Refresh rules (Apple Developer Forums thread 745345, a real-device
    /// report, as issue 46 cites it; PushBridge's validator warns about it rather than refusing
    /// it). ``BackgroundBadgeOrSoundOutcome/dropped``: the older reading that the badge or sound
    /// makes it an alert push, so a mismatch that ``pushTypeMismatch`` governs *(inference from
    /// Apple's "The value of this header must accurately reflect the contents of your
    /// notification's payload", "Sending notification requests to APNs")*. A background push
    /// with an alert is a mismatch under either value.
    public var backgroundBadgeOrSound: BackgroundBadgeOrSoundOutcome = .delivered
    /// How many background pushes an hour iOS lets wake the app before it defers the next one.
    /// Default 4, the fifth deferred: firebase/firebase-ios-sdk#7072 (2020, iOS 14: throttled at
    /// the fifth silent push). Apple gives only advice: "don't try to send more than two or three
    /// per hour" ("Pushing background updates to your App"); set 2 or 3 for that reading.
    /// Budgets above 255 are read as 255.
    public var silentPushBudget: Int {
        get { Int(budget) }
        set { budget = UInt8(clamping: max(0, newValue)) }
    }
    /// ``silentPushBudget`` in a byte: the knobs are copied with every scenario.
    private var budget: UInt8 = 4

    /// Knobs from their parts; every default is the documented answer.
    public init(
        silentPushWakesForceQuitApp: Bool = false, foregroundDisplayWithoutDelegate: ForegroundDisplayWithoutDelegate = .none,
        method2InBackground: Bool = false
    ) {
        self.silentPushWakesForceQuitApp = silentPushWakesForceQuitApp
        self.foregroundDisplayWithoutDelegate = foregroundDisplayWithoutDelegate
        self.method2InBackground = method2InBackground
    }

    /// Every knob at its default.
    public static let documented = DisputedBehaviours()

    /// The knobs' names in a scenario's `disputed` object.
    public static let jsonFields = [
        "silentPushWakesForceQuitApp", "foregroundDisplayWithoutDelegate", "method2InBackground", "pushTypeMismatch", "silentPushBudget",
        "backgroundBadgeOrSound",
    ]
}

/// What a foreground notification shows when no `willPresent` decides it.
public enum ForegroundDisplayWithoutDelegate: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Nothing (the default).
    case none
    /// What the notification would show in the background.
    case asSent

    /// The scenario value.
    public var description: String { rawValue }
}
