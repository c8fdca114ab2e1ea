#if canImport(UIKit) && canImport(GTSDK)
    // The real Getui SDK behind `GetuiBridge`. Compiled when the GTSDK module is importable; with a
    // bridging header instead, copy this file into the app target and remove the `#if`. A thin
    // shell: every decision is `GetuiProvider`'s.
    import Foundation
    import GTSDK
    import PushBridge
    import UIKit
    import UserNotifications

    /// `GeTuiSdk` as a ``GetuiBridge``, plus the `GeTuiSdkDelegate` shim that forwards Getui's
    /// callbacks to a ``GetuiProvider``.
    public final class GeTuiSdkBridge: NSObject, GetuiBridge, GeTuiSdkDelegate, @unchecked Sendable {
        /// The adapter Getui's callbacks are forwarded to (set it before starting the SDK).
        public weak var provider: GetuiProvider?

        /// ``GetuiBridge``'s `startSdk`, forwarded to `GeTuiSdk`.
        public func startSdk(appID: String, appKey: String, appSecret: String, launchingOptions: JSONObject?) {
            GeTuiSdk.start(withAppId: appID, appKey: appKey, appSecret: appSecret, delegate: self, launchingOptions: launchingOptions?.foundationDictionary)
        }
        /// ``GetuiBridge``'s `registerRemoteNotification`, forwarded to `GeTuiSdk`.
        public func registerRemoteNotification(_ options: Int) {
            GeTuiSdk.registerRemoteNotification(UNAuthorizationOptions(rawValue: UInt(options)))
        }
        /// ``GetuiBridge``'s `clientID`, forwarded to `GeTuiSdk`.
        public var clientID: String? { GeTuiSdk.clientId() }
        /// ``GetuiBridge``'s `bindAlias`, forwarded to `GeTuiSdk`.
        public func bindAlias(_ alias: String, sequenceNum: String) { GeTuiSdk.bindAlias(alias, andSequenceNum: sequenceNum) }
        /// ``GetuiBridge``'s `unbindAlias`, forwarded to `GeTuiSdk`.
        public func unbindAlias(_ alias: String, sequenceNum: String, isSelf: Bool) {
            GeTuiSdk.unbindAlias(alias, andSequenceNum: sequenceNum, andIsSelf: isSelf)
        }
        /// ``GetuiBridge``'s `setTags`, forwarded to `GeTuiSdk`.
        public func setTags(_ tags: [String], sequenceNum: String) -> Bool { GeTuiSdk.setTags(tags, andSequenceNum: sequenceNum) }
        /// ``GetuiBridge``'s `queryTag`, forwarded to `GeTuiSdk`.
        public func queryTag(sequenceNum: String) { _ = GeTuiSdk.queryTag() }
        /// ``GetuiBridge``'s `sendFeedbackMessage`, forwarded to `GeTuiSdk`.
        public func sendFeedbackMessage(_ actionID: Int, taskID: String, msgID: String) -> Bool {
            GeTuiSdk.sendFeedbackMessage(actionID, andTaskId: taskID, andMsgId: msgID)
        }
        /// ``GetuiBridge``'s `handleRemoteNotification`, forwarded to `GeTuiSdk`.
        public func handleRemoteNotification(_ userInfo: JSONObject) {
            GeTuiSdk.handleRemoteNotification(userInfo.foundationDictionary)
        }
        /// ``GetuiBridge``'s `retrivePayload`, forwarded to `GeTuiSdk`.
        public func retrivePayload(byID payloadID: String) -> String? { nil }
        /// ``GetuiBridge``'s `setBadge`, forwarded to `GeTuiSdk`.
        public func setBadge(_ value: Int) { GeTuiSdk.setBadge(UInt(max(0, value))) }
        /// ``GetuiBridge``'s `resetBadge`, forwarded to `GeTuiSdk`.
        public func resetBadge() { GeTuiSdk.resetBadge() }

        // MARK: GeTuiSdkDelegate

        /// The SDK's `geTuiSdkDidRegisterClient` callback, forwarded to the provider.
        public func geTuiSdkDidRegisterClient(_ clientId: String) { provider?.geTuiSdkDidRegisterClient(clientId) }

        /// The SDK's `geTuiSDkDidNotifySdkState` callback, forwarded to the provider.
        public func geTuiSDkDidNotifySdkState(_ status: SdkStatus) {
            provider?.geTuiSDkDidNotifySdkState(GetuiSdkStatus(rawValue: Int(status.rawValue)) ?? .offline)
        }

        /// The SDK's `geTuiSdkDidOccurError` callback, forwarded to the provider.
        public func geTuiSdkDidOccurError(_ error: Error) { provider?.geTuiSdkDidOccurError(String(describing: error)) }

        /// The SDK's `geTuiSdkNotificationCenter` callback, forwarded to the provider.
        public func geTuiSdkNotificationCenter(
            _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
            completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
        ) {
            nonisolated(unsafe) let complete = completionHandler
            guard let provider else { return complete([]) }
            provider.geTuiSdkNotificationCenter(willPresent: Self.info(notification)) { options in
                complete(UNNotificationPresentationOptions(rawValue: UInt(options)))
            }
        }

        /// The SDK's `geTuiSdkDidReceiveNotification` callback, forwarded to the provider.
        public func geTuiSdkDidReceiveNotification(
            _ userInfo: [AnyHashable: Any], notificationCenter center: UNUserNotificationCenter?, response: UNNotificationResponse?,
            fetchCompletionHandler completionHandler: ((UIBackgroundFetchResult) -> Void)?
        ) {
            nonisolated(unsafe) let complete = completionHandler
            let info = response.map { Self.info($0.notification) }
                ?? GetuiNotificationInfo(userInfo: (try? JSONValue(foundation: userInfo))?.objectValue ?? JSONObject())
            let reply = response.map { GetuiResponseInfo(actionIdentifier: $0.actionIdentifier, userText: ($0 as? UNTextInputNotificationResponse)?.userText) }
            provider?.geTuiSdkDidReceiveNotification(info, response: reply) { result in
                complete?(UIBackgroundFetchResult(rawValue: UInt(result.rawValue)) ?? .noData)
            }
        }

        /// The SDK's `geTuiSdkDidReceiveSlience` callback, forwarded to the provider.
        public func geTuiSdkDidReceiveSlience(
            _ userInfo: [AnyHashable: Any], fromGetui: Bool, offLine: Bool, appId: String?, taskId: String?, msgId: String?,
            fetchCompletionHandler completionHandler: ((UIBackgroundFetchResult) -> Void)?
        ) {
            nonisolated(unsafe) let complete = completionHandler
            let info = (try? JSONValue(foundation: userInfo))?.objectValue ?? JSONObject()
            guard let provider else { complete?(.noData); return }
            provider.geTuiSdkDidReceiveSlience(info, fromGetui: fromGetui, offLine: offLine, appID: appId, taskID: taskId, msgID: msgId) { result in
                complete?(UIBackgroundFetchResult(rawValue: UInt(result.rawValue)) ?? .noData)
            }
        }

        /// The SDK's `geTuiSdkDidAliasAction` callback, forwarded to the provider.
        public func geTuiSdkDidAliasAction(_ action: String, result isSuccess: Bool, sequenceNum aSn: String, error: Error?) {
            provider?.geTuiSdkDidAliasAction(action, result: isSuccess, sequenceNum: aSn, error: error.map { String(describing: $0) })
        }

        /// The SDK's `geTuiSdkDidSetTagsAction` callback, forwarded to the provider.
        public func geTuiSdkDidSetTagsAction(_ sequenceNum: String, result isSuccess: Bool, error: Error?) {
            provider?.geTuiSdkDidSetTagsAction(sequenceNum, result: isSuccess, error: error.map { String(describing: $0) })
        }

        /// The SDK's `getuiSdkDidQueryTag` callback, forwarded to the provider.
        public func getuiSdkDidQueryTag(_ aTags: [Any], sequenceNum aSn: String, error: Error?) {
            provider?.getuiSdkDidQueryTag(aTags.compactMap { $0 as? String }, sequenceNum: aSn, error: error.map { String(describing: $0) })
        }

        private static func info(_ notification: UNNotification) -> GetuiNotificationInfo {
            let request = notification.request
            let userInfo = (try? JSONValue(foundation: request.content.userInfo))?.objectValue ?? JSONObject()
            return GetuiNotificationInfo(userInfo: userInfo, identifier: request.identifier, isRemote: request.trigger is UNPushNotificationTrigger)
        }
    }
#endif
