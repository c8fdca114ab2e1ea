#if canImport(ObjectiveC) && canImport(UIKit)
    // The real Getui SDK behind `GetuiBridge`, bound by name at run time through the Objective-C
    // runtime, written against the GTSDK 3.1.0.0 header (`GeTuiSdk.h`).
    //
    // Why by name. This package's `PushBridgeGetui` target cannot depend on GTSDK: the root
    // package may depend on no other package, and a SwiftPM target sees neither a pod's module
    // nor an app's bridging header — so no `import GTSDK` can compile here, whichever way the app
    // got the SDK. The Objective-C runtime needs no module: the bridge finds `GeTuiSdk` (and
    // checks GTCommonSDK's `GTCommonSDK`) with `NSClassFromString`, calls each class method
    // through its implementation cast to a `@convention(c)` type with the exact Objective-C
    // argument types, and implements the `GeTuiSdkDelegate` methods as `@objc(…)` methods. So it
    // compiles in this package on every Apple platform and works with CocoaPods (`pod 'GTSDK'`,
    // which brings GTCommonSDK) and with Swift packages (`getui-sdk-ios-cocoapods`, product
    // GTSDK, plus `getui-gtcsdk-ios-cocoapods`, product GTCommonSDK) alike.
    //
    // Static frameworks need `-ObjC`. GTSDK.framework is a static framework; the linker keeps
    // only the object files something references, and a class named only in a string is
    // referenced by nothing, so it is stripped — unless the app links with `-ObjC` (Other Linker
    // Flags), which loads every Objective-C class. CocoaPods adds `-ObjC` for vendored static
    // artifacts itself; with Swift packages or a framework added by hand the app must add it. The
    // initialiser checks every class and method it will call (`GetuiSDKSymbols.missing`) and
    // throws a `PushError` naming what is missing and this fix, instead of failing later.
    //
    // Every name bound is spelled once, in `GetuiSDKSymbols`, except the `@objc(…)` selectors
    // (an attribute needs a literal; a test holds each against `GetuiSDKSymbols`). The compiler
    // holds every binding against `GeTuiSdk.h` in CI: the tests generate
    // `Tests/iOSBindingChecks/` from the tables, the bridge's `package` typealiases (here) and its
    // `@objc` methods, and `.ci/ios-typecheck` type-checks them with the header. A thin shell:
    // every decision is `GetuiProvider`'s, which also calls the SDK on the thread it requires.
    //
    // The bridge spans two files: this one (the bindings and the SDK's calls) and
    // `GeTuiSdkBridge+Delegate.swift` (the `GeTuiSdkDelegate` callbacks); the binding tests read
    // them as one (`BridgeSource(type:in:)`).
    import Foundation
    import ObjectiveC
    import PushBridge
    import PushBridgeAdapterSupport
    import PushBridgeProviderKit
    import PushBridgeUIKit
    import UIKit
    import UserNotifications

    // The Objective-C signatures the bridge calls, each after the two hidden arguments of every
    // method (the receiver, here the class, and the selector). BOOL is `Bool` (on arm64 it is
    // C's `bool`; on an x86_64 simulator a `signed char` holding 0 or 1), NSInteger `Int`,
    // NSUInteger and the NSUInteger enums and options (`SdkStatus`, `UNAuthorizationOptions`)
    // `UInt`; an object the SDK returns is `Unmanaged`, taken unretained (a getter returns it at
    // +0).

    /// `+startSdkWithAppId:appKey:appSecret:delegate:launchingOptions:`.
    package typealias StartIMP = @convention(c) (AnyClass, Selector, NSString, NSString, NSString, AnyObject, NSDictionary?) -> Void
    /// `+setIDFA:` and `+setApplicationGroupIdentifier:`.
    package typealias StringArgumentIMP = @convention(c) (AnyClass, Selector, NSString) -> Void
    /// `+status` (`SdkStatus`, an `NSUInteger` enum).
    package typealias StatusIMP = @convention(c) (AnyClass, Selector) -> UInt
    /// `+registerRemoteNotification:` (`UNAuthorizationOptions`) and `+setBadge:` (`NSUInteger`).
    package typealias UIntArgumentIMP = @convention(c) (AnyClass, Selector, UInt) -> Void
    /// `+clientId`.
    package typealias StringGetterIMP = @convention(c) (AnyClass, Selector) -> Unmanaged<NSString>?
    /// `+bindAlias:andSequenceNum:`.
    package typealias BindAliasIMP = @convention(c) (AnyClass, Selector, NSString, NSString) -> Void
    /// `+unbindAlias:andSequenceNum:andIsSelf:`.
    package typealias UnbindAliasIMP = @convention(c) (AnyClass, Selector, NSString, NSString, Bool) -> Void
    /// `+setTags:andSequenceNum:`.
    package typealias SetTagsIMP = @convention(c) (AnyClass, Selector, NSArray, NSString) -> Bool
    /// `+queryTag:`.
    package typealias QueryTagIMP = @convention(c) (AnyClass, Selector, NSString) -> Bool
    /// `+sendFeedbackMessage:andTaskId:andMsgId:`.
    package typealias FeedbackIMP = @convention(c) (AnyClass, Selector, Int, NSString, NSString) -> Bool
    /// `+handleRemoteNotification:`.
    package typealias DictionaryIMP = @convention(c) (AnyClass, Selector, NSDictionary) -> Void
    /// `+resetBadge`.
    package typealias NoArgumentIMP = @convention(c) (AnyClass, Selector) -> Void
    /// `+setPushModeForOff:`.
    package typealias BoolArgumentIMP = @convention(c) (AnyClass, Selector, Bool) -> Void
    /// `+registerVoipTokenCredentials:`.
    package typealias DataToBoolIMP = @convention(c) (AnyClass, Selector, NSData) -> Bool
    /// `+registerLiveActivity:activityToken:sequenceNum:` and `+registerLiveActivity:pushToStartToken:sequenceNum:`.
    package typealias LiveActivityIMP = @convention(c) (AnyClass, Selector, NSString, NSString, NSString) -> Bool
    /// `+handleSceneWillConnectWithOptions:` (`UISceneConnectionOptions *`).
    package typealias ObjectArgumentIMP = @convention(c) (AnyClass, Selector, AnyObject) -> Void

    /// `GeTuiSdk` as a ``GetuiBridge``, bound by name at run time, and the `GeTuiSdkDelegate` that
    /// forwards Getui's callbacks to a ``GetuiBridgeDelegate`` (a ``GetuiProvider``), converting
    /// at the edge.
    ///
    /// The app needs GTSDK and GTCommonSDK linked, with `-ObjC` in Other Linker Flags unless
    /// CocoaPods installed them; otherwise the initialiser throws, saying so.
    ///
    /// ```swift
    /// let provider = GetuiProvider(
    ///     settings: settings, bridge: try GeTuiSdkBridge(), applicationState: GeTuiSdkBridge.currentApplicationState)
    /// let client = PushClient(provider: provider) // the provider is the bridge's delegate
    /// ```
    public final class GeTuiSdkBridge: NSObject, GetuiBridge, @unchecked Sendable {
        // @unchecked: the only mutable state, the weak delegate, is guarded by its lock; the
        // class is set once, in `init`.
        private let weakDelegate = Locked(WeakDelegate())
        /// `GeTuiSdk`.
        let sdk: AnyClass

        /// A bridge to the Getui SDK in the app.
        ///
        /// Looks up every class and class method it will call, without running any SDK code.
        /// Called as `try GeTuiSdkBridge()`: the unnamed `Void` parameter is there only because
        /// a throwing initialiser may not override `NSObject`'s `init()`.
        ///
        /// - Throws: `PushError` with code `unsupported` and field `sdk`, naming each class or
        ///   method the app lacks — GTSDK or GTCommonSDK not linked, or stripped for want of
        ///   `-ObjC`, or a version without a method this bridge calls — and the fix.
        public init(_: Void = ()) throws(PushError) {
            // `ObjCRuntimeLookup` sends the class no message: no SDK code runs yet.
            let missing = GetuiSDKSymbols.missing(classExists: ObjCRuntimeLookup.classExists, responds: ObjCRuntimeLookup.respondsToClassMethod)
            if let missing { throw missing }
            guard let sdk = NSClassFromString(GetuiSDKSymbols.sdkClass) else {
                throw PushError(.unsupported, field: "sdk", "Getui's class \(GetuiSDKSymbols.sdkClass) is not in the app")
            }
            self.sdk = sdk
            super.init()
        }

        /// The adapter Getui's callbacks are forwarded to, held weakly as the SDK holds its own
        /// delegate. A ``GetuiProvider`` sets itself here when it is made with this bridge.
        public var delegate: (any GetuiBridgeDelegate)? {
            get { weakDelegate.withLock { $0.value } }
            set { weakDelegate.withLock { $0.value = newValue } }
        }

        /// The delegate, held weakly.
        private struct WeakDelegate {
            weak var value: (any GetuiBridgeDelegate)?
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

        /// Answers YES for `GeTuiSdkDelegate` too, whose methods this object implements without
        /// seeing the protocol's declaration — in case the SDK checks conformance.
        public override func conforms(to aProtocol: Protocol) -> Bool {
            super.conforms(to: aProtocol) || NSStringFromProtocol(aProtocol) == GetuiSDKSymbols.delegateProtocol
        }

        // MARK: Binding

        /// The class method `name` of `cls` as `Function` — a `@convention(c)` type whose first
        /// two parameters are the class and the selector — and the selector to pass it
        /// (``ObjCRuntimeLookup/classMethod(_:_:as:)``); `init` checked that the method is there.
        static func classMethod<Function>(_ cls: AnyClass, _ name: String, as type: Function.Type) -> (Function, Selector) {
            ObjCRuntimeLookup.classMethod(cls, name, as: type)
        }

        // MARK: GetuiBridge

        /// `+startSdkWithAppId:appKey:appSecret:delegate:launchingOptions:`, with this object as the delegate.
        public func startSdk(appID: String, appKey: String, appSecret: String, launchingOptions: JSONObject?) {
            let (call, selector) = Self.classMethod(sdk, GetuiSDKSymbols.startSdk, as: StartIMP.self)
            call(
                sdk, selector, appID as NSString, appKey as NSString, appSecret as NSString, self,
                launchingOptions.map { $0.foundationDictionary as NSDictionary })
        }
        /// `+setIDFA:`.
        public func setIDFA(_ idfa: String) {
            let (call, selector) = Self.classMethod(sdk, GetuiSDKSymbols.setIDFA, as: StringArgumentIMP.self)
            call(sdk, selector, idfa as NSString)
        }

        /// `+setApplicationGroupIdentifier:`.
        public func setApplicationGroupIdentifier(_ identifier: String) {
            let (call, selector) = Self.classMethod(sdk, GetuiSDKSymbols.setApplicationGroupIdentifier, as: StringArgumentIMP.self)
            call(sdk, selector, identifier as NSString)
        }
        /// `+status` (a value outside `SdkStatus` reads as `offline`).
        public var status: GetuiSdkStatus {
            let (call, selector) = Self.classMethod(sdk, GetuiSDKSymbols.status, as: StatusIMP.self)
            return GetuiSdkStatus(rawValue: Int(clamping: call(sdk, selector))) ?? .offline
        }
        /// `+registerRemoteNotification:` with the `UNAuthorizationOptions` bits (a negative value
        /// as none).
        public func registerRemoteNotification(_ options: Int) {
            let (call, selector) = Self.classMethod(sdk, GetuiSDKSymbols.registerRemoteNotification, as: UIntArgumentIMP.self)
            call(sdk, selector, UInt(max(0, options)))
        }
        /// `+clientId`.
        public var clientID: String? {
            let (call, selector) = Self.classMethod(sdk, GetuiSDKSymbols.clientID, as: StringGetterIMP.self)
            return call(sdk, selector).map { $0.takeUnretainedValue() as String }
        }
        /// `+bindAlias:andSequenceNum:`.
        public func bindAlias(_ alias: String, sequenceNum: String) {
            let (call, selector) = Self.classMethod(sdk, GetuiSDKSymbols.bindAlias, as: BindAliasIMP.self)
            call(sdk, selector, alias as NSString, sequenceNum as NSString)
        }
        /// `+unbindAlias:andSequenceNum:andIsSelf:`.
        public func unbindAlias(_ alias: String, sequenceNum: String, isSelf: Bool) {
            let (call, selector) = Self.classMethod(sdk, GetuiSDKSymbols.unbindAlias, as: UnbindAliasIMP.self)
            call(sdk, selector, alias as NSString, sequenceNum as NSString, isSelf)
        }
        /// `+setTags:andSequenceNum:`.
        public func setTags(_ tags: [String], sequenceNum: String) -> Bool {
            let (call, selector) = Self.classMethod(sdk, GetuiSDKSymbols.setTags, as: SetTagsIMP.self)
            return call(sdk, selector, tags as NSArray, sequenceNum as NSString)
        }
        /// `+queryTag:` (3.1.0.0: `+ (BOOL)queryTag:(NSString *)sn`).
        public func queryTag(sequenceNum: String) -> Bool {
            let (call, selector) = Self.classMethod(sdk, GetuiSDKSymbols.queryTag, as: QueryTagIMP.self)
            return call(sdk, selector, sequenceNum as NSString)
        }
        /// `+sendFeedbackMessage:andTaskId:andMsgId:`.
        public func sendFeedbackMessage(_ actionID: Int, taskID: String, msgID: String) -> Bool {
            let (call, selector) = Self.classMethod(sdk, GetuiSDKSymbols.sendFeedbackMessage, as: FeedbackIMP.self)
            return call(sdk, selector, actionID, taskID as NSString, msgID as NSString)
        }
        /// `+handleRemoteNotification:`.
        public func handleRemoteNotification(_ userInfo: JSONObject) {
            let (call, selector) = Self.classMethod(sdk, GetuiSDKSymbols.handleRemoteNotification, as: DictionaryIMP.self)
            call(sdk, selector, userInfo.foundationDictionary as NSDictionary)
        }
        /// `nil`: `+retrivePayloadById:` exists only in SDK 1.3.x, whose callback SDK 3 never makes.
        public func retrivePayload(byID payloadID: String) -> String? { nil }
        /// `+setBadge:` (a negative value as 0).
        public func setBadge(_ value: Int) {
            let (call, selector) = Self.classMethod(sdk, GetuiSDKSymbols.setBadge, as: UIntArgumentIMP.self)
            call(sdk, selector, UInt(max(0, value)))
        }
        /// `+resetBadge`.
        public func resetBadge() {
            let (call, selector) = Self.classMethod(sdk, GetuiSDKSymbols.resetBadge, as: NoArgumentIMP.self)
            call(sdk, selector)
        }
        /// `+setPushModeForOff:`.
        public func setPushModeForOff(_ off: Bool) {
            let (call, selector) = Self.classMethod(sdk, GetuiSDKSymbols.setPushModeForOff, as: BoolArgumentIMP.self)
            call(sdk, selector, off)
        }
        /// `+handleSceneWillConnectWithOptions:` (SDK 3.1.0.0+, iOS 13+), when the SDK has it:
        /// SDKs before 3.1 lack it, and then nothing is called.
        public func handleSceneWillConnect(_ connectionOptions: PlatformObject?) {
            guard let options = connectionOptions?.object,
                class_getClassMethod(sdk, NSSelectorFromString(GetuiSDKSymbols.handleSceneWillConnect)) != nil
            else { return }
            let (call, selector) = Self.classMethod(sdk, GetuiSDKSymbols.handleSceneWillConnect, as: ObjectArgumentIMP.self)
            call(sdk, selector, options)
        }

        /// `+registerVoipTokenCredentials:`.
        public func registerVoipTokenCredentials(_ token: [UInt8]) -> Bool {
            let (call, selector) = Self.classMethod(sdk, GetuiSDKSymbols.registerVoipTokenCredentials, as: DataToBoolIMP.self)
            return call(sdk, selector, Data(token) as NSData)
        }
        /// `+handleVoipNotification:`.
        public func handleVoipNotification(_ payload: JSONObject) {
            let (call, selector) = Self.classMethod(sdk, GetuiSDKSymbols.handleVoipNotification, as: DictionaryIMP.self)
            call(sdk, selector, payload.foundationDictionary as NSDictionary)
        }
        /// `+registerLiveActivity:activityToken:sequenceNum:`.
        public func registerLiveActivity(_ liveActivityID: String, activityToken: String, sequenceNum: String) -> Bool {
            let (call, selector) = Self.classMethod(sdk, GetuiSDKSymbols.registerLiveActivityToken, as: LiveActivityIMP.self)
            return call(sdk, selector, liveActivityID as NSString, activityToken as NSString, sequenceNum as NSString)
        }
        /// `+registerLiveActivity:pushToStartToken:sequenceNum:` when the SDK has it (3.0.7.0+);
        /// `false` otherwise, and nothing is called.
        public func registerLiveActivity(attributes activityAttributes: String, pushToStartToken: String, sequenceNum: String) -> Bool {
            guard class_getClassMethod(sdk, NSSelectorFromString(GetuiSDKSymbols.registerLiveActivityPushToStartToken)) != nil else { return false }
            let (call, selector) = Self.classMethod(sdk, GetuiSDKSymbols.registerLiveActivityPushToStartToken, as: LiveActivityIMP.self)
            return call(sdk, selector, activityAttributes as NSString, pushToStartToken as NSString, sequenceNum as NSString)
        }
    }
#endif
