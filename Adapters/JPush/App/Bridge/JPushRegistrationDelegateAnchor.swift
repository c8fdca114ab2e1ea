import PushBridge

/// What JPush's registration delegate forwards to, for the life of the process: JPush keeps the
/// delegate it is handed without retaining it, so the object it holds must never go away.
///
/// JPush 5.9.0 declares `registerForRemoteNotificationConfig:delegate:`'s delegate `nullable
/// id<JPUSHRegisterDelegate>` and keeps it `assign` (unsafe-unretained): in `libJPush.a` 5.9.0 the
/// `delegate` property carries neither `weak` nor `strong`, and the class's weak-ivar layout covers
/// only `_launchOptions` (a line-by-line audit of the binary against `JPUSHService.h`). Had the
/// bridge handed JPush itself, releasing or rebuilding the client would leave JPush calling freed
/// memory at its next callback.
///
/// So the Apple-only bridge hands JPush one process-lifetime object (`JPushRegisterDelegateProxy`,
/// held by a `static let`), which converts what iOS hands over and forwards here; this anchor
/// (also `static`, also never released) forwards to the ``JPushBridgeDelegate`` attached last,
/// held weakly — the provider of the client in use. With none attached (the client was
/// released), it completes each completion handler at once with the neutral answer (no
/// presentation options; done), so a handler JPush passes is never left uncalled.
package final class JPushRegistrationDelegateAnchor: Sendable {
    /// The anchor of this process: JPush's delegate forwards here, whichever client is current.
    package static let process = JPushRegistrationDelegateAnchor()

    /// A weak reference, `Sendable` because its target is.
    private struct Target: Sendable {
        weak var delegate: (any JPushBridgeDelegate)?
    }

    private let target = Locked(Target())

    /// An anchor of its own, for tests; apps use ``process``.
    package init() {}

    /// Makes `delegate` the one JPush's callbacks reach, replacing the previous one.
    package func attach(_ delegate: any JPushBridgeDelegate) {
        target.withLock { $0.delegate = delegate }
    }

    /// The delegate JPush's callbacks reach now, if its client is still alive.
    package var delegate: (any JPushBridgeDelegate)? { target.withLock { $0.delegate } }

    /// `jpushNotificationCenter:willPresentNotification:withCompletionHandler:`; with no delegate,
    /// `completionHandler(0)` (present nothing).
    package func willPresent(_ notification: JPushNotificationInfo, completionHandler: @escaping @Sendable (Int) -> Void) {
        guard let delegate else { return completionHandler(0) }
        delegate.jpushNotificationCenter(willPresent: notification, withCompletionHandler: completionHandler)
    }

    /// `jpushNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:`; with no
    /// delegate, `completionHandler()`.
    package func didReceive(_ response: JPushResponseInfo, completionHandler: @escaping @Sendable () -> Void) {
        guard let delegate else { return completionHandler() }
        delegate.jpushNotificationCenter(didReceive: response, withCompletionHandler: completionHandler)
    }

    /// `jpushNotificationCenter:openSettingsForNotification:`.
    package func openSettings(for notification: JPushNotificationInfo?) {
        delegate?.jpushNotificationCenter(openSettingsFor: notification)
    }

    /// `jpushNotificationAuthorization:withInfo:`.
    package func authorization(_ status: JPushAuthorizationStatus, info: JSONObject?) {
        delegate?.jpushNotificationAuthorization(status, withInfo: info)
    }

    /// A callback's `userInfo` could not be read.
    package func couldNotRead(_ diagnostic: PushDiagnostic) {
        delegate?.sdkBridgeCouldNotRead(diagnostic)
    }
}
