#if canImport(ObjectiveC) && canImport(UIKit)
    // `GeTuiSdkBridge` as the `GeTuiSdkDelegate` Getui is handed (see `GeTuiSdkBridge.swift`): each
    // callback an `@objc(…)` method, converted at the edge and forwarded to the bridge's delegate.
    import Foundation
    import ObjectiveC
    import PushBridge
    import PushBridgeUIKit
    import UIKit
    import UserNotifications

    extension GeTuiSdkBridge {
        // SDK 3 delivers passthrough only through `GeTuiSdkDidReceiveSlience:…`. On SDK 2.5.2 or
        // older, also forward `GeTuiSdkDidReceivePayloadData:andTaskId:andMsgId:andOffLine:fromGtAppId:`
        // to `geTuiSdkDidReceivePayloadData(_:taskID:msgID:offLine:appID:)` (its `NSData` as `[UInt8]`).

        /// `GeTuiSdkDidRegisterClient:`.
        @objc(GeTuiSdkDidRegisterClient:)
        public func geTuiSdkDidRegisterClient(_ clientId: String) { delegate?.geTuiSdkDidRegisterClient(clientId) }

        /// `GeTuiSDkDidNotifySdkState:`; `status` is an `SdkStatus` (`NSUInteger`).
        @objc(GeTuiSDkDidNotifySdkState:)
        public func geTuiSDkDidNotifySdkState(_ status: UInt) {
            delegate?.geTuiSDkDidNotifySdkState(GetuiSdkStatus(rawValue: Int(clamping: status)) ?? .offline)
        }

        /// `GeTuiSdkDidOccurError:`.
        @objc(GeTuiSdkDidOccurError:)
        public func geTuiSdkDidOccurError(_ error: Error) { delegate?.geTuiSdkDidOccurError(Self.vendorCode(error)) }

        /// `GetuiSdkGrantAuthorization:error:`: whether the user allowed notifications, and the
        /// error when asking failed.
        @objc(GetuiSdkGrantAuthorization:error:)
        public func getuiSdkGrantAuthorization(_ granted: Bool, error: Error?) {
            delegate?.getuiSdkGrantAuthorization(granted, error: error.map(Self.vendorCode))
        }

        /// `GeTuiSdkNotificationCenter:willPresentNotification:completionHandler:`.
        @objc(GeTuiSdkNotificationCenter:willPresentNotification:completionHandler:)
        public func geTuiSdkNotificationCenter(
            _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
            completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
        ) {
            nonisolated(unsafe) let complete = completionHandler
            guard let delegate else { return complete([]) }
            delegate.geTuiSdkNotificationCenter(willPresent: GetuiNotificationInfo(notification)) { options in
                complete(UNNotificationPresentationOptions(rawValue: UInt(max(0, options))))
            }
        }

        /// `GeTuiSdkNotificationCenter:openSettingsForNotification:` (nullable in the header, G31 L452).
        @objc(GeTuiSdkNotificationCenter:openSettingsForNotification:)
        public func geTuiSdkNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?) {
            delegate?.geTuiSdkNotificationCenter(openSettingsFor: notification.map { GetuiNotificationInfo($0) })
        }

        /// Getui's fetch completion handler as the one the delegate takes (`nil` stays `nil`).
        private static func fetchCompletion(
            _ completionHandler: ((UIBackgroundFetchResult) -> Void)?
        ) -> (@Sendable (BackgroundFetchResult) -> Void)? {
            guard let completionHandler else { return nil }
            // The system's handler, called once on whatever thread the app answers on, as UIKit allows.
            nonisolated(unsafe) let complete = completionHandler
            return { result in complete(UIBackgroundFetchResult(result)) }
        }

        /// `GeTuiSdkDidReceiveNotification:notificationCenter:response:fetchCompletionHandler:`.
        @objc(GeTuiSdkDidReceiveNotification:notificationCenter:response:fetchCompletionHandler:)
        public func geTuiSdkDidReceiveNotification(
            _ userInfo: [AnyHashable: Any], notificationCenter center: UNUserNotificationCenter?, response: UNNotificationResponse?,
            fetchCompletionHandler completionHandler: ((UIBackgroundFetchResult) -> Void)?
        ) {
            nonisolated(unsafe) let complete = completionHandler
            guard let delegate else {
                complete?(.noData)
                return
            }
            let reply = response.map { GetuiResponseInfo($0) }
            let info = reply?.notification ?? GetuiNotificationInfo(foundationUserInfo: userInfo)
            let fetch = Self.fetchCompletion(complete)
            delegate.geTuiSdkDidReceiveNotification(info, response: reply, fetchCompletionHandler: fetch)
        }

        /// `GeTuiSdkDidReceiveSlience:fromGetui:offLine:appId:taskId:msgId:fetchCompletionHandler:`.
        @objc(GeTuiSdkDidReceiveSlience:fromGetui:offLine:appId:taskId:msgId:fetchCompletionHandler:)
        public func geTuiSdkDidReceiveSlience(
            _ userInfo: [AnyHashable: Any], fromGetui: Bool, offLine: Bool, appId: String?, taskId: String?, msgId: String?,
            fetchCompletionHandler completionHandler: ((UIBackgroundFetchResult) -> Void)?
        ) {
            nonisolated(unsafe) let complete = completionHandler
            guard let delegate else {
                complete?(.noData)
                return
            }
            let fetch = Self.fetchCompletion(complete)
            delegate.geTuiSdkDidReceiveSlience(
                json(userInfo, in: GetuiCallbackName.didReceiveSlience), fromGetui: fromGetui, offLine: offLine, appID: appId, taskID: taskId,
                msgID: msgId,
                fetchCompletionHandler: fetch)
        }

        /// `GeTuiSdkDidAliasAction:result:sequenceNum:error:`.
        @objc(GeTuiSdkDidAliasAction:result:sequenceNum:error:)
        public func geTuiSdkDidAliasAction(_ action: String, result isSuccess: Bool, sequenceNum aSn: String, error: Error?) {
            delegate?.geTuiSdkDidAliasAction(action, result: isSuccess, sequenceNum: aSn, error: error.map(Self.vendorCode))
        }

        /// `GeTuiSdkDidSetTagsAction:result:error:`.
        @objc(GeTuiSdkDidSetTagsAction:result:error:)
        public func geTuiSdkDidSetTagsAction(_ sequenceNum: String, result isSuccess: Bool, error: Error?) {
            delegate?.geTuiSdkDidSetTagsAction(sequenceNum, result: isSuccess, error: error.map(Self.vendorCode))
        }

        /// `GetuiSdkDidQueryTag:sequenceNum:error:`.
        @objc(GetuiSdkDidQueryTag:sequenceNum:error:)
        public func getuiSdkDidQueryTag(_ aTags: [Any], sequenceNum aSn: String, error: Error?) {
            delegate?.getuiSdkDidQueryTag(aTags.compactMap { $0 as? String }, sequenceNum: aSn, error: error.map(Self.vendorCode))
        }

        /// `GeTuiSdkDidRegisterLiveActivity:result:error:`.
        @objc(GeTuiSdkDidRegisterLiveActivity:result:error:)
        public func geTuiSdkDidRegisterLiveActivity(_ sequenceNum: String, result isSuccess: Bool, error: Error?) {
            delegate?.geTuiSdkDidRegisterLiveActivity(sequenceNum, result: isSuccess, error: error.map(Self.vendorCode))
        }

        /// `GeTuiSdkDidRegisterPushToStartToken:result:error:`.
        @objc(GeTuiSdkDidRegisterPushToStartToken:result:error:)
        public func geTuiSdkDidRegisterPushToStartToken(_ sequenceNum: String, result isSuccess: Bool, error: Error?) {
            delegate?.geTuiSdkDidRegisterPushToStartToken(sequenceNum, result: isSuccess, error: error.map(Self.vendorCode))
        }

        // MARK: Conversion at the edge

        /// `userInfo` as JSON; one with no JSON form is handed on as an empty object, and reported.
        private func json(_ userInfo: [AnyHashable: Any], in callback: String) -> JSONObject {
            do throws(PushError) {
                if case .object(let object) = try JSONValue(foundation: userInfo) { return object }
                throw PushError(.invalidPayload, field: "payload", "expected an object")
            } catch {
                delegate?.sdkBridgeCouldNotRead(
                    PushDiagnostic(
                        code: .unreadablePayload, notificationID: "unidentified",
                        message: "\(callback): the payload could not be read (\(error)); it was handed on as an empty object", error: error))
                return JSONObject()
            }
        }

        /// An `NSError`'s domain and code; never its text, which can repeat an alias or an ID.
        private static func vendorCode(_ error: Error) -> PushError.VendorCode {
            let error = error as NSError
            return PushError.VendorCode(domain: error.domain, code: error.code)
        }

    }
#endif
