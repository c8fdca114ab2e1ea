@_spi(ProviderAuthor) import PushBridge
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
    /// What its `willPresent` answers.
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
    /// What the system showed on arrival.
    public let display: NotificationDisplay
    /// The request identifier iOS gave this delivery: what methods 4 and 5 carry (`nil` for a
    /// provider-channel message iOS never showed).
    public var requestIdentifier: String? = nil
}
