#if canImport(ObjectiveC) && canImport(UIKit)
    // The real JPush SDK behind `JPushBridge`, bound by name at run time through the Objective-C
    // runtime, written against JPush 5.x and 6.x (the 5.7.0, 5.9.0 and 6.2.7 headers) and JCore's
    // `JGInforCollectionAuth.h`.
    //
    // Why by name. JPush ships no Swift or Clang module: an xcframework of `libJPush.a` and
    // `JPUSHService.h`, used from Swift through the app's bridging header (CocoaPods installs it
    // with `static_framework: true`). A SwiftPM target such as this one sees neither a pod's
    // headers nor an app's bridging header, and the root package may depend on no other package,
    // so no `import JPush` can ever compile here. The Objective-C runtime needs no header: the
    // bridge finds `JPUSHService`, `JPUSHRegisterEntity` and JCore's `JGInforCollectionAuth` with
    // `NSClassFromString`, calls each class method through its implementation cast to a
    // `@convention(c)` type with the exact Objective-C argument types (blocks as
    // `@convention(block)` closures), sets `JPUSHRegisterEntity`'s and
    // `JGInforCollectionAuthItems`'s properties by key-value coding, and hands JPush a
    // process-lifetime `JPushRegisterDelegateProxy` that implements the `JPUSHRegisterDelegate`
    // methods as `@objc(…)` methods (JPush checks `respondsToSelector:` before each call, and
    // does not retain its delegate). So it compiles in this package on every Apple platform and
    // works however the app got JPush: CocoaPods (`pod 'JPush'`, which brings JCore), its Swift
    // package (6.2+) or the xcframeworks added by hand.
    //
    // Static libraries need `-ObjC`. `libJPush.a` and JCore are static; the linker keeps only
    // the object files something references, and a class named only in a string is referenced by
    // nothing, so it is stripped — unless the app links with `-ObjC` (Other Linker Flags), which
    // loads every Objective-C class. CocoaPods adds `-ObjC` for vendored static artifacts itself;
    // an app that adds the xcframeworks by hand must add it. The initialiser checks every class
    // and method it will call (`JPushSDKSymbols.missing`) and throws a `PushError` naming what is
    // missing and this fix, instead of failing later.
    //
    // Every name bound is spelled once, in `JPushSDKSymbols`, except the `@objc(…)` selectors
    // (an attribute needs a literal; a test holds each against `JPushSDKSymbols`). The compiler
    // holds every binding against `JPUSHService.h` in CI: the tests generate
    // `Tests/iOSBindingChecks/` from the tables, the bridge's `package` typealiases (here) and
    // the proxy's `@objc` methods, and `.ci/ios-typecheck` type-checks them with the header. A thin
    // shell: every decision is `JPushProvider`'s, which also calls the SDK on the thread it requires.
    //
    // The bridge spans three files: this one (the bindings, launch and registration, the network
    // notifications), `JPUSHServiceBridge+Commands.swift` (aliases, tags, badge, VoIP, Live
    // Activities) and `JPUSHServiceBridge+DelegateProxy.swift` (the `JPUSHRegisterDelegate`); the
    // binding tests read them as one (`BridgeSource(type:in:)`).
    import Foundation
    import ObjectiveC
    import PushBridge
    import PushBridgeUIKit
    import UIKit
    import UserNotifications

    // The Objective-C signatures the bridge calls, each after the two hidden arguments of every
    // method (the receiver, here the class, and the selector). BOOL is `Bool` (on arm64 it is
    // C's `bool`; on an x86_64 simulator a `signed char` holding 0 or 1), NSInteger `Int`,
    // NSUInteger `UInt`, `int` `Int32`; an object the SDK returns is `Unmanaged`, taken
    // unretained (a getter returns it at +0).

    /// `void (^)(int resCode, NSString * _Nullable registrationID)`.
    package typealias RegistrationIDCompletion = @convention(block) (Int32, NSString?) -> Void
    /// `JPUSHAliasOperationCompletion`: `void (^)(NSInteger iResCode, NSString * _Nullable iAlias, NSInteger seq)`.
    package typealias AliasCompletion = @convention(block) (Int, NSString?, Int) -> Void
    /// `JPUSHTagsOperationCompletion`: `void (^)(NSInteger iResCode, NSSet * _Nullable iTags, NSInteger seq)`.
    package typealias TagsCompletion = @convention(block) (Int, NSSet?, Int) -> Void
    /// `JPUSHTagValidOperationCompletion`: `void (^)(NSInteger iResCode, NSSet * _Nullable iTags, NSInteger seq, BOOL isBind)`.
    package typealias TagValidCompletion = @convention(block) (Int, NSSet?, Int, Bool) -> Void
    /// `JPUSHLiveActivityTokenCompletion`: `void (^)(NSInteger iResCode, NSString * _Nullable iLiveActivityId, NSData * _Nullable pushToken, NSInteger seq)`.
    package typealias LiveActivityCompletion = @convention(block) (Int, NSString?, NSData?, Int) -> Void
    /// `void (^ _Nullable)(JGInforCollectionAuthItems *authInfo)`.
    package typealias CollectionAuthBlock = @convention(block) (NSObject) -> Void

    /// `+setupWithOption:appKey:channel:apsForProduction:advertisingIdentifier:`.
    package typealias SetupIMP = @convention(c) (AnyClass, Selector, NSDictionary?, NSString, NSString?, Bool, NSString?) -> Void
    /// `+registerForRemoteNotificationConfig:delegate:`.
    package typealias RegisterConfigIMP = @convention(c) (AnyClass, Selector, AnyObject, AnyObject?) -> Void
    /// `+registerDeviceToken:`.
    package typealias DataIMP = @convention(c) (AnyClass, Selector, NSData) -> Void
    /// `+handleRemoteNotification:`.
    package typealias DictionaryIMP = @convention(c) (AnyClass, Selector, NSDictionary) -> Void
    /// `+registrationID`.
    package typealias StringGetterIMP = @convention(c) (AnyClass, Selector) -> Unmanaged<NSString>?
    /// `+registrationIDCompletionHandler:`.
    package typealias RegistrationIDIMP = @convention(c) (AnyClass, Selector, RegistrationIDCompletion) -> Void
    /// `+setAlias:completion:seq:`.
    package typealias SetAliasIMP = @convention(c) (AnyClass, Selector, NSString, AliasCompletion?, Int) -> Void
    /// `+deleteAlias:seq:` and `+getAlias:seq:`.
    package typealias AliasQueryIMP = @convention(c) (AnyClass, Selector, AliasCompletion?, Int) -> Void
    /// `+addTags:completion:seq:`, `+setTags:completion:seq:` and `+deleteTags:completion:seq:`.
    package typealias TagsChangeIMP = @convention(c) (AnyClass, Selector, NSSet, TagsCompletion?, Int) -> Void
    /// `+cleanTags:seq:` and `+getAllTags:seq:`.
    package typealias TagsQueryIMP = @convention(c) (AnyClass, Selector, TagsCompletion?, Int) -> Void
    /// `+validTag:completion:seq:`.
    package typealias ValidTagIMP = @convention(c) (AnyClass, Selector, NSString, TagValidCompletion?, Int) -> Void
    /// `+setBadge:`.
    package typealias SetBadgeIMP = @convention(c) (AnyClass, Selector, Int) -> Bool
    /// `+resetBadge`.
    package typealias NoArgumentIMP = @convention(c) (AnyClass, Selector) -> Void
    /// `+registerLiveActivity:pushToken:completion:seq:` and `+registerLiveActivity:pushToStartToken:completion:seq:`.
    package typealias LiveActivityIMP = @convention(c) (AnyClass, Selector, NSString, NSData?, LiveActivityCompletion?, Int) -> Void
    /// `+[JGInforCollectionAuth JCollectionAuth:]`.
    package typealias CollectionAuthIMP = @convention(c) (AnyClass, Selector, CollectionAuthBlock?) -> Void

    /// `JPUSHService` as a ``JPushBridge``, bound by name at run time, and the network-notification
    /// observer that forwards JPush's notifications to a ``JPushBridgeDelegate`` (a
    /// ``JPushProvider``), converting at the edge; JPush's `JPUSHRegisterDelegate` callbacks reach
    /// the same delegate through the process-lifetime proxy the bridge registers
    /// (``JPushRegistrationDelegateAnchor``).
    ///
    /// The app needs JPush and JCore linked, with `-ObjC` in Other Linker Flags unless CocoaPods
    /// installed them; otherwise the initialiser throws, saying so.
    ///
    /// ```swift
    /// let provider = JPushProvider(
    ///     settings: settings, bridge: try JPUSHServiceBridge(),
    ///     applicationState: JPUSHServiceBridge.currentApplicationState)
    /// let client = PushClient(provider: provider) // the provider is the bridge's delegate
    /// ```
    public final class JPUSHServiceBridge: NSObject, JPushBridge, @unchecked Sendable {
        // @unchecked: the mutable state — the weak delegate and whether the network notifications
        // are observed — is guarded by `lock`; the classes are set once, in `init`.
        private let lock = NSLock()
        private weak var storedDelegate: (any JPushBridgeDelegate)?
        private var isObservingNetwork = false
        private let categories: Set<UNNotificationCategory>
        /// `JPUSHService`.
        let service: AnyClass
        /// `JPUSHRegisterEntity`.
        private let registerEntity: NSObject.Type
        /// JCore's `JGInforCollectionAuth`.
        private let collectionAuth: AnyClass

        /// A bridge to the JPush SDK in the app that registers, of the categories the app declared
        /// (`PushAppIntegration.setNotificationCategories`) and `categories`, those a registration
        /// names by identifier.
        ///
        /// Looks up every class and method it will call, without running any SDK code.
        ///
        /// - Parameter categories: Notification categories beyond those the app declared (the
        ///   package runs on iOS 13+, so these are always `UNNotificationCategory`s). None by
        ///   default: declare them once, with `PushAppDelegate.notificationCategories`.
        /// - Throws: `PushError` with code `unsupported` and field `sdk`, naming each class or
        ///   method the app lacks — JPush or JCore not linked, or stripped for want of `-ObjC`, or
        ///   a version without a method this bridge calls — and the fix.
        // `Set()`, not `[]`: an empty array literal still specialises `Set`'s non-empty literal
        // path for `UNNotificationCategory` (about 1 KB an app links).
        public init(categories: Set<UNNotificationCategory> = Set()) throws(PushError) {
            let missing = JPushSDKSymbols.missing(classExists: { NSClassFromString($0) != nil }, responds: JPUSHServiceBridge.isImplemented)
            if let missing { throw missing }
            guard let service = NSClassFromString(JPushSDKSymbols.serviceClass),
                let registerEntity = NSClassFromString(JPushSDKSymbols.registerEntityClass) as? NSObject.Type,
                let collectionAuth = NSClassFromString(JPushSDKSymbols.collectionAuthClass)
            else {
                throw PushError(
                    .unsupported, field: "sdk",
                    "JPush's \(JPushSDKSymbols.registerEntityClass) is not an NSObject subclass: not a JPush 5.x or 6.x SDK")
            }
            self.service = service
            self.registerEntity = registerEntity
            self.collectionAuth = collectionAuth
            self.categories = categories
            super.init()
        }

        deinit {
            NotificationCenter.default.removeObserver(self)
        }

        /// The adapter JPush's callbacks are forwarded to, held weakly. A ``JPushProvider`` sets
        /// itself here when it is made with this bridge, and so becomes the one JPush's
        /// registration delegate reaches (``JPushRegistrationDelegateAnchor``): a client built
        /// after another takes JPush's callbacks over.
        public var delegate: (any JPushBridgeDelegate)? {
            get {
                lock.lock()
                defer { lock.unlock() }
                return storedDelegate
            }
            set {
                lock.lock()
                storedDelegate = newValue
                lock.unlock()
                if let newValue { JPushRegistrationDelegateAnchor.process.attach(newValue) }
            }
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

        // MARK: Binding

        /// Whether the app's class implements `method`: `class_getClassMethod` or
        /// `class_getInstanceMethod`, neither of which sends the class a message (so no SDK code,
        /// not even `+initialize`, runs before the app's consent).
        private static func isImplemented(_ method: JPushSDKSymbols.Method) -> Bool {
            guard let cls = NSClassFromString(method.className) else { return false }
            let selector = NSSelectorFromString(method.selector)
            return method.isClassMethod ? class_getClassMethod(cls, selector) != nil : class_getInstanceMethod(cls, selector) != nil
        }

        /// The class method `name` of `cls` as `Function` — a `@convention(c)` type whose first
        /// two parameters are the class and the selector — and the selector to pass it.
        /// `+methodForSelector:` is itself a message, so the class is initialized first, as for
        /// any message; `init` checked that the method is there.
        static func classMethod<Function>(_ cls: AnyClass, _ name: String, as _: Function.Type) -> (Function, Selector) {
            let selector = NSSelectorFromString(name)
            guard let implementation = (cls as AnyObject).method(for: selector) else {
                preconditionFailure("+[\(NSStringFromClass(cls)) \(name)] has no implementation, though init found it")
            }
            return (unsafeBitCast(implementation, to: Function.self), selector)
        }

        // MARK: JPushBridge

        /// JCore's `+[JGInforCollectionAuth JCollectionAuth:]`, whose block sets the
        /// `JGInforCollectionAuthItems`'s `isAuth` to `isAuthorized`.
        public func setCollectionAuthorization(_ isAuthorized: Bool) {
            let authorize: CollectionAuthBlock = { items in
                items.setValue(NSNumber(value: isAuthorized), forKey: JPushSDKSymbols.authItemsIsAuthKey)
            }
            let (call, selector) = Self.classMethod(collectionAuth, JPushSDKSymbols.collectionAuth, as: CollectionAuthIMP.self)
            call(collectionAuth, selector, authorize)
        }

        /// Starts observing JPush's network notifications, then
        /// `+setupWithOption:appKey:channel:apsForProduction:advertisingIdentifier:`.
        public func setup(launchOptions: JSONObject?, appKey: String, channel: String, apsForProduction: Bool, advertisingIdentifier: String?) {
            observeNetworkNotifications()
            let (call, selector) = Self.classMethod(service, JPushSDKSymbols.setup, as: SetupIMP.self)
            call(
                service, selector, launchOptions.map { $0.foundationDictionary as NSDictionary }, appKey as NSString, channel as NSString,
                apsForProduction, advertisingIdentifier.map { $0 as NSString })
        }

        /// `+registerForRemoteNotificationConfig:delegate:`, with the process-lifetime
        /// `JPushRegisterDelegateProxy` as the delegate (JPush does not retain it) and a
        /// `JPUSHRegisterEntity` holding the entity's `types` and the categories it names.
        public func registerForRemoteNotificationConfig(_ entity: JPushRegisterEntity) {
            let config = registerEntity.init()
            config.setValue(NSNumber(value: entity.types), forKey: JPushSDKSymbols.entityTypesKey)
            if let identifiers = entity.categories, !identifiers.isEmpty {
                // The categories the app declared once (PushAppIntegration.setNotificationCategories,
                // which PushAppDelegate calls), and those this bridge was made with, collected
                // straight into the NSSet JPush takes: an NSSet unites equal objects as a Set does
                // (`isEqual:`, `hash`), and no Set of UNNotificationCategory is specialised for it.
                let named = NSMutableSet()
                var found: [String] = []
                for declared in [categories, NotificationCategoryStore.process.current] {
                    for category in declared where identifiers.contains(category.identifier) {
                        named.add(category)
                        found.append(category.identifier)
                    }
                }
                let missing = identifiers.filter { !found.contains($0) }
                if !missing.isEmpty {
                    delegate?.sdkBridgeCouldNotRead(
                        PushDiagnostic(
                            code: .undeclaredCategory, notificationID: "none",
                            message:
                                "JPush was registered without the categories \(missing.joined(separator: ", ")): the app declared none by that identifier "
                                + "(PushAppDelegate.notificationCategories, PushAppIntegration.setNotificationCategories)"))
                }
                config.setValue(named, forKey: JPushSDKSymbols.entityCategoriesKey)
            }
            let (call, selector) = Self.classMethod(service, JPushSDKSymbols.registerForRemoteNotificationConfig, as: RegisterConfigIMP.self)
            call(service, selector, config, JPushRegisterDelegateProxy.process)
        }

        /// `+registerDeviceToken:`.
        public func registerDeviceToken(_ token: [UInt8]) {
            let (call, selector) = Self.classMethod(service, JPushSDKSymbols.registerDeviceToken, as: DataIMP.self)
            call(service, selector, Data(token) as NSData)
        }

        /// `+handleRemoteNotification:`.
        public func handleRemoteNotification(_ userInfo: JSONObject) {
            let (call, selector) = Self.classMethod(service, JPushSDKSymbols.handleRemoteNotification, as: DictionaryIMP.self)
            call(service, selector, userInfo.foundationDictionary as NSDictionary)
        }

        /// `+registrationID` (`nil` or empty before JPush has one).
        public var registrationID: String? {
            let (call, selector) = Self.classMethod(service, JPushSDKSymbols.registrationID, as: StringGetterIMP.self)
            return call(service, selector).map { $0.takeUnretainedValue() as String }
        }

        /// `+registrationIDCompletionHandler:`.
        public func registrationIDCompletionHandler(_ completionHandler: @escaping @Sendable (Int, String?) -> Void) {
            let reply: RegistrationIDCompletion = { resCode, registrationID in completionHandler(Int(resCode), registrationID.map { $0 as String }) }
            let (call, selector) = Self.classMethod(service, JPushSDKSymbols.registrationIDCompletionHandler, as: RegistrationIDIMP.self)
            call(service, selector, reply)
        }

        // MARK: Network notifications

        /// Observes every ``JPushNetworkNotification`` (once), forwarding each with its `userInfo`
        /// on the thread JPush posts it (``networkNotification(_:)``).
        ///
        /// The bridge observes by selector (Apple, developer.apple.com/documentation/foundation/
        /// notificationcenter/addobserver(_:selector:name:object:)), so there are no observation
        /// tokens to keep: the notification center does not retain the bridge, and since iOS 9
        /// holds it as a zeroing weak reference (Foundation release notes for OS X 10.11 and iOS 9,
        /// "NSNotificationCenter"); `deinit` removes it all the same.
        private func observeNetworkNotifications() {
            lock.lock()
            let observing = isObservingNetwork
            isObservingNetwork = true
            lock.unlock()
            guard !observing else { return }
            for name in JPushNetworkNotification.allCases {
                NotificationCenter.default.addObserver(
                    self, selector: #selector(networkNotification(_:)), name: Notification.Name(name.rawValue), object: nil)
            }
        }

        /// One of JPush's network notifications, forwarded to the delegate with its `userInfo`.
        @objc private func networkNotification(_ note: Notification) {
            guard let name = JPushNetworkNotification(rawValue: note.name.rawValue) else { return }
            delegate?.jpushNetworkNotification(name, userInfo: note.userInfo.map { json($0, in: name.rawValue) })
        }

        // MARK: Conversion at the edge

        /// `userInfo` as JSON; one with no JSON form is handed on as an empty object, and reported.
        private func json(_ userInfo: [AnyHashable: Any], in callback: String) -> JSONObject {
            let (object, problem) = Self.json(userInfo, in: callback)
            if let problem { delegate?.sdkBridgeCouldNotRead(problem) }
            return object
        }

        /// `userInfo` as JSON; one with no JSON form is handed on as an empty object, with the
        /// diagnostic to report. (Returned rather than passed to a closure: the optimiser copied
        /// this function once per caller's closure.)
        static func json(_ userInfo: [AnyHashable: Any], in callback: String) -> (object: JSONObject, problem: PushDiagnostic?) {
            do throws(PushError) {
                if case .object(let object) = try JSONValue(foundation: userInfo) { return (object, nil) }
                throw PushError(.invalidPayload, field: "userInfo", "expected an object")
            } catch {
                let problem = PushDiagnostic(
                    code: .unreadablePayload, notificationID: "unidentified",
                    message: "\(callback): the userInfo could not be read (\(error)); it was handed on as an empty object", error: error)
                return (JSONObject(), problem)
            }
        }
    }
#endif
