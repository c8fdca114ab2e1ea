#if canImport(UserNotifications) && canImport(ObjectiveC)
    // Getui's notification-service-extension SDK, bound by name at run time as `GeTuiSdkBridge`
    // binds Getui: no `import GTExtensionSDK` (a SwiftPM target cannot see the app's framework),
    // so the class is found with `NSClassFromString` and each class method is called through its
    // implementation cast to a `@convention(c)` type with the header's argument types. Every name
    // is spelled once, in `GetuiExtensionSDKSymbols`; a Linux test holds each cast against the
    // recorded declarations.
    import Foundation
    import ObjectiveC
    import PushBridgeCore
    import PushBridgeServiceExtension
    import UserNotifications

    /// `void (^)(NSArray *attachments, NSArray *errors)`: Getui's completion (no nullability in the header).
    private typealias GetuiAttachmentsCompletion = @convention(block) (NSArray?, NSArray?) -> Void
    /// `+[GeTuiExtSdk setApplicationGroupIdentifier:]`.
    private typealias StringIMP = @convention(c) (AnyClass, Selector, NSString) -> Void
    /// `+[GeTuiExtSdk handelNotificationServiceRequest:withAttachmentsComplete:]`.
    private typealias GetuiHandleIMP = @convention(c) (AnyClass, Selector, AnyObject, GetuiAttachmentsCompletion) -> Void
    /// `+[GeTuiExtSdk destory]`.
    private typealias NoArgumentIMP = @convention(c) (AnyClass, Selector) -> Void

    /// Getui's delivery report and multimedia download from the extension: `GeTuiExtSdk`.
    ///
    /// Getui's SDK downloads the media of a Getui push itself and hands back the attachments
    /// (`GeTuiExtSdk.h` line 24); `PushNotificationServiceExtension` adds them to the content.
    ///
    /// ```swift
    /// let getui = try GetuiServiceExtensionReporter(appGroup: "group.com.example.app")
    /// ```
    public final class GetuiServiceExtensionReporter: ServiceExtensionAttachmentReporter, @unchecked Sendable {
        // @unchecked: `attachments` is guarded by its lock; the class is set once.
        private let sdk: AnyClass
        private let attachments = Locked<[String: [UNNotificationAttachment]]>([:])

        /// The reporter, with `+setApplicationGroupIdentifier:` called once — the app must set the
        /// same group in Getui's app SDK (GExt line 28: "如有使用 iOS Extension SDK，请设置该值").
        ///
        /// - Parameter appGroup: The app group shared by the app and the extension.
        /// - Throws: `PushError` (`unsupported`, field `sdk`) when Getui's extension SDK is not linked.
        public init(appGroup: String) throws(PushError) {
            sdk = try GetuiExtensionSDKSymbols.boundClass()
            let (call, selector) = ExtensionSDKBinding.classMethod(sdk, GetuiExtensionSDKSymbols.setGroup, as: StringIMP.self)
            call(sdk, selector, appGroup as NSString)
        }

        /// `getui`.
        public var provider: PushProviderID { "getui" }

        /// Whether the payload carries Getui's `_gmid_`.
        public func claims(_ payload: JSONObject) -> Bool { payload[GetuiExtensionSDKSymbols.messageIDKey] != nil }

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
            let (call, selector) = ExtensionSDKBinding.classMethod(sdk, GetuiExtensionSDKSymbols.handle, as: GetuiHandleIMP.self)
            call(sdk, selector, native, done)
        }

        /// The attachments Getui handed back for the request, removed from the reporter.
        public func takeAttachments(for identifier: String) -> [UNNotificationAttachment] {
            attachments.withLock { $0.removeValue(forKey: identifier) ?? [] }
        }

        /// `+destory` (sic): Getui's demos release the SDK in `serviceExtensionTimeWillExpire`.
        public func timeWillExpire() {
            let (call, selector) = ExtensionSDKBinding.classMethod(sdk, GetuiExtensionSDKSymbols.destroy, as: NoArgumentIMP.self)
            call(sdk, selector)
        }
    }
#endif
