import PushBridgeCore
import PushBridgeProviderKit

/// Feeding the client the callbacks iOS makes.
extension PushClient {
    /// `callbacks` for a harness outside the package that plays iOS by hand (the benchmarks, and
    /// `Tests/FourthProviderTests`, compiled as an outside author's): the same sink, the same
    /// `PushEventSink.handle(_:completion:)`. Under `@_spi(ProviderAuthor)` so that an app, whose
    /// delegate methods reach the client through the UIKit glue, does not see a second door.
    ///
    /// ```swift
    /// client.systemCallbacks.handle(CallbackInvocation(callback: .willPresent, state: .active, notification: note))
    /// ```
    @_spi(ProviderAuthor) public var systemCallbacks: PushEventSink { callbacks }

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
        callbacks.handle(
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
