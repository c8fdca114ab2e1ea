#if canImport(UserNotifications) && canImport(ObjectiveC)
    // JPush's notification-service-extension SDK, bound by name at run time as
    // `JPUSHServiceBridge` binds JPush: no `import` of the SDK (it ships a static library and a
    // header for the bridging header, no module: JSwift `DemoNotificationService-Bridging-Header.h`;
    // a SwiftPM target sees neither), so the class is found with `NSClassFromString` and each class
    // method is called through its implementation cast to a `@convention(c)` type with the
    // header's argument types. Every name is spelled once, in `JPushExtensionSDKSymbols`; a Linux
    // test holds each cast against the recorded declarations.
    import Foundation
    import ObjectiveC
    import PushBridgeCore
    import PushBridgeServiceExtension
    import UserNotifications

    /// `void (^)(void)`: JPush's report completion.
    private typealias JPushReportCompletion = @convention(block) () -> Void
    /// `+[JPushNotificationExtensionService jpushSetAppkey:]`.
    private typealias StringIMP = @convention(c) (AnyClass, Selector, NSString) -> Void
    /// `+[JPushNotificationExtensionService jpushReceiveNotificationRequest:with:]`.
    private typealias JPushReceiveIMP = @convention(c) (AnyClass, Selector, AnyObject, JPushReportCompletion) -> Void

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
            service = try JPushExtensionSDKSymbols.boundClass()
            let (call, selector) = ExtensionSDKBinding.classMethod(service, JPushExtensionSDKSymbols.setAppkey, as: StringIMP.self)
            call(service, selector, appKey as NSString)
        }

        /// `jpush`.
        public var provider: PushProviderID { "jpush" }

        /// Whether the payload carries JPush's `_j_msgid`.
        public func claims(_ payload: JSONObject) -> Bool { payload[JPushExtensionSDKSymbols.messageIDKey] != nil }

        /// `+jpushReceiveNotificationRequest:with:`; the block means the report was sent.
        public func report(_ request: ServiceExtensionRequest, completion: @escaping @Sendable (ServiceExtensionReport) -> Void) {
            guard let native = request.platformRequest?.object else {
                completion(.failed(PushError(.unsupported, field: "request", "JPush reports only a system UNNotificationRequest")))
                return
            }
            let done: JPushReportCompletion = { completion(.reported()) }
            let (call, selector) = ExtensionSDKBinding.classMethod(service, JPushExtensionSDKSymbols.receive, as: JPushReceiveIMP.self)
            call(service, selector, native, done)
        }
    }
#endif
