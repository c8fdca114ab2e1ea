#if canImport(UIKit) && canImport(GTSDK)
    // The real Getui SDK (module `GTSDK`: `GTSDK.framework`/`GTSDK.xcframework`, header
    // `<GTSDK/GeTuiSdk.h>`, from CocoaPods `GTSDK` or the SwiftPM package
    // `getui-sdk-ios-cocoapods`) behind `GetuiBridge`, written against the 3.1.0.0 header.
    //
    // Compiled when `GTSDK` is importable. With a bridging header instead, copy this file into
    // the app target and remove the `#if`: it uses only PushBridge's public API. A thin shell:
    // every decision is `GetuiProvider`'s. Each delegate method names its Objective-C selector
    // with `@objc(…)`, so the SDK finds it whatever Swift would have called it.
    import Foundation
    import GTSDK
    import PushBridge
    import UIKit
    import UserNotifications

    /// `GeTuiSdk` as a ``GetuiBridge``, and the `GeTuiSdkDelegate` that forwards Getui's callbacks
    /// to a ``GetuiBridgeDelegate`` (a ``GetuiProvider``), converting at the edge.
    ///
    /// ```swift
    /// let provider = GetuiProvider(
    ///     settings: settings, bridge: GeTuiSdkBridge(), applicationState: GeTuiSdkBridge.currentApplicationState)
    /// let client = PushClient(provider: provider) // the provider is the bridge's delegate
    /// ```
    public final class GeTuiSdkBridge: NSObject, GetuiBridge, GeTuiSdkDelegate, @unchecked Sendable {
        // @unchecked: the only mutable state, the weak delegate, is guarded by `lock`.
        private let lock = NSLock()
        private weak var storedDelegate: (any GetuiBridgeDelegate)?

        /// The adapter Getui's callbacks are forwarded to, held weakly as the SDK holds its own
        /// delegate. A ``GetuiProvider`` sets itself here when it is made with this bridge.
        public var delegate: (any GetuiBridgeDelegate)? {
            get { lock.lock(); defer { lock.unlock() }; return storedDelegate }
            set { lock.lock(); defer { lock.unlock() }; storedDelegate = newValue }
        }

        /// `UIApplication.shared.applicationState` as PushBridge names it, read on the main thread
        /// (where Getui calls its delegate): for ``GetuiProvider``'s `applicationState`.
        @available(iOSApplicationExtension, unavailable)
        public static let currentApplicationState: @Sendable () -> ApplicationState = {
            if Thread.isMainThread {
                return MainActor.assumeIsolated { ApplicationState(UIApplication.shared.applicationState) }
            }
            return DispatchQueue.main.sync { MainActor.assumeIsolated { ApplicationState(UIApplication.shared.applicationState) } }
        }

        // MARK: GetuiBridge

        /// `+startSdkWithAppId:appKey:appSecret:delegate:launchingOptions:`, with this object as the delegate.
        public func startSdk(appID: String, appKey: String, appSecret: String, launchingOptions: JSONObject?) {
            GeTuiSdk.start(withAppId: appID, appKey: appKey, appSecret: appSecret, delegate: self, launchingOptions: launchingOptions?.foundationDictionary)
        }
        /// `+registerRemoteNotification:`.
        public func registerRemoteNotification(_ options: Int) {
            GeTuiSdk.registerRemoteNotification(UNAuthorizationOptions(rawValue: UInt(max(0, options))))
        }
        /// `+clientId`.
        public var clientID: String? { GeTuiSdk.clientId() }
        /// `+bindAlias:andSequenceNum:`.
        public func bindAlias(_ alias: String, sequenceNum: String) { GeTuiSdk.bindAlias(alias, andSequenceNum: sequenceNum) }
        /// `+unbindAlias:andSequenceNum:andIsSelf:`.
        public func unbindAlias(_ alias: String, sequenceNum: String, isSelf: Bool) {
            GeTuiSdk.unbindAlias(alias, andSequenceNum: sequenceNum, andIsSelf: isSelf)
        }
        /// `+setTags:andSequenceNum:`.
        public func setTags(_ tags: [String], sequenceNum: String) -> Bool { GeTuiSdk.setTags(tags, andSequenceNum: sequenceNum) }
        /// `+queryTag:` (3.1.0.0: `+ (BOOL)queryTag:(NSString *)sn`).
        public func queryTag(sequenceNum: String) -> Bool { GeTuiSdk.queryTag(sequenceNum) }
        /// `+sendFeedbackMessage:andTaskId:andMsgId:`.
        public func sendFeedbackMessage(_ actionID: Int, taskID: String, msgID: String) -> Bool {
            GeTuiSdk.sendFeedbackMessage(actionID, andTaskId: taskID, andMsgId: msgID)
        }
        /// `+handleRemoteNotification:`.
        public func handleRemoteNotification(_ userInfo: JSONObject) { GeTuiSdk.handleRemoteNotification(userInfo.foundationDictionary) }
        /// `nil`: `+retrivePayloadById:` exists only in SDK 1.3.x, whose callback SDK 3 never makes.
        public func retrivePayload(byID payloadID: String) -> String? { nil }
        /// `+setBadge:`.
        public func setBadge(_ value: Int) { GeTuiSdk.setBadge(UInt(max(0, value))) }
        /// `+resetBadge`.
        public func resetBadge() { GeTuiSdk.resetBadge() }
        /// `+setPushModeForOff:`.
        public func setPushModeForOff(_ off: Bool) { GeTuiSdk.setPushModeForOff(off) }
        /// `+handleSceneWillConnectWithOptions:` (SDK 3.1.0.0+, iOS 13+), called by selector: the
        /// method's Swift name is not confirmed by any Getui Swift sample, and SDKs before 3.1 lack
        /// it (then nothing is called).
        public func handleSceneWillConnect(_ connectionOptions: PlatformObject?) {
            let selector = NSSelectorFromString("handleSceneWillConnectWithOptions:")
            guard let options = connectionOptions?.object, (GeTuiSdk.self as AnyObject).responds(to: selector) else { return }
            _ = (GeTuiSdk.self as AnyObject).perform(selector, with: options)
        }

        // MARK: GeTuiSdkDelegate
        //
        // SDK 3 delivers passthrough only through `GeTuiSdkDidReceiveSlience:…`. On SDK 2.5.2 or
        // older, also forward `GeTuiSdkDidReceivePayloadData:andTaskId:andMsgId:andOffLine:fromGtAppId:`
        // to `geTuiSdkDidReceivePayloadData(_:taskID:msgID:offLine:appID:)` (its `NSData` as `[UInt8]`).

        /// `GeTuiSdkDidRegisterClient:`.
        @objc(GeTuiSdkDidRegisterClient:)
        public func geTuiSdkDidRegisterClient(_ clientId: String) { delegate?.geTuiSdkDidRegisterClient(clientId) }

        /// `GeTuiSDkDidNotifySdkState:`.
        @objc(GeTuiSDkDidNotifySdkState:)
        public func geTuiSDkDidNotifySdkState(_ status: SdkStatus) {
            delegate?.geTuiSDkDidNotifySdkState(GetuiSdkStatus(rawValue: Int(status.rawValue)) ?? .offline)
        }

        /// `GeTuiSdkDidOccurError:`.
        @objc(GeTuiSdkDidOccurError:)
        public func geTuiSdkDidOccurError(_ error: Error) { delegate?.geTuiSdkDidOccurError(Self.vendorCode(error)) }

        /// `GeTuiSdkNotificationCenter:willPresentNotification:completionHandler:`.
        @objc(GeTuiSdkNotificationCenter:willPresentNotification:completionHandler:)
        public func geTuiSdkNotificationCenter(
            _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
            completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
        ) {
            nonisolated(unsafe) let complete = completionHandler
            guard let delegate else { return complete([]) }
            delegate.geTuiSdkNotificationCenter(willPresent: Self.info(notification)) { options in
                complete(UNNotificationPresentationOptions(rawValue: UInt(max(0, options))))
            }
        }

        /// `GeTuiSdkNotificationCenter:openSettingsForNotification:` (nullable in the header, G31 L452).
        @objc(GeTuiSdkNotificationCenter:openSettingsForNotification:)
        public func geTuiSdkNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?) {
            delegate?.geTuiSdkNotificationCenter(openSettingsFor: notification.map(Self.info))
        }

        /// `GeTuiSdkDidReceiveNotification:notificationCenter:response:fetchCompletionHandler:`.
        @objc(GeTuiSdkDidReceiveNotification:notificationCenter:response:fetchCompletionHandler:)
        public func geTuiSdkDidReceiveNotification(
            _ userInfo: [AnyHashable: Any], notificationCenter center: UNUserNotificationCenter?, response: UNNotificationResponse?,
            fetchCompletionHandler completionHandler: ((UIBackgroundFetchResult) -> Void)?
        ) {
            nonisolated(unsafe) let complete = completionHandler
            guard let delegate else { complete?(.noData); return }
            let info = response.map { Self.info($0.notification) } ?? GetuiNotificationInfo(foundationUserInfo: userInfo)
            let reply = response.map { GetuiResponseInfo(actionIdentifier: $0.actionIdentifier, userText: ($0 as? UNTextInputNotificationResponse)?.userText) }
            let fetch: (@Sendable (BackgroundFetchResult) -> Void)? = complete == nil ? nil : { result in
                complete?(UIBackgroundFetchResult(rawValue: UInt(result.rawValue)) ?? .noData)
            }
            delegate.geTuiSdkDidReceiveNotification(info, response: reply, fetchCompletionHandler: fetch)
        }

        /// `GeTuiSdkDidReceiveSlience:fromGetui:offLine:appId:taskId:msgId:fetchCompletionHandler:`.
        @objc(GeTuiSdkDidReceiveSlience:fromGetui:offLine:appId:taskId:msgId:fetchCompletionHandler:)
        public func geTuiSdkDidReceiveSlience(
            _ userInfo: [AnyHashable: Any], fromGetui: Bool, offLine: Bool, appId: String?, taskId: String?, msgId: String?,
            fetchCompletionHandler completionHandler: ((UIBackgroundFetchResult) -> Void)?
        ) {
            nonisolated(unsafe) let complete = completionHandler
            guard let delegate else { complete?(.noData); return }
            let fetch: (@Sendable (BackgroundFetchResult) -> Void)? = complete == nil ? nil : { result in
                complete?(UIBackgroundFetchResult(rawValue: UInt(result.rawValue)) ?? .noData)
            }
            delegate.geTuiSdkDidReceiveSlience(
                json(userInfo, in: GetuiCallbackName.didReceiveSlience), fromGetui: fromGetui, offLine: offLine, appID: appId, taskID: taskId, msgID: msgId,
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

        // MARK: Conversion at the edge

        /// `userInfo` as JSON; one with no JSON form is handed on as an empty object, and reported.
        private func json(_ userInfo: [AnyHashable: Any], in callback: String) -> JSONObject {
            do throws(PushError) {
                if case .object(let object) = try JSONValue(foundation: userInfo) { return object }
                throw PushError(.invalidPayload, field: "payload", "expected an object")
            } catch {
                delegate?.sdkBridgeCouldNotRead(PushDiagnostic(
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

        /// A notification converted at the edge (one whose `userInfo` has no JSON form keeps the
        /// conversion error, which the provider reports).
        private static func info(_ notification: UNNotification) -> GetuiNotificationInfo {
            let request = notification.request
            return GetuiNotificationInfo(
                foundationUserInfo: request.content.userInfo, identifier: request.identifier, isRemote: request.trigger is UNPushNotificationTrigger)
        }
    }
#endif
