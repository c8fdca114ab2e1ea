#if canImport(ObjectiveC) && canImport(UIKit)
    // FirebaseMessaging behind `FCMBridge`, bound by name at run time through the Objective-C
    // runtime, written against FirebaseMessaging 12.19.0's `FIRMessaging.h`.
    //
    // Why by name: as for JPush and Getui (`GeTuiSdkBridge.swift`), the root package may depend on
    // no other package and a SwiftPM target sees neither a pod's module nor the app's, so no
    // `import FirebaseMessaging` compiles here. The bridge finds `FIRMessaging` and `FIRApp` with
    // `NSClassFromString`, checks every method it will call without running Firebase code, calls
    // each through its implementation cast to a `@convention(c)` type with the header's argument
    // types, and implements the `FIRMessagingDelegate` methods as `@objc(…)` methods. It works
    // with Firebase added by Swift Package Manager (firebase-ios-sdk, product FirebaseMessaging)
    // or CocoaPods (`pod 'FirebaseMessaging'`).
    //
    // Every name bound is spelled once, in `FCMSDKSymbols`, except the `@objc(…)` selectors (an
    // attribute needs a literal; a test holds each against `FCMSDKSymbols`). A thin shell: every
    // decision is `FCMProvider`'s.
    import Foundation
    import ObjectiveC
    import PushBridge
    import PushBridgeAdapterSupport
    import PushBridgeProviderKit
    import UIKit

    // The Objective-C signatures the bridge calls, each after the two hidden arguments (the
    // receiver and the selector). BOOL is `Bool`; `FIRMessagingAPNSTokenType` is an `NSInteger`
    // enum, `Int`; an object the SDK returns at +0 is `Unmanaged`, taken unretained; an `NSError`
    // a block receives is an `NSObject`, read as `NSError` where it is used.

    /// `+[FIRMessaging messaging]` and `+[FIRApp defaultApp]`.
    package typealias SharedObjectIMP = @convention(c) (AnyClass, Selector) -> Unmanaged<AnyObject>?
    /// `-setDelegate:`.
    package typealias SetDelegateIMP = @convention(c) (AnyObject, Selector, AnyObject?) -> Void
    /// `-setAPNSToken:type:`.
    package typealias SetAPNSTokenIMP = @convention(c) (AnyObject, Selector, NSData, Int) -> Void
    /// `-isAutoInitEnabled` and `-isInstallationIdEnabled`.
    package typealias BoolGetterIMP = @convention(c) (AnyObject, Selector) -> Bool
    /// `-setAutoInitEnabled:`.
    package typealias BoolSetterIMP = @convention(c) (AnyObject, Selector, Bool) -> Void
    /// `void (^)(NSError *_Nullable error)`: `-registerWithCompletion:`'s and the topic calls' completion.
    package typealias ErrorCompletion = @convention(block) (NSObject?) -> Void
    /// `void (^)(NSString *_Nullable token, NSError *_Nullable error)`: `-tokenWithCompletion:`'s.
    package typealias TokenCompletion = @convention(block) (NSString?, NSObject?) -> Void
    /// `-registerWithCompletion:`.
    package typealias RegisterIMP = @convention(c) (AnyObject, Selector, ErrorCompletion) -> Void
    /// `-tokenWithCompletion:`.
    package typealias TokenIMP = @convention(c) (AnyObject, Selector, TokenCompletion) -> Void
    /// `-subscribeToTopic:completion:` and `-unsubscribeFromTopic:completion:` (a nullable block).
    package typealias TopicIMP = @convention(c) (AnyObject, Selector, NSString, ErrorCompletion?) -> Void
    /// `-appDidReceiveMessage:` (returns a `FIRMessagingMessageInfo` at +0, not used).
    package typealias AppDidReceiveMessageIMP = @convention(c) (AnyObject, Selector, NSDictionary) -> Unmanaged<AnyObject>?

    /// `FIRMessaging` as an ``FCMBridge``, bound by name at run time, and the
    /// `FIRMessagingDelegate` that forwards its callbacks to an ``FCMBridgeDelegate`` (an
    /// ``FCMProvider``).
    ///
    /// The app links FirebaseMessaging and calls `FirebaseApp.configure()` before making its
    /// client; otherwise the initialiser throws, saying which.
    ///
    /// ```swift
    /// FirebaseApp.configure()
    /// let client = PushClient(configurationFile: "push.json", adapters: [.fcm])  // FIRMessagingBridge inside
    /// ```
    public final class FIRMessagingBridge: NSObject, FCMBridge, @unchecked Sendable {
        // @unchecked: the only mutable state, the weak delegate, is guarded by its lock; the
        // instance is set once, in `init`.
        private let weakDelegate = Locked(WeakDelegate())
        /// `+[FIRMessaging messaging]`, the shared instance.
        let instance: AnyObject

        /// A bridge to the FirebaseMessaging in the app, made the `FIRMessaging` delegate.
        ///
        /// Looks up every class and method it will call first, without running Firebase code.
        /// Called as `try FIRMessagingBridge()` (the unnamed `Void` parameter is there because a
        /// throwing initialiser may not override `NSObject`'s `init()`).
        ///
        /// - Throws: `PushError` — `unsupported` (field `sdk`) naming each class or method the
        ///   app lacks and the fix; `invalidConfiguration` (field `FirebaseApp`) when
        ///   `FirebaseApp.configure()` was not called yet (`+[FIRMessaging messaging]` would raise
        ///   an exception then).
        public init(_: Void = ()) throws(PushError) {
            let missing = FCMSDKSymbols.missing(
                classExists: ObjCRuntimeLookup.classExists, respondsToClassMethod: ObjCRuntimeLookup.respondsToClassMethod,
                respondsToInstanceMethod: ObjCRuntimeLookup.respondsToInstanceMethod)
            if let missing { throw missing }
            guard let messagingClass = NSClassFromString(FCMSDKSymbols.messagingClass), let appClass = NSClassFromString(FCMSDKSymbols.appClass)
            else {
                throw PushError(.unsupported, field: "sdk", FCMSDKSymbols.classMissing(FCMSDKSymbols.messagingClass))
            }
            let (defaultApp, appSelector) = Self.classMethod(appClass, FCMSDKSymbols.defaultApp, as: SharedObjectIMP.self)
            guard defaultApp(appClass, appSelector) != nil else { throw FCMSDKSymbols.notConfigured }
            let (shared, sharedSelector) = Self.classMethod(messagingClass, FCMSDKSymbols.messaging, as: SharedObjectIMP.self)
            guard let instance = shared(messagingClass, sharedSelector)?.takeUnretainedValue() else {
                throw PushError(.unsupported, field: "sdk", "+[FIRMessaging messaging] returned nil")
            }
            self.instance = instance
            super.init()
            let (setDelegate, selector) = method(FCMSDKSymbols.setDelegate, as: SetDelegateIMP.self)
            setDelegate(instance, selector, self)
        }

        /// The adapter FCM's callbacks are forwarded to, held weakly as `FIRMessaging` holds its
        /// own delegate. An ``FCMProvider`` sets itself here when it is made with this bridge.
        public var delegate: (any FCMBridgeDelegate)? {
            get { weakDelegate.withLock { $0.value } }
            set { weakDelegate.withLock { $0.value = newValue } }
        }

        /// The delegate, held weakly.
        private struct WeakDelegate {
            weak var value: (any FCMBridgeDelegate)?
        }

        /// Answers YES for `FIRMessagingDelegate` too, whose methods this object implements
        /// without seeing the protocol's declaration.
        public override func conforms(to aProtocol: Protocol) -> Bool {
            super.conforms(to: aProtocol) || NSStringFromProtocol(aProtocol) == FCMSDKSymbols.delegateProtocol
        }

        // MARK: Binding

        /// The class method `name` of `cls` as `Function`, and the selector to pass it
        /// (``ObjCRuntimeLookup/classMethod(_:_:as:)``).
        static func classMethod<Function>(_ cls: AnyClass, _ name: String, as type: Function.Type) -> (Function, Selector) {
            ObjCRuntimeLookup.classMethod(cls, name, as: type)
        }

        /// The instance method `name` of the shared `FIRMessaging` as `Function`, and the
        /// selector to pass it; `nil` when the SDK in the app lacks it (an optional method).
        func optionalMethod<Function>(_ name: String, as _: Function.Type) -> (Function, Selector)? {
            let selector = NSSelectorFromString(name)
            guard instance.responds(to: selector), let implementation = instance.method(for: selector) else { return nil }
            return (unsafeBitCast(implementation, to: Function.self), selector)
        }

        /// The instance method `name`, which `init` found.
        func method<Function>(_ name: String, as type: Function.Type) -> (Function, Selector) {
            guard let found = optionalMethod(name, as: type) else {
                preconditionFailure("-[FIRMessaging \(name)] has no implementation, though init found it")
            }
            return found
        }

        /// The domain and code of the `NSError` a completion received (`nil`: none).
        static func vendorCode(_ error: NSObject?) -> PushError.VendorCode? {
            guard let error = error as? NSError else { return nil }
            return PushError.VendorCode(domain: error.domain, code: error.code)
        }

        // MARK: FCMBridge

        /// `autoInitEnabled`.
        public var autoInitEnabled: Bool {
            get {
                let (call, selector) = method(FCMSDKSymbols.isAutoInitEnabled, as: BoolGetterIMP.self)
                return call(instance, selector)
            }
            set {
                let (call, selector) = method(FCMSDKSymbols.setAutoInitEnabled, as: BoolSetterIMP.self)
                call(instance, selector, newValue)
            }
        }

        /// `-setAPNSToken:type:`.
        public func setAPNSToken(_ token: [UInt8], type: FCMAPNSTokenType) {
            let (call, selector) = method(FCMSDKSymbols.setAPNSToken, as: SetAPNSTokenIMP.self)
            call(instance, selector, Data(token) as NSData, type.rawValue)
        }

        /// Whether `-registerWithCompletion:` is there and `installationIdEnabled` is YES.
        public var registersByInstallationID: Bool {
            guard optionalMethod(FCMSDKSymbols.register, as: RegisterIMP.self) != nil,
                let (enabled, selector) = optionalMethod(FCMSDKSymbols.isInstallationIdEnabled, as: BoolGetterIMP.self)
            else { return false }
            return enabled(instance, selector)
        }

        /// `-registerWithCompletion:`. ``FCMProvider`` calls it only when
        /// ``registersByInstallationID``; without it (an SDK before 12.16), the completion gets
        /// ``FCMErrorCode/registrationUnavailable``, PushBridge's code, not Firebase's.
        public func register(completion: @escaping @Sendable (PushError.VendorCode?) -> Void) {
            guard let (call, selector) = optionalMethod(FCMSDKSymbols.register, as: RegisterIMP.self) else {
                return completion(FCMErrorCode.registrationUnavailable)
            }
            call(instance, selector) { error in completion(Self.vendorCode(error)) }
        }

        /// `-tokenWithCompletion:`.
        public func token(completion: @escaping @Sendable (String?, PushError.VendorCode?) -> Void) {
            let (call, selector) = method(FCMSDKSymbols.token, as: TokenIMP.self)
            call(instance, selector) { token, error in completion(token.map { $0 as String }, Self.vendorCode(error)) }
        }

        /// `-subscribeToTopic:completion:`.
        public func subscribe(toTopic topic: String, completion: @escaping @Sendable (PushError.VendorCode?) -> Void) {
            let (call, selector) = method(FCMSDKSymbols.subscribeToTopic, as: TopicIMP.self)
            call(instance, selector, topic as NSString) { error in completion(Self.vendorCode(error)) }
        }

        /// `-unsubscribeFromTopic:completion:`.
        public func unsubscribe(fromTopic topic: String, completion: @escaping @Sendable (PushError.VendorCode?) -> Void) {
            let (call, selector) = method(FCMSDKSymbols.unsubscribeFromTopic, as: TopicIMP.self)
            call(instance, selector, topic as NSString) { error in completion(Self.vendorCode(error)) }
        }

        /// `-appDidReceiveMessage:` (its `FIRMessagingMessageInfo` is `.new` even for a
        /// duplicate, `FIRMessaging.m`: not read).
        public func appDidReceiveMessage(_ userInfo: JSONObject) {
            let (call, selector) = method(FCMSDKSymbols.appDidReceiveMessage, as: AppDidReceiveMessageIMP.self)
            _ = call(instance, selector, userInfo.foundationDictionary as NSDictionary)
        }

        // MARK: FIRMessagingDelegate

        /// `messaging:didReceiveRegistrationToken:`.
        @objc(messaging:didReceiveRegistrationToken:)
        public func messaging(_ messaging: NSObject, didReceiveRegistrationToken token: String?) {
            delegate?.messaging(didReceiveRegistrationToken: token)
        }

        /// `messaging:didReceiveRegistration:`.
        @objc(messaging:didReceiveRegistration:)
        public func messaging(_ messaging: NSObject, didReceiveRegistration installationID: String?) {
            delegate?.messaging(didReceiveRegistration: installationID)
        }

        /// `messaging:didUnregister:`.
        @objc(messaging:didUnregister:)
        public func messaging(_ messaging: NSObject, didUnregister installationID: String) {
            delegate?.messaging(didUnregister: installationID)
        }
    }
#endif
