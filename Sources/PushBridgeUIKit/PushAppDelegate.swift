#if canImport(UIKit) && canImport(UserNotifications)
    import Foundation
    import PushBridge
    import UIKit
    import UserNotifications

    /// An app delegate that hands PushBridge every UIKit callback it needs, by inheritance: make
    /// the app's delegate a subclass, list the adapters the app links, and handle the events.
    ///
    /// ```swift
    /// @main
    /// final class AppDelegate: PushAppDelegate {
    ///     override var pushAdapters: [PushAdapter] { [.apns, .jpush, .getui] }   // push.json picks one
    ///     override var privacyConsent: PrivacyConsent { .granted }
    ///     override func handle(_ event: PushEvent) {
    ///         if case .opened(let opened) = event { print("opened", opened.notification.id) }
    ///     }
    /// }
    /// ```
    ///
    /// At launch it makes ``push`` from `push.json` in the main bundle and ``pushAdapters``
    /// (never a crash: a missing file or SDK leaves push off and the reason arrives as a
    /// `registrationFailed` event), installs PushBridge's notification-center delegate where the
    /// provider's SDK does not take it, then runs the push app's launch routine
    /// (`PushApp.launch(_:categories:)`): it subscribes ``handle(_:)`` to ``push``'s events (the tap
    /// that launched the app comes first), answers foreground notifications with
    /// ``presentation(for:)``, starts push with ``privacyConsent`` and ``authorizationOptions``, and
    /// runs ``didStart(_:)``. Scenes connect through ``PushSceneDelegate``, which it names in
    /// the scene configuration, so a scene or SwiftUI app writes no scene delegate for push.
    ///
    /// It is a `PushApp`, and is driven by one: itself by default. An app that tests its push
    /// handling on Linux writes it in a `PushApp` of its own, free of UIKit, and returns it from
    /// ``makePushApp()``; PushBridgeTesting's `SimulatedDevice` runs that type unchanged.
    ///
    /// The forwarding methods are `public`, not `open`: a subclass cannot override one and lose a
    /// callback. Its own launch and activation code goes in ``didFinishLaunching(_:launchOptions:)``,
    /// ``didBecomeActive(_:)`` and ``willResignActive(_:)``, called after PushBridge has been handed the callback. Nothing
    /// is swizzled: every callback is a method of this class, in plain sight. An app that must
    /// keep its own delegate calls ``PushAppIntegration``'s entry points from it instead.
    ///
    /// A SwiftUI app names it with `@UIApplicationDelegateAdaptor(AppDelegate.self)`.
    @available(iOSApplicationExtension, unavailable)
    @MainActor
    open class PushAppDelegate: UIResponder, UIApplicationDelegate, PushApp {
        /// The app delegate that made the client, for the scene delegate (SwiftUI's adaptor puts
        /// its own object in `UIApplication.shared.delegate`).
        static weak var current: PushAppDelegate?

        // MARK: What the app decides

        /// The adapters the app links; the configuration file picks one. None by default: list
        /// them (`[.apns, .jpush, .getui]`), or push stays off with a `registrationFailed` event
        /// saying which provider is missing.
        open var pushAdapters: [PushAdapter] { [] }

        /// The configuration file's name in the main bundle: `push.json`.
        open var pushConfigurationFile: String { "push.json" }

        /// The provider the app chose itself (from its server, a user's setting), read at
        /// launch: `nil` by default, so that `push.json` decides — its `provider`, or its
        /// `markets` by the App Store storefront ("One binary for China and abroad"). It must be
        /// one the file names.
        open var pushProvider: PushProviderID? { nil }

        /// The user's answer to the app's privacy policy, read at launch: `.denied` by default, so
        /// that no provider starts — plain APNs included — and no permission prompt appears
        /// (a `registrationFailed` event says consent is required) until the app says otherwise.
        /// When the user accepts later, call `push.start(consent: .granted)`; when they withdraw
        /// it, `push.start(consent: .denied)` turns push off for every provider. An app that asks
        /// no consent for push (plain APNs outside mainland China) returns `.notRequired`.
        open var privacyConsent: PrivacyConsent { .denied }

        /// What to ask the user for when push starts: alerts, badges and sounds, so that the
        /// permission prompt follows the consent. Return `[.provisional]` (iOS 12+: delivered
        /// quietly, no prompt) to ask later, when the app chooses, with
        /// `push.authorizationStatus(requesting:)`.
        open var authorizationOptions: AuthorizationOptions { [.alert, .badge, .sound] }

        /// The notification categories, declared once for every provider: set on the notification
        /// center at launch and registered with the provider when push starts
        /// (`PushAppIntegration.setNotificationCategories(_:client:)`). None by default.
        open var notificationCategories: Set<UNNotificationCategory> { Set() }  // not `[]`: see `NotificationCategoryStore`

        /// The scene delegate the scene configuration names when Info.plist names none:
        /// ``PushSceneDelegate``, or a subclass of it.
        open var sceneDelegateClass: PushSceneDelegate.Type { PushSceneDelegate.self }

        /// Receives each event of ``push``, on the main actor, in order: held ones (the tap that
        /// launched the app) first. Nothing by default.
        open func handle(_ event: PushEvent) {}

        /// How to present a notification that arrives in the foreground:
        /// `PushClientOptions.defaultPresentation` by default.
        open func presentation(for notification: PushNotification) -> PresentationOptions { push.options.defaultPresentation }

        /// The app's own code once push has started; nothing by default.
        open func didStart(_ push: PushClient) {}

        /// The push app this delegate runs (asked once, at launch): the delegate itself by default.
        /// Return a `PushApp` of the app's own, free of UIKit, to run the same handling under
        /// PushBridgeTesting's `SimulatedDevice` on Linux; its adapters, configuration file,
        /// consent, authorization options, events, presentation and start are then its own, and
        /// the delegate's overrides of those are not read.
        open func makePushApp() -> any PushApp { self }

        /// The push app the delegate runs, made once.
        private lazy var pushApp: any PushApp = makePushApp()

        /// The app's own launch code, run once PushBridge has the launch and push has started;
        /// what it returns is `application(_:didFinishLaunchingWithOptions:)`'s answer (`true`).
        open func didFinishLaunching(_ application: UIApplication, launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
            true
        }

        /// The app's own code for each time the app becomes active, run after PushBridge's —
        /// once per activation in every kind of app: from `applicationDidBecomeActive(_:)` in an
        /// app without scenes, and from ``PushSceneDelegate`` when the first of its scenes becomes
        /// active in a scene or SwiftUI app (where UIKit calls the scene's delegate instead: "In
        /// iOS 13 and later, use UISceneDelegate objects to respond to life-cycle events in a
        /// scene-based app", Apple, `applicationDidBecomeActive(_:)`).
        open func didBecomeActive(_ application: UIApplication) {}

        /// The app's own code for each time the app stops being active, run after PushBridge's:
        /// from `applicationWillResignActive(_:)`, or from ``PushSceneDelegate`` when the last of
        /// its active scenes resigns.
        open func willResignActive(_ application: UIApplication) {}

        // MARK: The client

        /// The client, made at launch from the push app's ``pushConfigurationFile``, ``pushAdapters``
        /// and ``pushProvider``.
        public private(set) lazy var push: PushClient = {
            var options = PushClientOptions()
            options.provider = pushApp.pushProvider
            return PushClient(configurationFile: pushApp.pushConfigurationFile, adapters: pushApp.pushAdapters, options: options)
        }()

        /// Whether the app is active, as the app's hooks last heard, so each runs once per change.
        private var activation = AppActivation()

        /// An app delegate (UIKit makes it).
        public override init() {
            super.init()
        }

        // MARK: UIApplicationDelegate: forwarded, not overridable

        /// Hands the launch to ``push`` (installing PushBridge's notification-center delegate
        /// first, where the provider's SDK does not take it), sets ``notificationCategories``, runs
        /// the push app's launch routine (`PushApp.launch(_:categories:)`: subscribes its
        /// ``handle(_:)``, starts push), then runs ``didFinishLaunching(_:launchOptions:)``.
        public func application(
            _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
        ) -> Bool {
            Self.current = self
            let client = push
            PushAppIntegration.application(application, didFinishLaunchingWithOptions: launchOptions, client: client)
            let categories = notificationCategories
            if !categories.isEmpty { PushAppIntegration.setNotificationCategories(categories, client: client) }
            pushApp.launch(client)
            return didFinishLaunching(application, launchOptions: launchOptions)
        }

        /// Tells ``push`` launch has ended (and to read the user's authorization again), then runs
        /// ``didBecomeActive(_:)``.
        public func applicationDidBecomeActive(_ application: UIApplication) {
            PushAppIntegration.applicationDidBecomeActive(application, client: push)
            if activation.applicationDidBecomeActive() { didBecomeActive(application) }
        }

        /// Tells ``push`` the app may be covered by system UI (a tap in Notification Center over
        /// the app is then an `opened`), then runs ``willResignActive(_:)``.
        public func applicationWillResignActive(_ application: UIApplication) {
            PushAppIntegration.applicationWillResignActive(application, client: push)
            if activation.applicationWillResignActive() { willResignActive(application) }
        }

        /// A scene became active (``PushSceneDelegate``): ``push`` is told, and the app's
        /// ``didBecomeActive(_:)`` runs when it is the first active scene.
        func sceneDidBecomeActive() {
            push.applicationDidBecomeActive()
            if activation.sceneDidBecomeActive() { didBecomeActive(UIApplication.shared) }
        }

        /// A scene will resign active (``PushSceneDelegate``): ``push`` is told, and the app's
        /// ``willResignActive(_:)`` runs when no scene is active any more.
        func sceneWillResignActive() {
            push.applicationWillResignActive()
            if activation.sceneWillResignActive() { willResignActive(UIApplication.shared) }
        }

        /// Forwards the device token (a `registered` event follows, from the provider).
        public func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
            PushAppIntegration.application(application, didRegisterForRemoteNotificationsWithDeviceToken: deviceToken, client: push)
        }

        /// Forwards the failure (a `registrationFailed` event).
        public func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error) {
            PushAppIntegration.application(application, didFailToRegisterForRemoteNotificationsWithError: error, client: push)
        }

        /// Forwards a remote notification; `completionHandler` runs exactly once, with the answer
        /// of the client's background-work handler (`push.setBackgroundWorkHandler`).
        public func application(
            _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
            fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
        ) {
            PushAppIntegration.application(
                application, didReceiveRemoteNotification: userInfo, fetchCompletionHandler: completionHandler, client: push)
        }

        /// The configuration Info.plist gives the scene, with ``sceneDelegateClass`` as its
        /// delegate when Info.plist names none (a SwiftUI app's case). A scene delegate Info.plist
        /// names is kept: make it a ``PushSceneDelegate`` subclass.
        public func application(
            _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions
        ) -> UISceneConfiguration {
            let configuration = UISceneConfiguration(name: connectingSceneSession.configuration.name, sessionRole: connectingSceneSession.role)
            if configuration.delegateClass == nil { configuration.delegateClass = sceneDelegateClass }
            return configuration
        }
    }
#endif
