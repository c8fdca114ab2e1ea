import PushBridge
import PushBridgeAdapterSupport
import PushBridgeJPushDefinition
import PushBridgeProviderKit

/// `JPUSHRegisterDelegate`'s callbacks, in the dispatch model's vocabulary.
extension JPushProvider {
    /// `jpushNotificationCenter:willPresentNotification:withCompletionHandler:` — iOS's method 4:
    /// a push (not a local notification) is reported with `handleRemoteNotification:`, and the
    /// app's presentation options reach `completionHandler` as JPush's `NSInteger`, exactly once;
    /// something that is not a notification is answered with none at once, and reported as a
    /// `PushDiagnostic/Code/unreadablePayload` diagnostic.
    public func jpushNotificationCenter(
        willPresent notification: JPushNotificationInfo, withCompletionHandler completionHandler: @escaping @Sendable (Int) -> Void
    ) {
        let complete = ExactlyOnce(completionHandler)
        guard let note = notification.notification(by: JPushDefinition(), in: JPushCallbackName.willPresent, reportingTo: sink) else {
            complete.complete(0)
            return
        }
        if notification.isRemote { bridge.handleRemoteNotification(notification.userInfo) }
        sink.handle(
            CallbackInvocation(callback: .willPresent, state: context.applicationState(), notification: note),
            completion: .presentation { [self] options in complete.complete(context.systemOptions(options).jpushValue) })
    }

    /// `jpushNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:` — iOS's
    /// method 5: a tap on (or an action for) a push is reported with `handleRemoteNotification:`;
    /// the action and any typed text pass on; `completionHandler` runs exactly once, when the
    /// client is done (at once for something that is not a notification, which is reported as a
    /// `PushDiagnostic/Code/unreadablePayload` diagnostic).
    public func jpushNotificationCenter(
        didReceive response: JPushResponseInfo, withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        let complete = ExactlyOnce<Void> { _ in completionHandler() }
        guard let note = response.notification.notification(by: JPushDefinition(), in: JPushCallbackName.didReceiveResponse, reportingTo: sink)
        else {
            complete.complete(())
            return
        }
        if response.notification.isRemote { bridge.handleRemoteNotification(response.notification.userInfo) }
        sink.handle(
            CallbackInvocation(
                callback: .didReceiveResponse, state: context.applicationState(), action: response.action,
                textInput: response.userText, notification: note),
            completion: .response { complete.complete(()) })
    }

    /// `jpushNotificationCenter:openSettingsForNotification:` (iOS 12+): the user asked for the
    /// app's notification settings — a `settingsRequested` event (`nil`: from the Settings app,
    /// as JPush passes it although its header says non-null since 5.2.0).
    public func jpushNotificationCenter(openSettingsFor notification: JPushNotificationInfo?) {
        sink.publish(
            .settingsRequested(
                .init(notification: notification?.notification(by: JPushDefinition(), in: JPushCallbackName.openSettings, reportingTo: sink))))
    }

    /// Not an SDK callback: what the SDK bridge could not convert, reported to the client's
    /// diagnostic handler.
    public func sdkBridgeCouldNotRead(_ diagnostic: PushDiagnostic) {
        sink.report(diagnostic)
    }

    /// `jpushNotificationAuthorization:withInfo:`: a denial is a `registrationFailed` event (field
    /// `authorization`), as with plain APNs; any other status publishes nothing.
    public func jpushNotificationAuthorization(_ status: JPushAuthorizationStatus, withInfo info: JSONObject?) {
        guard status == .denied else { return }
        sink.publish(
            .registrationFailed(
                .init(
                    provider: .jpush, error: PushError(.providerFailure, field: "authorization", "the user did not allow notifications"))))
    }
}
