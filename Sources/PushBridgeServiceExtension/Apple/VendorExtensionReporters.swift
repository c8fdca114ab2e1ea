#if canImport(UserNotifications) && canImport(ObjectiveC)
    // JPush's and Getui's notification-service-extension SDKs, bound by name at run time as
    // `JPUSHServiceBridge` binds JPush: no `import` of either SDK (JPush's extension SDK ships a
    // static library and a header for the bridging header, no module: JSwift
    // `DemoNotificationService-Bridging-Header.h`; a SwiftPM target sees neither), so the classes
    // are found with `NSClassFromString` and each class method is called through its
    // implementation cast to a `@convention(c)` type with the header's argument types. Every name
    // is spelled once, in `ServiceExtensionSDKSymbols`; a Linux test holds each cast against the
    // recorded declarations. No compiler has seen this file on Linux.
    import Foundation
    import ObjectiveC
    import PushBridge
    import UserNotifications

    /// `void (^)(void)`: JPush's report completion.
    private typealias JPushReportCompletion = @convention(block) () -> Void
    /// `void (^)(NSArray *attachments, NSArray *errors)`: Getui's completion (no nullability in the header).
    private typealias GetuiAttachmentsCompletion = @convention(block) (NSArray?, NSArray?) -> Void

    /// `+[JPushNotificationExtensionService jpushSetAppkey:]` and `+[GeTuiExtSdk setApplicationGroupIdentifier:]`.
    private typealias StringIMP = @convention(c) (AnyClass, Selector, NSString) -> Void
    /// `+[JPushNotificationExtensionService jpushReceiveNotificationRequest:with:]`.
    private typealias JPushReceiveIMP = @convention(c) (AnyClass, Selector, AnyObject, JPushReportCompletion) -> Void
    /// `+[GeTuiExtSdk handelNotificationServiceRequest:withAttachmentsComplete:]`.
    private typealias GetuiHandleIMP = @convention(c) (AnyClass, Selector, AnyObject, GetuiAttachmentsCompletion) -> Void
    /// `+[GeTuiExtSdk destory]`.
    private typealias NoArgumentIMP = @convention(c) (AnyClass, Selector) -> Void

    /// Finds `name`'s class and checks its methods, or throws the missing-SDK error.
    private func boundClass(_ name: String) throws(PushError) -> AnyClass {
        let missing = ServiceExtensionSDKSymbols.missing(
            name, classExists: { NSClassFromString($0) != nil },
            responds: { cls, selector in NSClassFromString(cls).map { class_getClassMethod($0, NSSelectorFromString(selector)) != nil } ?? false })
        if let missing { throw missing }
        guard let cls = NSClassFromString(name) else { throw PushError(.unsupported, field: "sdk", "\(name) is not in the extension") }
        return cls
    }

    /// JPush's delivery report from the extension: `JPushNotificationExtensionService`.
    ///
    /// ```swift
    /// let jpush = try JPushServiceExtensionReporter(appKey: "your JPush AppKey")
    /// ```
    public final class JPushServiceExtensionReporter: ServiceExtensionReporter, @unchecked Sendable {
        // @unchecked: immutable after init; the class object is thread-safe to message.
        private let service: AnyClass

        /// The reporter, with `+jpushSetAppkey:` called once ("必须提前调用", JDoc).
        ///
        /// - Parameter appKey: The app's JPush AppKey, the same as the app's (JDoc).
        /// - Throws: `PushError` (`unsupported`, field `sdk`) when JPush's extension SDK is not linked.
        public init(appKey: String) throws(PushError) {
            service = try boundClass(ServiceExtensionSDKSymbols.jpushClass)
            let (call, selector) = Self.classMethod(service, ServiceExtensionSDKSymbols.jpushSetAppkey, as: StringIMP.self)
            call(service, selector, appKey as NSString)
        }

        /// `jpush`.
        public var provider: PushProviderID { "jpush" }

        /// Whether the payload carries JPush's `_j_msgid`.
        public func claims(_ payload: JSONObject) -> Bool { payload[VendorMessageKey.jpush] != nil }

        /// `+jpushReceiveNotificationRequest:with:`; the block means the report was sent.
        public func report(_ request: ServiceExtensionRequest, completion: @escaping @Sendable (ServiceExtensionReport) -> Void) {
            guard let native = request.platformRequest?.object else {
                completion(.failed(PushError(.unsupported, field: "request", "JPush reports only a system UNNotificationRequest")))
                return
            }
            let done: JPushReportCompletion = { completion(.reported()) }
            let (call, selector) = Self.classMethod(service, ServiceExtensionSDKSymbols.jpushReceive, as: JPushReceiveIMP.self)
            call(service, selector, native, done)
        }

        private static func classMethod<Function>(_ cls: AnyClass, _ name: String, as _: Function.Type) -> (Function, Selector) {
            let selector = NSSelectorFromString(name)
            guard let implementation = (cls as AnyObject).method(for: selector) else {
                preconditionFailure("+[\(NSStringFromClass(cls)) \(name)] has no implementation, though init found it")
            }
            return (unsafeBitCast(implementation, to: Function.self), selector)
        }
    }

    /// Getui's delivery report and multimedia download from the extension: `GeTuiExtSdk`.
    ///
    /// Getui's SDK downloads the media of a Getui push itself and hands back the attachments
    /// (`GeTuiExtSdk.h` line 24); ``PushNotificationServiceExtension`` adds them to the content.
    ///
    /// ```swift
    /// let getui = try GetuiServiceExtensionReporter(appGroup: "group.com.example.app")
    /// ```
    public final class GetuiServiceExtensionReporter: ServiceExtensionReporter, @unchecked Sendable {
        // @unchecked: `attachments` is guarded by its lock; the class is set once.
        private let sdk: AnyClass
        private let attachments = Locked<[String: [UNNotificationAttachment]]>([:])

        /// The reporter, with `+setApplicationGroupIdentifier:` called once — the app must set the
        /// same group in Getui's app SDK (GExt line 28: "如有使用 iOS Extension SDK，请设置该值").
        ///
        /// - Parameter appGroup: The app group shared by the app and the extension.
        /// - Throws: `PushError` (`unsupported`, field `sdk`) when Getui's extension SDK is not linked.
        public init(appGroup: String) throws(PushError) {
            sdk = try boundClass(ServiceExtensionSDKSymbols.getuiClass)
            let (call, selector) = Self.classMethod(sdk, ServiceExtensionSDKSymbols.getuiSetGroup, as: StringIMP.self)
            call(sdk, selector, appGroup as NSString)
        }

        /// `getui`.
        public var provider: PushProviderID { "getui" }

        /// Whether the payload carries Getui's `_gmid_`.
        public func claims(_ payload: JSONObject) -> Bool { payload[VendorMessageKey.getui] != nil }

        /// `+handelNotificationServiceRequest:withAttachmentsComplete:`; keeps the attachments for
        /// ``takeAttachments(for:)``.
        public func report(_ request: ServiceExtensionRequest, completion: @escaping @Sendable (ServiceExtensionReport) -> Void) {
            guard let native = request.platformRequest?.object else {
                completion(.failed(PushError(.unsupported, field: "request", "Getui reports only a system UNNotificationRequest")))
                return
            }
            let identifier = request.identifier
            let box = attachments
            let done: GetuiAttachmentsCompletion = { files, errors in
                let received = (files as? [Any] ?? []).compactMap { $0 as? UNNotificationAttachment }
                box.withLock { $0[identifier] = received }
                completion(.reported(vendorAttachments: received.count, vendorErrors: errors?.count ?? 0))
            }
            let (call, selector) = Self.classMethod(sdk, ServiceExtensionSDKSymbols.getuiHandle, as: GetuiHandleIMP.self)
            call(sdk, selector, native, done)
        }

        /// The attachments Getui handed back for the request, removed from the reporter.
        public func takeAttachments(for identifier: String) -> [UNNotificationAttachment] {
            attachments.withLock { $0.removeValue(forKey: identifier) ?? [] }
        }

        /// `+destory` (sic): Getui's demos release the SDK in `serviceExtensionTimeWillExpire`.
        public func destroy() {
            let (call, selector) = Self.classMethod(sdk, ServiceExtensionSDKSymbols.getuiDestroy, as: NoArgumentIMP.self)
            call(sdk, selector)
        }

        private static func classMethod<Function>(_ cls: AnyClass, _ name: String, as _: Function.Type) -> (Function, Selector) {
            let selector = NSSelectorFromString(name)
            guard let implementation = (cls as AnyObject).method(for: selector) else {
                preconditionFailure("+[\(NSStringFromClass(cls)) \(name)] has no implementation, though init found it")
            }
            return (unsafeBitCast(implementation, to: Function.self), selector)
        }
    }
#endif
