import PushBridge
import PushBridgeModel

/// What the simulated app implements, and how it answers.
public struct SimulatedApp: Sendable, Hashable {
    /// The notification callbacks the app implements.
    public var implements: Set<SystemCallback>
    /// When it sets the notification-center delegate.
    public var centerDelegate: CenterDelegateTiming
    /// Its `UIBackgroundModes`.
    public var backgroundModes: Set<String>
    /// Whether its categories have `customDismissAction`.
    public var customDismissAction: Bool
    /// What its `willPresent` answers, for a device launching bare `onLaunch` code; a device
    /// running a `PushApp` shows what the app's `presentation(for:)` answers instead.
    public var presentation: PresentationOptions
    /// App delegate alone or scenes (a SwiftUI app has scenes).
    public var lifecycle: AppLifecycle
    /// Who owns the notification center's delegate.
    public var notificationCenter: NotificationCenterArrangement
    /// Whether the launch code sets the delegate before or after registering with the provider.
    public var installOrder: DelegateInstallOrder
    /// What its notification service extension does (`.none`: it has none).
    public var serviceExtension: ServiceExtensionOutcome

    /// An app; the defaults are a typical modern app's.
    public init(
        implements: Set<SystemCallback> = [.didReceiveRemoteNotificationFetch, .willPresent, .didReceiveResponse],
        centerDelegate: CenterDelegateTiming = .beforeLaunchEnds,
        backgroundModes: Set<String> = [DispatchScenario.remoteNotificationMode], customDismissAction: Bool = false,
        presentation: PresentationOptions = [.banner, .list, .sound], lifecycle: AppLifecycle = .appDelegate,
        notificationCenter: NotificationCenterArrangement = .pushBridge, installOrder: DelegateInstallOrder = .registerFirst,
        serviceExtension: ServiceExtensionOutcome = .none
    ) {
        self.implements = implements
        self.centerDelegate = centerDelegate
        self.backgroundModes = backgroundModes
        self.customDismissAction = customDismissAction
        self.presentation = presentation
        self.lifecycle = lifecycle
        self.notificationCenter = notificationCenter
        self.installOrder = installOrder
        self.serviceExtension = serviceExtension
    }
}

/// A notification the device received: act on it with the device's methods.
public struct DeliveredNotification: Sendable, Hashable {
    /// Its number on the device, from 1 (0 for a message iOS never showed).
    public let number: Int
    /// What the system showed on arrival: for a notification presented in the foreground on a
    /// device running a `PushApp`, what the app's `presentation(for:)` answered, as the device's
    /// iOS shows it, once ``presentation`` holds the answer (`SimulatedDevice.presented(_:)`);
    /// until then, and with bare `onLaunch` code, what `SimulatedApp.presentation` says.
    public let display: NotificationDisplay
    /// The request identifier iOS gave this delivery: what methods 4 and 5 carry (`nil` for a
    /// provider-channel message iOS never showed).
    public var requestIdentifier: String? = nil
    /// What the app's push code answered `willPresentNotification` with — banner, list, sound,
    /// badge — as iOS on the device's version gets it (before iOS 14, `banner` and `list` are
    /// handed over as `alert`), on a device running a `PushApp`, as
    /// `SimulatedDevice.presented(_:)` returns it;
    /// `nil` when iOS did not ask (the app was not in the foreground), the device runs bare
    /// `onLaunch` code, or the answer has not come yet (`deliver` returns before the app, on
    /// the main actor, answers).
    public var presentation: PresentationOptions? = nil
}
