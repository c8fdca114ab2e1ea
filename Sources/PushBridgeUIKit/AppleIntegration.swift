#if canImport(UIKit) && canImport(UserNotifications)
    import Foundation
    import PushBridge
    import UIKit
    import UserNotifications

    /// The thin glue between UIKit's and UserNotifications' delegate methods and a ``PushClient``.
    ///
    /// Call each entry point from the delegate method it is named after. Every completion handler
    /// iOS passes is completed exactly once; every decision is made by code tested on Linux
    /// (``LaunchOptionsReader``, ``PresentationAdapter``, ``CompletionJoin``, ``PushClient``).
    ///
    /// ```swift
    /// func application(_ application: UIApplication,
    ///                  didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
    ///     PushAppIntegration.application(application, didFinishLaunchingWithOptions: launchOptions, client: client)
    ///     return true
    /// }
    /// ```
    public enum PushAppIntegration {
        private static let center = PushNotificationCenterDelegate()

        /// From `application(_:didFinishLaunchingWithOptions:)`: installs the notification-center
        /// delegate before launch ends (chaining to one another SDK installed) and reports the launch.
        @MainActor
        public static func application(
            _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?,
            client: PushClient
        ) {
            center.install(client: client)
            var notificationOptions: [AnyHashable: Any] = [:]
            for key in [UIApplication.LaunchOptionsKey.remoteNotification, .localNotification] {
                if let value = launchOptions?[key] { notificationOptions[key.rawValue] = value }
            }
            let json = try? JSONValue(foundation: notificationOptions, path: "launchOptions")
            let (invocation, _) = LaunchOptionsReader.invocation(
                launchOptions: json?.objectValue, state: ApplicationState(application.applicationState))
            client.handle(invocation)
        }

        /// From `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`.
        @MainActor
        public static func application(
            _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
            fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void, client: PushClient
        ) {
            nonisolated(unsafe) let complete = completionHandler
            guard let notification = try? PushNotification(userInfo: userInfo) else {
                complete(.noData)
                return
            }
            client.handle(
                CallbackInvocation(
                    callback: .didReceiveRemoteNotificationFetch, state: ApplicationState(application.applicationState),
                    notification: notification),
                completion: .fetch { result in
                    DispatchQueue.main.async { complete(UIBackgroundFetchResult(rawValue: UInt(result.rawValue)) ?? .failed) }
                })
        }

        /// From `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)`.
        public static func application(
            _ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data, client: PushClient
        ) {
            client.didRegisterForRemoteNotifications(deviceToken: [UInt8](deviceToken))
        }

        /// From `applicationDidBecomeActive(_:)`: a cold start's event waiting for its follow-up is emitted.
        public static func applicationDidBecomeActive(_ application: UIApplication, client: PushClient) {
            client.applicationDidBecomeActive()
        }
    }

    extension ApplicationState {
        /// The state of `UIApplication.State`.
        public init(_ state: UIApplication.State) {
            switch state {
            case .active: self = .active
            case .inactive: self = .inactive
            default: self = .background
            }
        }
    }

    /// The notification-center delegate PushBridge installs; it forwards to the delegate another
    /// SDK installed before it (uniting presentation options, joining completions) and never to itself.
    ///
    /// `@unchecked Sendable` only because an `NSObject` subclass cannot be checked: its one stored
    /// property is a `Locked` of `Sendable` values (the previous delegate in its own box).
    final class PushNotificationCenterDelegate: NSObject, UNUserNotificationCenterDelegate, @unchecked Sendable {
        private let state = Locked<(client: PushClient?, previous: PreviousDelegate?)>((nil, nil))

        func install(client: PushClient) {
            let center = UNUserNotificationCenter.current()
            let existing = center.delegate
            state.withLock { state in
                state.client = client
                if let existing, existing !== self { state.previous = PreviousDelegate(existing) }
            }
            center.delegate = self
        }

        func userNotificationCenter(
            _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
            withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
        ) {
            nonisolated(unsafe) let complete = completionHandler
            let (client, previous) = state.withLock { ($0.client, $0.previous?.delegate) }
            let version = IOSVersion.current
            let content = notification.request.content.userInfo
            guard let client, let note = try? PushNotification(userInfo: content, identifier: notification.request.identifier)
            else {
                complete([])
                return
            }
            let deliver: @Sendable (PresentationOptions) -> Void = { others in
                client.willPresent(note, requestedByOthers: others) { options in
                    let system = PresentationAdapter.systemOptions(options, on: version)
                    complete(UNNotificationPresentationOptions(rawValue: UInt(system.rawValue)))
                }
            }
            if let previous, previous.responds(to: #selector(UNUserNotificationCenterDelegate.userNotificationCenter(_:willPresent:withCompletionHandler:))) {
                previous.userNotificationCenter?(center, willPresent: notification) { options in
                    deliver(PresentationOptions(rawValue: options.rawValue))
                }
            } else {
                deliver([])
            }
        }

        func userNotificationCenter(
            _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
            withCompletionHandler completionHandler: @escaping () -> Void
        ) {
            nonisolated(unsafe) let complete = completionHandler
            let (client, previous) = state.withLock { ($0.client, $0.previous?.delegate) }
            let forwards = previous?.responds(to: #selector(UNUserNotificationCenterDelegate.userNotificationCenter(_:didReceive:withCompletionHandler:))) ?? false
            let join = CompletionJoin(parts: forwards ? 2 : 1) { DispatchQueue.main.async { complete() } }
            if forwards { previous?.userNotificationCenter?(center, didReceive: response) { join.partDone() } }
            let request = response.notification.request
            guard let client, let note = try? PushNotification(userInfo: request.content.userInfo, identifier: request.identifier) else {
                join.partDone()
                return
            }
            let textInput = (response as? UNTextInputNotificationResponse)?.userText
            let action = ResponseAction(identifier: response.actionIdentifier)
            Task { @MainActor in
                let state = ApplicationState(UIApplication.shared.applicationState)
                client.handle(
                    CallbackInvocation(callback: .didReceiveResponse, state: state, action: action, textInput: textInput, notification: note),
                    completion: .response { join.partDone() })
            }
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

    extension IOSVersion {
        /// The running device's iOS version.
        static var current: IOSVersion {
            let version = ProcessInfo.processInfo.operatingSystemVersion
            return IOSVersion(version.majorVersion, version.minorVersion, version.patchVersion)
        }
    }
#endif
