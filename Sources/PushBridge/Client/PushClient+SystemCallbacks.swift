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

/// The entry points the UIKit glue forwards to, taking what iOS hands over as it is: here, once,
/// each payload is read, and one that cannot be read is reported
/// (`PushDiagnostic.Code.unreadablePayload`) and answered with its default — never dropped in
/// silence, never a trap. Tested on Linux; the glue only unwraps UIKit's types.
extension PushClient {
    /// The notification iOS handed over, or `nil` — reported, naming `callback` and the request —
    /// when it cannot be read (its `userInfo` had no JSON form at the edge, or it is not a
    /// notification): the one place the glue's read-or-report rule is written.
    func notification(_ request: SystemNotification, in callback: SystemCallback) -> PushNotification? {
        do throws(PushError) {
            return try request.read(providerMessageID: nil)
        } catch {
            reportUnreadablePayload(error, in: callback, identifier: request.identifier)
            return nil
        }
    }

    /// From `application(_:didFinishLaunchingWithOptions:)`: the launch options keyed by their raw
    /// values (`UIApplication.LaunchOptionsKey.rawValue`), `nil` for none. Only the remote
    /// notification's key is read: on iOS 10 and later a tapped local notification reaches the
    /// notification center's delegate as a response (UIKit deprecates `.localNotification` in
    /// iOS 10.0), and what that key holds is a `UILocalNotification`, which has no JSON form. A
    /// payload that cannot be read is reported and the launch still handled.
    package func didFinishLaunching(launchOptions: [String: Any]?, state: ApplicationState) {
        let key = LaunchOptionsReader.remoteNotificationKey
        var options: JSONObject?
        if let value = launchOptions?[key] {
            do throws(PushError) {
                options = [key: try JSONValue(foundation: value, path: "launchOptions.\(key)")]
            } catch {
                reportUnreadablePayload(error, in: .didFinishLaunching)
            }
        }
        let (invocation, error) = LaunchOptionsReader.invocation(launchOptions: options, state: state)
        if let error { reportUnreadablePayload(error, in: .didFinishLaunching) }
        recordLaunch(invocation)
        callbacks.handle(invocation)
    }

    /// From `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`: `completion`
    /// runs exactly once — with the app's answer, or `.noData` at once when the payload cannot be
    /// read (reported).
    package func didReceiveRemoteNotification(
        _ userInfo: [AnyHashable: Any], state: ApplicationState, completion: @escaping @Sendable (BackgroundFetchResult) -> Void
    ) {
        guard let note = notification(SystemNotification(foundationUserInfo: userInfo), in: .didReceiveRemoteNotificationFetch) else {
            completion(.noData)
            return
        }
        callbacks.handle(
            CallbackInvocation(callback: .didReceiveRemoteNotificationFetch, state: state, notification: note), completion: .fetch(completion))
    }

    /// From `scene(_:willConnectTo:options:)`: the response the options carry
    /// (`notificationResponse`, `nil` for none; one that cannot be read is reported and the
    /// connection still handled) and the options themselves, for an SDK that reads them.
    package func sceneWillConnect(response: SystemResponse?, options: PlatformObject?) {
        var launch: (notification: PushNotification, action: ResponseAction, textInput: String?)?
        if let response, let note = notification(response.notification, in: .sceneWillConnect) {
            launch = (note, response.action, response.userText)
        }
        sceneWillConnect(response: launch, options: options)
    }
}

/// The one event pipeline, read without waiting: how the simulator, the simulated device and the
/// adapters' tests run their calls through a real ``PushClient`` instead of a copy of it.
extension PushClient {
    /// Every event the client emits from now on, drained synchronously with ``PushEventDrain/take()``.
    package func eventDrain() -> PushEventDrain {
        PushEventDrain(core.subscribe())
    }

    /// Emits a launch's event still waiting for its follow-up call and decides a deferred
    /// foreground call now: what the client's deadlines do on a device, at the end of a simulated
    /// delivery.
    package func settle() {
        core.endLaunch()
    }
}

extension PushClient {
    /// The sink the client attached its provider to: what a test recording an adapter's output
    /// forwards to, so that the adapter's tests run the one pipeline too.
    package var pipelineSink: PushEventSink { core.sink() }
}
