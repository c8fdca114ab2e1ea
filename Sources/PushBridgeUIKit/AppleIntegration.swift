#if canImport(UIKit) && canImport(UserNotifications)
    import Foundation
    import PushBridge
    import UIKit
    import UserNotifications

    /// The thin glue between UIKit's and UserNotifications' delegate methods and a ``PushClient``.
    ///
    /// Call each entry point from the delegate method it is named after. Every completion handler
    /// iOS passes is completed exactly once; every decision is made by code tested on Linux
    /// (``LaunchOptionsReader``, ``NotificationCenterRelay``, ``PresentationAdapter``,
    /// ``PushClient``). App-only (it reads `UIApplication`): unavailable in app extensions.
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
            // Only the remote key: on iOS 10 and later a tapped local notification reaches the
            // notification center's delegate as a response (UIKit deprecates `.localNotification`
            // in iOS 10.0: "Use UserNotifications Framework's -[UNUserNotificationCenterDelegate
            // didReceiveNotificationResponse:withCompletionHandler:]"), and the package's
            // deployment target is iOS 13. What that key holds is a `UILocalNotification`, which
            // has no JSON form anyway.
            var notificationOptions: [AnyHashable: Any] = [:]
            if let value = launchOptions?[.remoteNotification] {
                notificationOptions[UIApplication.LaunchOptionsKey.remoteNotification.rawValue] = value
            }
            let state = ApplicationState(application.applicationState)
            let json: JSONValue
            do throws(PushError) {
                json = try JSONValue(foundation: notificationOptions, path: "launchOptions")
            } catch {
                client.reportUnreadablePayload(error, in: .didFinishLaunching)
                client.handle(LaunchOptionsReader.invocation(launchOptions: nil, state: state).invocation)
                return
            }
            let (invocation, error) = LaunchOptionsReader.invocation(launchOptions: json.objectValue, state: state)
            if let error { client.reportUnreadablePayload(error, in: .didFinishLaunching) }
            client.handle(invocation)
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
            let notification: PushNotification
            do throws(PushError) {
                notification = try PushNotification(userInfo: userInfo)
            } catch {
                client.reportUnreadablePayload(error, in: .didReceiveRemoteNotificationFetch)
                complete(.noData)
                return
            }
            client.handle(
                CallbackInvocation(
                    callback: .didReceiveRemoteNotificationFetch, state: ApplicationState(application.applicationState),
                    notification: notification),
                completion: .fetch { result in
                    DispatchQueue.main.async { complete(UIBackgroundFetchResult(result)) }
                })
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
                error: PushError(.providerFailure, field: "deviceToken", "registering for remote notifications failed (\(code))", vendorCode: code, underlying: error))
        }

        /// From `applicationDidBecomeActive(_:)` (or `sceneDidBecomeActive(_:)`): a cold start's
        /// event waiting for its follow-up is emitted.
        public static func applicationDidBecomeActive(_ application: UIApplication, client: PushClient) {
            client.applicationDidBecomeActive()
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
            var response: (notification: PushNotification, action: ResponseAction, textInput: String?)?
            if let launch = connectionOptions.notificationResponse {
                let request = launch.notification.request
                do throws(PushError) {
                    let note = try PushNotification(userInfo: request.content.userInfo, identifier: request.identifier, source: source(of: request))
                    response = (note, ResponseAction(identifier: launch.actionIdentifier), (launch as? UNTextInputNotificationResponse)?.userText)
                } catch {
                    client.reportUnreadablePayload(error, in: .sceneWillConnect, identifier: request.identifier)
                }
            }
            client.sceneWillConnect(response: response, options: PlatformObject(connectionOptions))
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
            NotificationCenterRelay(client: client).willPresent(read(notification, in: .willPresent, client: client)) { options in
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
            deliver(response, to: NotificationCenterRelay(client: client), forwardingTo: [], completion: completionHandler)
        }

        /// From the app's own `userNotificationCenter(_:openSettingsFor:)` (iOS 12+): a
        /// `settingsRequested` event (`notification` `nil`: from the Settings app).
        public static func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?, client: PushClient) {
            NotificationCenterRelay(client: client).openSettings(for: notification.flatMap { read($0, in: .didReceiveResponse, client: client) })
        }

        /// The notification a `UNNotification` carries, or `nil` (reported) when it cannot be read.
        static func read(_ notification: UNNotification, in callback: SystemCallback, client: PushClient) -> PushNotification? {
            let request = notification.request
            do throws(PushError) {
                return try PushNotification(userInfo: request.content.userInfo, identifier: request.identifier, source: source(of: request))
            } catch {
                client.reportUnreadablePayload(error, in: callback, identifier: request.identifier)
                return nil
            }
        }

        /// Hands a response to `relay` with the application state read on the main actor (the
        /// center may call its delegate on another thread); the system's handler runs on main.
        static func deliver(
            _ response: UNNotificationResponse, to relay: NotificationCenterRelay, forwardingTo forwards: [NotificationCenterRelay.ResponseForward],
            completion: @escaping @Sendable () -> Void
        ) {
            let note = read(response.notification, in: .didReceiveResponse, client: relay.client)
            let action = ResponseAction(identifier: response.actionIdentifier)
            let textInput = (response as? UNTextInputNotificationResponse)?.userText
            Task { @MainActor in
                let state = ApplicationState(UIApplication.shared.applicationState)
                relay.didReceive(note, action: action, textInput: textInput, state: state, forwardingTo: forwards) {
                    DispatchQueue.main.async { completion() }
                }
            }
        }

        /// Remote when a push triggered the request, else local.
        static func source(of request: UNNotificationRequest) -> NotificationSource {
            request.trigger is UNPushNotificationTrigger ? .remote : .local
        }
    }

    /// The notification-center delegate PushBridge installs when no provider SDK takes the
    /// delegate; it forwards to the delegate it replaced (uniting presentation options, joining
    /// completions) through ``NotificationCenterRelay``, and never to itself.
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
            guard let relay else { return completionHandler([]) }
            let version = (IOSVersion.running ?? IOSVersion(14))
            var forwards: [NotificationCenterRelay.PresentationForward] = []
            if let previous, previous.delegate.responds(to: #selector(UNUserNotificationCenterDelegate.userNotificationCenter(_:willPresent:withCompletionHandler:))) {
                let box = ForwardedCall(center: center, notification: notification)
                forwards.append { answer in
                    previous.delegate.userNotificationCenter?(box.center, willPresent: box.notification) { options in
                        answer(PresentationOptions(rawValue: options.rawValue))
                    }
                }
            }
            let note = PushAppIntegration.read(notification, in: .willPresent, client: relay.client)
            relay.willPresent(note, forwardingTo: forwards) { options in
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
            if let previous, previous.delegate.responds(to: #selector(UNUserNotificationCenterDelegate.userNotificationCenter(_:didReceive:withCompletionHandler:))) {
                let box = ForwardedResponse(center: center, response: response)
                forwards.append { done in previous.delegate.userNotificationCenter?(box.center, didReceive: box.response) { done() } }
            }
            PushAppIntegration.deliver(response, to: relay, forwardingTo: forwards, completion: completionHandler)
        }

        func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?) {
            let (relay, previous) = state.withLock { ($0.relay, $0.previous) }
            if let previous, previous.delegate.responds(to: #selector(UNUserNotificationCenterDelegate.userNotificationCenter(_:openSettingsFor:))) {
                previous.delegate.userNotificationCenter?(center, openSettingsFor: notification)
            }
            guard let relay else { return }
            relay.openSettings(for: notification.flatMap { PushAppIntegration.read($0, in: .didReceiveResponse, client: relay.client) })
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

#endif
