#if canImport(UIKit) && canImport(UserNotifications)
    import Foundation
    import PushBridge
    import PushBridgeProviderKit
    import UIKit
    import UserNotifications

    /// The thin glue between UIKit's and UserNotifications' delegate methods and a ``PushClient``.
    ///
    /// Call each entry point from the delegate method it is named after. Every completion handler
    /// iOS passes is completed exactly once; it only unwraps UIKit's types and forwards what iOS
    /// hands over to the core's entry points (`PushClient.didFinishLaunching(launchOptions:state:)`,
    /// `NotificationCenterRelay`, …), which read every payload and make every decision, tested on
    /// Linux. App-only (it reads `UIApplication`): unavailable in app extensions.
    ///
    /// One owner of the notification center's calls (see <doc:OneOwnerOfTheCallbacks>):
    /// - with plain APNs, ``installNotificationCenterDelegate(client:)`` (called by the launch
    ///   entry point) makes PushBridge the delegate, forwarding to the one it replaced;
    /// - with JPush or Getui, the SDK takes the delegate when the app registers, and PushBridge
    ///   installs none;
    /// - an app that keeps its own delegate calls the `userNotificationCenter` entry points below
    ///   from it, and passes `installsNotificationCenterDelegate: false` at launch.
    ///
    /// ```swift
    /// func application(_ application: UIApplication,
    ///                  didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
    ///     PushAppIntegration.application(application, didFinishLaunchingWithOptions: launchOptions, client: client)
    ///     return true
    /// }
    /// ```
    @available(iOSApplicationExtension, unavailable)
    public enum PushAppIntegration {
        private static let center = PushNotificationCenterDelegate()

        // MARK: The app delegate

        /// From `application(_:didFinishLaunchingWithOptions:)`: installs PushBridge's
        /// notification-center delegate before launch ends (unless `installsNotificationCenterDelegate`
        /// is false, or the provider's SDK takes the delegate) and reports the launch. A scene app's
        /// launch options are `nil`: its cold-start response comes through
        /// ``scene(_:willConnectTo:options:client:)``.
        @MainActor
        public static func application(
            _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?,
            client: PushClient, installsNotificationCenterDelegate: Bool = true
        ) {
            if installsNotificationCenterDelegate { installNotificationCenterDelegate(client: client) }
            // What the client reads the user's authorization from, sets the icon's badge with and
            // unregisters with when the user withdraws consent.
            client.useNotificationSystem(SystemNotificationCenter())
            // By the keys' raw values, in a loop: a map to pairs and `Dictionary(uniqueKeysWithValues:)`
            // were 1.7 KB of specialisations for this one conversion.
            var options: [String: Any]?
            if let launchOptions {
                var byName: [String: Any] = [:]
                for (key, value) in launchOptions { byName[key.rawValue] = value }
                options = byName
            }
            client.didFinishLaunching(launchOptions: options, state: ApplicationState(application.applicationState))
        }

        /// Declares the app's notification categories, once, for every provider: sets them on the
        /// notification center (`setNotificationCategories(_:)`) and registers their identifiers
        /// with the provider when push starts — JPush registers category objects with its SDK
        /// (`JPUSHRegisterEntity.categories`), and finds them here. `PushAppDelegate` calls it
        /// with its `notificationCategories`; call it before `PushClient.start(consent:authorization:categories:)`.
        ///
        /// ```swift
        /// PushAppIntegration.setNotificationCategories([replyCategory], client: client)
        /// ```
        @MainActor
        public static func setNotificationCategories(_ categories: Set<UNNotificationCategory>, client: PushClient) {
            NotificationCategoryStore.process.set(categories)
            UNUserNotificationCenter.current().setNotificationCategories(categories)
            client.useNotificationCategories(categories.map(\.identifier).sortedByUTF8())
        }

        /// Makes PushBridge the notification center's delegate, forwarding to the delegate it
        /// replaces, when the client's provider has no SDK that takes the delegate; returns whether
        /// it did. Call before launch ends (Apple: the delegate must be set by then to see the
        /// response that launched the app).
        @MainActor
        @discardableResult
        public static func installNotificationCenterDelegate(client: PushClient) -> Bool {
            let relay = NotificationCenterRelay(client: client)
            guard relay.installsDelegate else { return false }
            center.install(relay: relay)
            client.notificationCenterDelegateSet()
            return true
        }

        /// From `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`.
        @MainActor
        public static func application(
            _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
            fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void, client: PushClient
        ) {
            nonisolated(unsafe) let complete = completionHandler
            client.didReceiveRemoteNotification(userInfo, state: ApplicationState(application.applicationState)) { result in
                DispatchQueue.main.async { complete(UIBackgroundFetchResult(result)) }
            }
        }

        /// From `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)`.
        public static func application(
            _ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data, client: PushClient
        ) {
            client.didRegisterForRemoteNotifications(deviceToken: [UInt8](deviceToken))
        }

        /// From `application(_:didFailToRegisterForRemoteNotificationsWithError:)`: a
        /// `registrationFailed` event, with the error's domain and code (3000: no `aps-environment`
        /// entitlement; 3010: a simulator that cannot register) and the error itself as the cause.
        public static func application(
            _ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: Error, client: PushClient
        ) {
            let nsError = error as NSError
            let code = PushError.VendorCode(domain: nsError.domain, code: nsError.code)
            client.didFailToRegisterForRemoteNotifications(
                error: PushError(
                    .providerFailure, field: "deviceToken", "registering for remote notifications failed (\(code))", vendorCode: code,
                    underlying: error))
        }

        /// From `applicationDidBecomeActive(_:)` (or `sceneDidBecomeActive(_:)`): a cold start's
        /// event waiting for its follow-up is emitted.
        public static func applicationDidBecomeActive(_ application: UIApplication, client: PushClient) {
            client.applicationDidBecomeActive()
        }

        /// From `applicationWillResignActive(_:)` (or `sceneWillResignActive(_:)`): system UI —
        /// Notification Center, the Lock Screen's list, Control Center — may cover the app, and a
        /// tap there on iOS 11+ reaches an app without a notification-center delegate in its
        /// remote handler in state `active` (rdar 34332569): the client then takes it for the tap
        /// it is (`opened`), until the app is active again.
        public static func applicationWillResignActive(_ application: UIApplication, client: PushClient) {
            client.applicationWillResignActive()
        }

        // MARK: Scenes

        /// From `scene(_:willConnectTo:options:)` (a scene app, or a SwiftUI app's scene delegate):
        /// the response that launched the app, if `connectionOptions.notificationResponse` holds
        /// one, and the options for an SDK that reads them (Getui 3.1+).
        @available(iOS 13.0, *)
        @MainActor
        public static func scene(
            _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions, client: PushClient
        ) {
            client.sceneWillConnect(
                response: connectionOptions.notificationResponse.map { SystemResponse($0) }, options: PlatformObject(connectionOptions))
        }

        // MARK: The app's own notification-center delegate

        /// From the app's own `userNotificationCenter(_:willPresent:withCompletionHandler:)`, when
        /// the app keeps the delegate: the client's presentation (when the call is its to take),
        /// answered once.
        public static func userNotificationCenter(
            _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
            withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void, client: PushClient
        ) {
            let version = (IOSVersion.running ?? IOSVersion(14))
            NotificationCenterRelay(client: client).willPresent(SystemNotification(notification)) { options in
                completionHandler(UNNotificationPresentationOptions(rawValue: UInt(PresentationAdapter.systemOptions(options, on: version).rawValue)))
            }
        }

        /// From the app's own `userNotificationCenter(_:didReceive:withCompletionHandler:)`, when
        /// the app keeps the delegate: the response to the client (when it is its to take),
        /// completed once.
        public static func userNotificationCenter(
            _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
            withCompletionHandler completionHandler: @escaping @Sendable () -> Void, client: PushClient
        ) {
            forward(response, to: NotificationCenterRelay(client: client), forwardingTo: [], completion: completionHandler)
        }

        /// From the app's own `userNotificationCenter(_:openSettingsFor:)` (iOS 12+): a
        /// `settingsRequested` event (`notification` `nil`: from the Settings app).
        public static func userNotificationCenter(
            _ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?, client: PushClient
        ) {
            NotificationCenterRelay(client: client).openSettings(forRequest: notification.map { SystemNotification($0) })
        }

        /// Hands a response to `relay`, with the application state read on the main actor; the
        /// system's handler runs on main.
        static func forward(
            _ response: UNNotificationResponse, to relay: NotificationCenterRelay, forwardingTo forwards: [NotificationCenterRelay.ResponseForward],
            completion: @escaping @Sendable () -> Void
        ) {
            relay.didReceive(
                SystemResponse(response), forwardingTo: forwards, applicationState: { ApplicationState(UIApplication.shared.applicationState) },
                completion: { DispatchQueue.main.async { completion() } })
        }
    }

    /// The notification-center delegate PushBridge installs when no provider SDK takes the
    /// delegate; it forwards to the delegate it replaced (uniting presentation options, joining
    /// completions) through `NotificationCenterRelay`, and never to itself.
    ///
    /// `@unchecked Sendable` only because an `NSObject` subclass cannot be checked: its one stored
    /// property is a `Locked` of `Sendable` values (the previous delegate in its own box).
    @available(iOSApplicationExtension, unavailable)
    final class PushNotificationCenterDelegate: NSObject, UNUserNotificationCenterDelegate, @unchecked Sendable {
        private let state = Locked<(relay: NotificationCenterRelay?, previous: PreviousDelegate?)>((nil, nil))

        func install(relay: NotificationCenterRelay) {
            let center = UNUserNotificationCenter.current()
            let existing = center.delegate
            state.withLock { state in
                state.relay = relay
                if let existing, existing !== self { state.previous = PreviousDelegate(existing) }
            }
            center.delegate = self
        }

        func userNotificationCenter(
            _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
            withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
        ) {
            let (relay, previous) = state.withLock { ($0.relay, $0.previous) }
            // Not `[]`: the literal brings the option set's whole SetAlgebra conformance (2 KB).
            guard let relay else { return completionHandler(UNNotificationPresentationOptions(rawValue: 0)) }
            let version = (IOSVersion.running ?? IOSVersion(14))
            var forwards: [NotificationCenterRelay.PresentationForward] = []
            if let previous,
                previous.delegate.responds(
                    to: #selector(UNUserNotificationCenterDelegate.userNotificationCenter(_:willPresent:withCompletionHandler:)))
            {
                let box = ForwardedCall(center: center, notification: notification)
                forwards.append { answer in
                    previous.delegate.userNotificationCenter?(box.center, willPresent: box.notification) { options in
                        answer(PresentationOptions(rawValue: options.rawValue))
                    }
                }
            }
            relay.willPresent(SystemNotification(notification), forwardingTo: forwards) { options in
                completionHandler(UNNotificationPresentationOptions(rawValue: UInt(PresentationAdapter.systemOptions(options, on: version).rawValue)))
            }
        }

        func userNotificationCenter(
            _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
            withCompletionHandler completionHandler: @escaping @Sendable () -> Void
        ) {
            let (relay, previous) = state.withLock { ($0.relay, $0.previous) }
            guard let relay else { return completionHandler() }
            var forwards: [NotificationCenterRelay.ResponseForward] = []
            if let previous,
                previous.delegate.responds(
                    to: #selector(UNUserNotificationCenterDelegate.userNotificationCenter(_:didReceive:withCompletionHandler:)))
            {
                let box = ForwardedResponse(center: center, response: response)
                forwards.append { done in previous.delegate.userNotificationCenter?(box.center, didReceive: box.response) { done() } }
            }
            PushAppIntegration.forward(response, to: relay, forwardingTo: forwards, completion: completionHandler)
        }

        func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?) {
            let (relay, previous) = state.withLock { ($0.relay, $0.previous) }
            if let previous, previous.delegate.responds(to: #selector(UNUserNotificationCenterDelegate.userNotificationCenter(_:openSettingsFor:))) {
                previous.delegate.userNotificationCenter?(center, openSettingsFor: notification)
            }
            guard let relay else { return }
            relay.openSettings(forRequest: notification.map { SystemNotification($0) })
        }
    }

    /// The notification-center delegate another SDK installed before PushBridge, kept so that
    /// ``PushNotificationCenterDelegate`` forwards to it.
    ///
    /// `@unchecked Sendable` because `UNUserNotificationCenterDelegate` is not `Sendable` (and
    /// `Locked` is `Sendable` only for a `Sendable` value). It is safe because the reference is all
    /// that crosses threads, and retaining or releasing an Objective-C object is thread-safe: the
    /// delegate's methods are called only from ``PushNotificationCenterDelegate``'s own delegate
    /// methods, synchronously, on the thread the notification center called those on — where the
    /// center would have called this delegate itself had PushBridge not been installed — and
    /// never while `Locked`'s lock is held. PushBridge adds no concurrent use it would not have seen.
    private struct PreviousDelegate: @unchecked Sendable {
        /// The other SDK's delegate.
        let delegate: any UNUserNotificationCenterDelegate

        /// A box for `delegate`.
        init(_ delegate: any UNUserNotificationCenterDelegate) { self.delegate = delegate }
    }

    /// The arguments of a call forwarded to the previous delegate, carried into the relay's
    /// `@Sendable` forwarding closure. `@unchecked Sendable` for the reason ``PreviousDelegate``
    /// gives: the forward runs synchronously, on the thread the center called PushBridge on.
    private struct ForwardedCall: @unchecked Sendable {
        let center: UNUserNotificationCenter
        let notification: UNNotification
    }

    /// ``ForwardedCall`` for a response.
    private struct ForwardedResponse: @unchecked Sendable {
        let center: UNUserNotificationCenter
        let response: UNNotificationResponse
    }

    /// The app's notification categories as ``PushAppIntegration/setNotificationCategories(_:client:)``
    /// declared them, for a provider SDK that registers category objects (JPush): declared once,
    /// found by identifier when the provider registers.
    ///
    /// `@unchecked Sendable`: the set is guarded by `lock`, and `UNNotificationCategory` is immutable.
    package final class NotificationCategoryStore: @unchecked Sendable {
        /// The process's one store (the notification center's categories are the process's).
        package static let process = NotificationCategoryStore()
        private let lock = NSLock()
        // `Set()`, not `[]`: an empty array literal still specialises `Set`'s non-empty literal
        // path for `UNNotificationCategory` (about 1 KB an app links).
        private var categories = Set<UNNotificationCategory>()

        /// The categories declared last.
        package var current: Set<UNNotificationCategory> {
            lock.lock()
            defer { lock.unlock() }
            return categories
        }

        /// Replaces the declared categories.
        func set(_ categories: Set<UNNotificationCategory>) {
            lock.lock()
            self.categories = categories
            lock.unlock()
        }
    }

#endif
