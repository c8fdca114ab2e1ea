#if canImport(ObjectiveC) && canImport(UIKit)
    // The `JPUSHRegisterDelegate` JPush is handed by `JPUSHServiceBridge` (see
    // `JPUSHServiceBridge.swift`): the delegate methods, as `@objc(…)` methods, forwarded to the anchor.
    import Foundation
    import ObjectiveC
    import PushBridge
    import UserNotifications

    /// The `JPUSHRegisterDelegate` JPush is handed: one object for the life of the process,
    /// because JPush does not retain its delegate (see ``JPushRegistrationDelegateAnchor``). It
    /// converts what iOS hands over at the edge and forwards to the anchor, which forwards to the
    /// current client's provider or completes each handler itself when there is none.
    package final class JPushRegisterDelegateProxy: NSObject, @unchecked Sendable {
        // @unchecked: no stored state but the anchor, itself Sendable.
        /// The one JPush is handed, never released.
        package static let process = JPushRegisterDelegateProxy(anchor: .process)

        private let anchor: JPushRegistrationDelegateAnchor

        private init(anchor: JPushRegistrationDelegateAnchor) {
            self.anchor = anchor
            super.init()
        }

        /// Answers YES for `JPUSHRegisterDelegate` too, whose methods this object implements
        /// without seeing the protocol's declaration — in case the SDK checks conformance.
        package override func conforms(to aProtocol: Protocol) -> Bool {
            super.conforms(to: aProtocol) || NSStringFromProtocol(aProtocol) == JPushSDKSymbols.delegateProtocol
        }

        /// `jpushNotificationCenter:willPresentNotification:withCompletionHandler:`.
        @objc(jpushNotificationCenter:willPresentNotification:withCompletionHandler:)
        package func jpushNotificationCenter(
            _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
            withCompletionHandler completionHandler: @escaping (Int) -> Void
        ) {
            nonisolated(unsafe) let complete = completionHandler
            anchor.willPresent(JPushNotificationInfo(notification)) { options in complete(options) }
        }

        /// `jpushNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:`.
        @objc(jpushNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:)
        package func jpushNotificationCenter(
            _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
            withCompletionHandler completionHandler: @escaping () -> Void
        ) {
            nonisolated(unsafe) let complete = completionHandler
            anchor.didReceive(JPushResponseInfo(response)) { complete() }
        }

        /// `jpushNotificationCenter:openSettingsForNotification:` (`nil` when opened from Settings,
        /// though the header does not mark it nullable).
        @objc(jpushNotificationCenter:openSettingsForNotification:)
        package func jpushNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?) {
            anchor.openSettings(for: notification.map { JPushNotificationInfo($0) })
        }

        /// `jpushNotificationAuthorization:withInfo:`; `status` is a `JPAuthorizationStatus`
        /// (`NSUInteger`).
        @objc(jpushNotificationAuthorization:withInfo:)
        package func jpushNotificationAuthorization(_ status: UInt, withInfo info: [AnyHashable: Any]?) {
            var object: JSONObject?
            if let info {
                let read = JPUSHServiceBridge.json(info, in: JPushCallbackName.authorization)
                if let problem = read.problem { anchor.couldNotRead(problem) }
                object = read.object
            }
            anchor.authorization(JPushAuthorizationStatus(rawValue: Int(clamping: status)) ?? .notDetermined, info: object)
        }
    }
#endif
