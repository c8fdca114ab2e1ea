import PushBridgeCore
import PushBridgeProviderKit

/// Feeding the client the callbacks iOS makes.
extension PushClient {
    /// Handles one callback the app's delegate received from iOS: the client names it (by the
    /// provider's message ID when the payload has one), normalises it into events and answers
    /// its completion handler exactly once; the provider observes it.
    ///
    /// - Parameters:
    ///   - invocation: The callback, its application state and the notification it carried.
    ///   - completion: The completion handler the system passed, if any. It runs exactly once:
    ///     with the app's answer, or from a watchdog before the system's deadline.
    ///
    /// Under `@_spi(ProviderAuthor)` for users outside the package (the benchmarks): an app's
    /// delegate methods reach it through the UIKit glue, and the package's own modules call
    /// ``receive(_:completion:)``.
    @_spi(ProviderAuthor) public func handle(_ invocation: CallbackInvocation, completion: SystemCompletion? = nil) {
        receive(invocation, completion: completion)
    }

    /// ``handle(_:completion:)`` for the package's modules (the simulators), which import no SPI.
    package func receive(_ invocation: CallbackInvocation, completion: SystemCompletion? = nil) {
        // Copied only when the provider names the delivery: most calls pass through untouched.
        if findsMessageIDs, let notification = invocation.notification, notification.providerMessageID == nil,
            let messageID = provider.providerMessageID(in: notification.payload)
        {
            var identified = invocation
            identified.notification = notification.identifiedByProvider(messageID)
            observer?.observe(identified)
            core.receive(identified, completion: completion)
        } else {
            observer?.observe(invocation)
            core.receive(invocation, completion: completion)
        }
    }

    /// Tells the client that the notification-center delegate is set — PushBridge's (the UIKit
    /// glue's `installNotificationCenterDelegate` calls this), the app's own (call it right
    /// after `UNUserNotificationCenter.current().delegate = …`), or the provider SDK's (the client
    /// marks it when the provider starts or registers). Until then, a launch with no
    /// notification in its launch options is reported as
    /// `PushDiagnostic.Code.launchedBeforeCenterDelegate`: a response that launched the app
    /// may have been lost.
    public func notificationCenterDelegateSet() {
        core.centerDelegateSet()
    }

    /// Tells the client the app became active: a launch's event that is still waiting for its
    /// follow-up call is emitted now (from the launch options alone), and the user's
    /// authorization is read again, so that a change made in Settings (or an answer to the
    /// prompt, which covered the app) is one `PushEvent.authorizationChanged(_:)` event.
    package func applicationDidBecomeActive() {
        core.endLaunch()
        refreshAuthorizationStatus()
    }

    /// Registering for remote notifications failed
    /// (`application(_:didFailToRegisterForRemoteNotificationsWithError:)`: 3000, no
    /// `aps-environment` entitlement; 3010, a simulator that cannot register): emits
    /// `registrationFailed` for the provider, whichever it is, and tells the provider. Neither
    /// JPush's nor Getui's SDK reports this callback (no handler for it in libJPush 5.7/5.9 or
    /// Getui 2.7, read by disassembly), so the app's delegate must hand it over.
    package func didFailToRegisterForRemoteNotifications(error: PushError) {
        observer?.didFailToRegisterForRemoteNotifications(RegistrationFailureRequest(error: error))
        core.publish(.registrationFailed(.init(provider: provider.id, error: error)))
    }

    /// The user asked to see the app's notification settings
    /// (`userNotificationCenter(_:openSettingsFor:)`; `notification` `nil` when from the Settings
    /// app): emits `settingsRequested`. Each request is the user's own action: none is merged.
    package func openSettings(for notification: PushNotification?) {
        var notification = notification
        if let note = notification, note.providerMessageID == nil, let messageID = provider.providerMessageID(in: note.payload) {
            notification = note.identifiedByProvider(messageID)
        }
        core.publish(.settingsRequested(.init(notification: notification)))
    }

    /// A scene app's scene connected (`scene(_:willConnectTo:options:)`): the provider is told
    /// (with the system's options), and the response that launched the app, if the options
    /// carry one (`notificationResponse`), is the cold start's — tied to the 5 that may follow by
    /// its request identifier, one `opened` (`coldStart`) in all.
    ///
    /// - Parameters:
    ///   - response: The response's notification and action, or `nil` when the options carry none.
    ///   - options: The system's `UIScene.ConnectionOptions`, for an SDK that reads them.
    package func sceneWillConnect(response: (notification: PushNotification, action: ResponseAction, textInput: String?)?, options: PlatformObject?) {
        observer?.sceneWillConnect(SceneConnectionRequest(connectionOptions: options))
        receive(
            CallbackInvocation(
                callback: .sceneWillConnect, state: .inactive, action: response?.action, textInput: response?.textInput,
                notification: response?.notification))
    }
}

/// The app on screen but covered by system UI.
extension PushClient {
    /// The glue's entry point (`PushAppIntegration.applicationWillResignActive(_:client:)`,
    /// `PushAppDelegate`, `PushSceneDelegate`): tells the client the app resigned active while on screen
    /// (`applicationWillResignActive(_:)`, `sceneWillResignActive(_:)`): Notification Center, the
    /// Lock Screen's list or Control Center was pulled down over it. Until the app becomes active
    /// again (`applicationDidBecomeActive()`) or is launched, a call to
    /// `application:didReceiveRemoteNotification:` (with or without its fetch handler) in state
    /// `active` is the user's tap on a notification there — iOS 11 and later report the tap
    /// `active`, not `inactive` (rdar 34332569) — and is an `opened` (`foreground`), not a
    /// `received` — when no notification-center delegate is set (with one, iOS hands the tap to
    /// `userNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:`).
    package func applicationWillResignActive() {
        core.resignedActive()
    }
}
