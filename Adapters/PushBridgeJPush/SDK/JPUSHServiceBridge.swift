#if canImport(UIKit) && canImport(JPush)
    // The real JPush SDK (module `JPush`: CocoaPods `pod 'JPush'` with `JCore`, or the SwiftPM
    // package `https://github.com/jpush/jpush-sdk.git`, product `JPush`, with `JCore` from
    // `jcore-sdk`; header `<JPush/JPUSHService.h>`) behind `JPushBridge`, written against the
    // 5.x header.
    //
    // Compiled when `JPush` is importable. When the SDK comes as `JPUSHService.h` and a static
    // library through a bridging header instead, copy this file into the app target and remove
    // the `#if`: it uses only PushBridge's public API. A thin shell: every decision is
    // `JPushProvider`'s. Each delegate method names its Objective-C selector with `@objc(…)`, so
    // JPush finds it whatever Swift would have called it.
    import Foundation
    import JPush
    import PushBridge
    import UIKit
    import UserNotifications

    /// `JPUSHService` as a ``JPushBridge``, and the `JPUSHRegisterDelegate` and network-notification
    /// observer that forward JPush's callbacks to a ``JPushBridgeDelegate`` (a ``JPushProvider``),
    /// converting at the edge.
    ///
    /// ```swift
    /// let provider = JPushProvider(
    ///     settings: settings, bridge: JPUSHServiceBridge(categories: [replyCategory]),
    ///     applicationState: JPUSHServiceBridge.currentApplicationState)
    /// let client = PushClient(provider: provider) // the provider is the bridge's delegate
    /// ```
    public final class JPUSHServiceBridge: NSObject, JPushBridge, JPUSHRegisterDelegate, @unchecked Sendable {
        // @unchecked: the mutable state — the weak delegate and the observers — is guarded by `lock`.
        private let lock = NSLock()
        private weak var storedDelegate: (any JPushBridgeDelegate)?
        private var observers: [any NSObjectProtocol] = []
        private let categories: Set<UNNotificationCategory>

        /// A bridge that registers, of `categories`, those a registration names by identifier.
        ///
        /// - Parameter categories: The app's notification categories (the package runs on iOS
        ///   13+, so these are always `UNNotificationCategory`s).
        public init(categories: Set<UNNotificationCategory> = []) {
            self.categories = categories
        }

        deinit {
            for observer in observers { NotificationCenter.default.removeObserver(observer) }
        }

        /// The adapter JPush's callbacks are forwarded to, held weakly as the SDK holds its own
        /// delegate. A ``JPushProvider`` sets itself here when it is made with this bridge.
        public var delegate: (any JPushBridgeDelegate)? {
            get { lock.lock(); defer { lock.unlock() }; return storedDelegate }
            set { lock.lock(); defer { lock.unlock() }; storedDelegate = newValue }
        }

        /// `UIApplication.shared.applicationState` as PushBridge names it, read on the main thread
        /// (where JPush calls its delegate): for ``JPushProvider``'s `applicationState`.
        @available(iOSApplicationExtension, unavailable)
        public static let currentApplicationState: @Sendable () -> ApplicationState = {
            if Thread.isMainThread {
                return MainActor.assumeIsolated { ApplicationState(UIApplication.shared.applicationState) }
            }
            return DispatchQueue.main.sync { MainActor.assumeIsolated { ApplicationState(UIApplication.shared.applicationState) } }
        }

        // MARK: JPushBridge

        /// Starts observing JPush's network notifications, then
        /// `+setupWithOption:appKey:channel:apsForProduction:advertisingIdentifier:`.
        public func setup(launchOptions: JSONObject?, appKey: String, channel: String, apsForProduction: Bool, advertisingIdentifier: String?) {
            observeNetworkNotifications()
            JPUSHService.setup(
                withOption: launchOptions?.foundationDictionary, appKey: appKey, channel: channel, apsForProduction: apsForProduction,
                advertisingIdentifier: advertisingIdentifier)
        }

        /// `+registerForRemoteNotificationConfig:delegate:`, with this object as the delegate and
        /// the categories the entity names.
        public func registerForRemoteNotificationConfig(_ entity: JPushRegisterEntity) {
            let config = JPUSHRegisterEntity()
            config.types = entity.types
            if let identifiers = entity.categories, !identifiers.isEmpty {
                let named = categories.filter { identifiers.contains($0.identifier) }
                assert(named.count == Set(identifiers).count, "JPUSHServiceBridge(categories:) lacks a category the registration names")
                config.categories = Set(named.map { AnyHashable($0) })
            }
            JPUSHService.register(forRemoteNotificationConfig: config, delegate: self)
        }

        /// `+registerDeviceToken:`.
        public func registerDeviceToken(_ token: [UInt8]) { JPUSHService.registerDeviceToken(Data(token)) }
        /// `+handleRemoteNotification:`.
        public func handleRemoteNotification(_ userInfo: JSONObject) { JPUSHService.handleRemoteNotification(userInfo.foundationDictionary) }
        /// `+registrationID`.
        public var registrationID: String? {
            let id: String? = JPUSHService.registrationID()
            return id
        }
        /// `+registrationIDCompletionHandler:`.
        public func registrationIDCompletionHandler(_ completionHandler: @escaping @Sendable (Int, String?) -> Void) {
            JPUSHService.registrationIDCompletionHandler { resCode, registrationID in completionHandler(Int(resCode), registrationID) }
        }

        /// `+setAlias:completion:seq:`.
        public func setAlias(_ alias: String, seq: Int, completion: @escaping @Sendable (Int, String?, Int) -> Void) {
            JPUSHService.setAlias(alias, completion: { code, alias, seq in completion(code, alias, seq) }, seq: seq)
        }
        /// `+deleteAlias:seq:`.
        public func deleteAlias(seq: Int, completion: @escaping @Sendable (Int, String?, Int) -> Void) {
            JPUSHService.deleteAlias({ code, alias, seq in completion(code, alias, seq) }, seq: seq)
        }
        /// `+getAlias:seq:`.
        public func getAlias(seq: Int, completion: @escaping @Sendable (Int, String?, Int) -> Void) {
            JPUSHService.getAlias({ code, alias, seq in completion(code, alias, seq) }, seq: seq)
        }
        /// `+addTags:`, `+setTags:` or `+deleteTags:completion:seq:`.
        public func tags(_ operation: JPushTagOperation, _ tags: Set<String>, seq: Int, completion: @escaping @Sendable (Int, Set<String>?, Int) -> Void) {
            let reply: JPUSHTagsOperationCompletion = { code, tags, seq in completion(code, Self.strings(tags), seq) }
            switch operation {
            case .add: JPUSHService.addTags(tags, completion: reply, seq: seq)
            case .set: JPUSHService.setTags(tags, completion: reply, seq: seq)
            case .delete: JPUSHService.deleteTags(tags, completion: reply, seq: seq)
            }
        }
        /// `+cleanTags:seq:`.
        public func cleanTags(seq: Int, completion: @escaping @Sendable (Int, Set<String>?, Int) -> Void) {
            JPUSHService.cleanTags({ code, tags, seq in completion(code, Self.strings(tags), seq) }, seq: seq)
        }
        /// `+getAllTags:seq:`.
        public func getAllTags(seq: Int, completion: @escaping @Sendable (Int, Set<String>?, Int) -> Void) {
            JPUSHService.getAllTags({ code, tags, seq in completion(code, Self.strings(tags), seq) }, seq: seq)
        }
        /// `+validTag:completion:seq:`.
        public func validTag(_ tag: String, seq: Int, completion: @escaping @Sendable (Int, Set<String>?, Int, Bool) -> Void) {
            JPUSHService.validTag(tag, completion: { code, tags, seq, isBind in completion(code, Self.strings(tags), seq, isBind) }, seq: seq)
        }
        /// `+setBadge:`.
        public func setBadge(_ value: Int) -> Bool { JPUSHService.setBadge(value) }
        /// `+resetBadge`.
        public func resetBadge() { JPUSHService.resetBadge() }

        // MARK: JPUSHRegisterDelegate

        /// `jpushNotificationCenter:willPresentNotification:withCompletionHandler:`.
        @objc(jpushNotificationCenter:willPresentNotification:withCompletionHandler:)
        public func jpushNotificationCenter(
            _ center: UNUserNotificationCenter, willPresent notification: UNNotification, withCompletionHandler completionHandler: @escaping (Int) -> Void
        ) {
            nonisolated(unsafe) let complete = completionHandler
            guard let delegate else { return complete(0) }
            delegate.jpushNotificationCenter(willPresent: Self.info(notification)) { options in complete(options) }
        }

        /// `jpushNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:`.
        @objc(jpushNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:)
        public func jpushNotificationCenter(
            _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse, withCompletionHandler completionHandler: @escaping () -> Void
        ) {
            nonisolated(unsafe) let complete = completionHandler
            guard let delegate else { return complete() }
            let reply = JPushResponseInfo(
                notification: Self.info(response.notification), actionIdentifier: response.actionIdentifier,
                userText: (response as? UNTextInputNotificationResponse)?.userText)
            delegate.jpushNotificationCenter(didReceive: reply) { complete() }
        }

        /// `jpushNotificationCenter:openSettingsForNotification:` (`nil` when opened from Settings).
        @objc(jpushNotificationCenter:openSettingsForNotification:)
        public func jpushNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?) {
            delegate?.jpushNotificationCenter(openSettingsFor: notification.map(Self.info))
        }

        /// `jpushNotificationAuthorization:withInfo:`.
        @objc(jpushNotificationAuthorization:withInfo:)
        public func jpushNotificationAuthorization(_ status: JPAuthorizationStatus, withInfo info: [AnyHashable: Any]?) {
            delegate?.jpushNotificationAuthorization(
                JPushAuthorizationStatus(rawValue: Int(status.rawValue)) ?? .notDetermined, withInfo: info.map { json($0, in: JPushCallbackName.authorization) })
        }

        // MARK: Network notifications

        /// Observes every ``JPushNetworkNotification`` (once), forwarding each with its `userInfo`
        /// on the thread JPush posts it.
        private func observeNetworkNotifications() {
            lock.lock()
            let observing = !observers.isEmpty
            lock.unlock()
            guard !observing else { return }
            let added = JPushNetworkNotification.allCases.map { name in
                NotificationCenter.default.addObserver(forName: Notification.Name(name.rawValue), object: nil, queue: nil) { [weak self] note in
                    guard let self else { return }
                    delegate?.jpushNetworkNotification(name, userInfo: note.userInfo.map { self.json($0, in: name.rawValue) })
                }
            }
            lock.lock()
            observers += added
            lock.unlock()
        }

        // MARK: Conversion at the edge

        /// `userInfo` as JSON; one with no JSON form is handed on as an empty object, and reported.
        private func json(_ userInfo: [AnyHashable: Any], in callback: String) -> JSONObject {
            do throws(PushError) {
                if case .object(let object) = try JSONValue(foundation: userInfo) { return object }
                throw PushError(.invalidPayload, field: "userInfo", "expected an object")
            } catch {
                delegate?.sdkBridgeCouldNotRead(PushDiagnostic(
                    code: .unreadablePayload, notificationID: "unidentified",
                    message: "\(callback): the userInfo could not be read (\(error)); it was handed on as an empty object", error: error))
                return JSONObject()
            }
        }

        private static func strings(_ tags: Set<AnyHashable>?) -> Set<String>? {
            tags.map { Set($0.compactMap { $0.base as? String }) }
        }

        private static func info(_ notification: UNNotification) -> JPushNotificationInfo {
            let request = notification.request
            return JPushNotificationInfo(
                foundationUserInfo: request.content.userInfo, identifier: request.identifier, isRemote: request.trigger is UNPushNotificationTrigger)
        }
    }
#endif
