#if canImport(UIKit) && canImport(JPush)
    // The real JPush SDK behind `JPushBridge`. Compiled when the JPush module is importable
    // (JPush linked as a framework/module); with a bridging header instead, copy this file into
    // the app target and remove the `#if`. A thin shell: every decision is `JPushProvider`'s.
    import Foundation
    import JPush
    import PushBridge
    import UIKit
    import UserNotifications

    /// `JPUSHService` as a ``JPushBridge``, plus the `JPUSHRegisterDelegate` shim that forwards
    /// JPush's callbacks to a ``JPushProvider``.
    public final class JPUSHServiceBridge: NSObject, JPushBridge, JPUSHRegisterDelegate, @unchecked Sendable {
        /// The adapter JPush's callbacks are forwarded to (set it before registering).
        public weak var provider: JPushProvider?

        /// A bridge; call ``observeNetworkNotifications()`` once to receive JPush's notifications.
        public override init() {}

        /// ``JPushBridge``'s `setup`, forwarded to `JPUSHService`.
        public func setup(launchOptions: JSONObject?, appKey: String, channel: String, apsForProduction: Bool, advertisingIdentifier: String?) {
            JPUSHService.setup(withOption: launchOptions?.foundationDictionary, appKey: appKey, channel: channel, apsForProduction: apsForProduction, advertisingIdentifier: advertisingIdentifier)
        }

        /// ``JPushBridge``'s `registerForRemoteNotificationConfig`, forwarded to `JPUSHService`.
        public func registerForRemoteNotificationConfig(_ entity: JPushRegisterEntity) {
            let config = JPUSHRegisterEntity()
            config.types = entity.types
            JPUSHService.register(forRemoteNotificationConfig: config, delegate: self)
        }

        /// ``JPushBridge``'s `registerDeviceToken`, forwarded to `JPUSHService`.
        public func registerDeviceToken(_ token: [UInt8]) { JPUSHService.registerDeviceToken(Data(token)) }
        /// ``JPushBridge``'s `handleRemoteNotification`, forwarded to `JPUSHService`.
        public func handleRemoteNotification(_ userInfo: JSONObject) { JPUSHService.handleRemoteNotification(userInfo.foundationDictionary) }
        /// ``JPushBridge``'s `registrationID`, forwarded to `JPUSHService`.
        public var registrationID: String? { JPUSHService.registrationID() }

        /// ``JPushBridge``'s `setAlias`, forwarded to `JPUSHService`.
        public func setAlias(_ alias: String, seq: Int, completion: @escaping @Sendable (Int, String?, Int) -> Void) {
            JPUSHService.setAlias(alias, completion: { code, value, seq in completion(code, value, seq) }, seq: seq)
        }
        /// ``JPushBridge``'s `deleteAlias`, forwarded to `JPUSHService`.
        public func deleteAlias(seq: Int, completion: @escaping @Sendable (Int, String?, Int) -> Void) {
            JPUSHService.deleteAlias({ code, value, seq in completion(code, value, seq) }, seq: seq)
        }
        /// ``JPushBridge``'s `getAlias`, forwarded to `JPUSHService`.
        public func getAlias(seq: Int, completion: @escaping @Sendable (Int, String?, Int) -> Void) {
            JPUSHService.getAlias({ code, value, seq in completion(code, value, seq) }, seq: seq)
        }
        /// ``JPushBridge``'s `tags`, forwarded to `JPUSHService`.
        public func tags(_ operation: JPushTagOperation, _ tags: Set<String>, seq: Int, completion: @escaping @Sendable (Int, Set<String>?, Int) -> Void) {
            let reply: JPUSHTagsOperationCompletion = { code, tags, seq in completion(code, tags as? Set<String>, seq) }
            switch operation {
            case .add: JPUSHService.addTags(tags, completion: reply, seq: seq)
            case .set: JPUSHService.setTags(tags, completion: reply, seq: seq)
            case .delete: JPUSHService.deleteTags(tags, completion: reply, seq: seq)
            }
        }
        /// ``JPushBridge``'s `cleanTags`, forwarded to `JPUSHService`.
        public func cleanTags(seq: Int, completion: @escaping @Sendable (Int, Set<String>?, Int) -> Void) {
            JPUSHService.cleanTags({ code, tags, seq in completion(code, tags as? Set<String>, seq) }, seq: seq)
        }
        /// ``JPushBridge``'s `getAllTags`, forwarded to `JPUSHService`.
        public func getAllTags(seq: Int, completion: @escaping @Sendable (Int, Set<String>?, Int) -> Void) {
            JPUSHService.getAllTags({ code, tags, seq in completion(code, tags as? Set<String>, seq) }, seq: seq)
        }
        /// ``JPushBridge``'s `validTag`, forwarded to `JPUSHService`.
        public func validTag(_ tag: String, seq: Int, completion: @escaping @Sendable (Int, Set<String>?, Int, Bool) -> Void) {
            JPUSHService.validTag(tag, completion: { code, tags, seq, isBind in completion(code, tags as? Set<String>, seq, isBind) }, seq: seq)
        }
        /// ``JPushBridge``'s `setBadge`, forwarded to `JPUSHService`.
        public func setBadge(_ value: Int) -> Bool { JPUSHService.setBadge(value) }
        /// ``JPushBridge``'s `resetBadge`, forwarded to `JPUSHService`.
        public func resetBadge() { JPUSHService.resetBadge() }

        /// Forwards JPush's `NSNotificationCenter` notifications to the provider.
        public func observeNetworkNotifications() {
            for name in JPushNetworkNotification.allCases {
                NotificationCenter.default.addObserver(forName: NSNotification.Name(name.rawValue), object: nil, queue: .main) { [weak self] note in
                    let info = (note.userInfo).flatMap { try? JSONValue(foundation: $0) }?.objectValue
                    self?.provider?.networkNotification(name, userInfo: info)
                }
            }
        }

        // MARK: JPUSHRegisterDelegate

        /// The SDK's `jpushNotificationCenter` callback, forwarded to the provider.
        public func jpushNotificationCenter(_ center: UNUserNotificationCenter!, willPresent notification: UNNotification!, withCompletionHandler completionHandler: ((Int) -> Void)!) {
            nonisolated(unsafe) let complete = completionHandler
            guard let provider, let notification else { complete?(0); return }
            provider.jpushNotificationCenter(willPresent: Self.info(notification)) { options in complete?(options) }
        }

        /// The SDK's `jpushNotificationCenter` callback, forwarded to the provider.
        public func jpushNotificationCenter(_ center: UNUserNotificationCenter!, didReceive response: UNNotificationResponse!, withCompletionHandler completionHandler: (() -> Void)!) {
            nonisolated(unsafe) let complete = completionHandler
            guard let provider, let response else { complete?(); return }
            let text = (response as? UNTextInputNotificationResponse)?.userText
            provider.jpushNotificationCenter(didReceive: JPushResponseInfo(notification: Self.info(response.notification), actionIdentifier: response.actionIdentifier, userText: text)) { complete?() }
        }

        /// The SDK's `jpushNotificationCenter` callback, forwarded to the provider.
        public func jpushNotificationCenter(_ center: UNUserNotificationCenter!, openSettingsFor notification: UNNotification!) {
            provider?.jpushNotificationCenter(openSettingsFor: notification.map(Self.info))
        }

        /// The SDK's `jpushNotificationAuthorization` callback, forwarded to the provider.
        public func jpushNotificationAuthorization(_ status: JPAuthorizationStatus, withInfo info: [AnyHashable: Any]!) {
            provider?.jpushNotificationAuthorization(JPushAuthorizationStatus(rawValue: Int(status.rawValue)) ?? .notDetermined)
        }

        private static func info(_ notification: UNNotification) -> JPushNotificationInfo {
            let request = notification.request
            let userInfo = (try? JSONValue(foundation: request.content.userInfo))?.objectValue ?? JSONObject()
            return JPushNotificationInfo(userInfo: userInfo, identifier: request.identifier, isRemote: request.trigger is UNPushNotificationTrigger)
        }
    }
#endif
