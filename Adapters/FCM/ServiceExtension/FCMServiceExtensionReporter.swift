#if canImport(UserNotifications) && canImport(ObjectiveC)
    // FirebaseMessaging's extension helper, bound by name at run time as `FIRMessagingBridge`
    // binds FirebaseMessaging in the app: no `import FirebaseMessaging` (a SwiftPM target cannot
    // see the extension's package or pod), so `FIRMessaging` is found with `NSClassFromString`,
    // `+extensionHelper` called through its implementation cast to a `@convention(c)` type, and
    // the helper's two methods likewise. Every name is spelled once, in `FCMExtensionSDKSymbols`.
    import Foundation
    import ObjectiveC
    import PushBridgeCore
    import PushBridgeServiceExtension
    import UserNotifications

    /// `void (^)(UNNotificationContent *)`: the helper's content handler.
    private typealias ContentHandler = @convention(block) (UNNotificationContent) -> Void
    /// `+[FIRMessaging extensionHelper]` (returns the helper at +0).
    private typealias HelperIMP = @convention(c) (AnyClass, Selector) -> Unmanaged<AnyObject>?
    /// `-[FIRMessagingExtensionHelper populateNotificationContent:withContentHandler:]`.
    private typealias PopulateIMP = @convention(c) (AnyObject, Selector, UNMutableNotificationContent, ContentHandler) -> Void
    /// `-[FIRMessagingExtensionHelper exportDeliveryMetricsToBigQueryWithMessageInfo:]`.
    private typealias ExportIMP = @convention(c) (AnyObject, Selector, NSDictionary) -> Void

    /// FCM's image and delivery metrics from the extension: `+[FIRMessaging extensionHelper]`.
    ///
    /// For a notification carrying `gcm.message_id`, it exports the delivery to Firebase's
    /// BigQuery metrics (`exportDeliveryMetricsToBigQueryWithMessageInfo:`, for every FCM
    /// notification). The image a payload names (`fcm_options.image`) is attached once, by one
    /// of two downloaders, a knob with a documented default:
    /// - by PushBridge's session (the default, `attachesImage: false`): `fcm_options.image` is
    ///   among `AttachmentKey.defaults`, so the session downloads it within its deadline and
    ///   records it in the ledger, as any media;
    /// - by Firebase (`attachesImage: true`, for an extension that turned the session's downloads
    ///   off, `ServiceExtensionOptions.downloadsMedia`): `populateNotificationContent:withContentHandler:`
    ///   downloads it and the reporter hands the attachment to `PushNotificationServiceExtension`.
    ///   Both at once would attach the image twice.
    ///
    /// ```swift
    /// override var reporterAdapters: [ServiceExtensionReporterAdapter] { [.fcm] }
    /// ```
    public final class FCMServiceExtensionReporter: ServiceExtensionAttachmentReporter, @unchecked Sendable {
        // @unchecked: `attachments` is guarded by its lock; the helper is set once, in `init`.
        private let helper: AnyObject
        private let attachments = Locked<[String: [UNNotificationAttachment]]>([:])
        private let attachesImage: Bool

        /// The reporter, on Firebase's extension helper.
        ///
        /// - Parameter attachesImage: Whether Firebase downloads and attaches `fcm_options.image`
        ///   (`false` by default: PushBridge's session does).
        /// - Throws: `PushError` (`unsupported`, field `sdk`) when FirebaseMessaging is not in the
        ///   extension, or lacks the helper's methods.
        public init(attachesImage: Bool = false) throws(PushError) {
            self.attachesImage = attachesImage
            let messaging: AnyClass = try FCMExtensionSDKSymbols.boundClass()
            let (call, selector) = ExtensionSDKBinding.classMethod(messaging, FCMExtensionSDKSymbols.extensionHelper, as: HelperIMP.self)
            guard let helper = call(messaging, selector)?.takeUnretainedValue() else {
                throw PushError(.unsupported, field: "sdk", "+[FIRMessaging extensionHelper] returned nil")
            }
            for name in FCMExtensionSDKSymbols.helperMethods where !helper.responds(to: NSSelectorFromString(name)) {
                throw PushError(
                    .unsupported, field: "sdk",
                    "\(FCMExtensionSDKSymbols.helperClass) has no -\(name) in the extension: the reporter was written against \(FCMExtensionSDKSymbols.writtenAgainst)"
                )
            }
            self.helper = helper
        }

        /// `fcm`.
        public var provider: PushProviderID { "fcm" }

        /// Whether the payload carries FCM's `gcm.message_id`.
        public func claims(_ payload: JSONObject) -> Bool { payload[FCMExtensionSDKSymbols.messageIDKey] != nil }

        /// Exports the delivery metrics, then, when Firebase attaches images and the payload names
        /// one, has it attach it: reported when Firebase hands the content back (with its
        /// attachment count), at once otherwise.
        public func report(_ request: ServiceExtensionRequest, completion: @escaping @Sendable (ServiceExtensionReport) -> Void) {
            guard let native = request.platformRequest?.object as? UNNotificationRequest else {
                completion(.failed(PushError(.unsupported, field: "request", "FCM reports only a system UNNotificationRequest")))
                return
            }
            let (export, exportSelector) = method(FCMExtensionSDKSymbols.exportDeliveryMetrics, as: ExportIMP.self)
            export(helper, exportSelector, native.content.userInfo as NSDictionary)
            guard attachesImage, FCMExtensionSDKSymbols.imageURL(in: request.payload) != nil,
                let content = native.content.mutableCopy() as? UNMutableNotificationContent
            else { return completion(.reported()) }
            let (identifier, box) = (request.identifier, attachments)
            let done: ContentHandler = { populated in
                box.withLock { $0[identifier] = populated.attachments }
                completion(.reported(vendorAttachments: populated.attachments.count))
            }
            let (populate, populateSelector) = method(FCMExtensionSDKSymbols.populate, as: PopulateIMP.self)
            populate(helper, populateSelector, content, done)
        }

        /// The attachment Firebase downloaded for the request, removed from the reporter.
        public func takeAttachments(for identifier: String) -> [UNNotificationAttachment] {
            attachments.withLock { $0.removeValue(forKey: identifier) ?? [] }
        }

        private func method<Function>(_ name: String, as _: Function.Type) -> (Function, Selector) {
            let selector = NSSelectorFromString(name)
            guard let implementation = helper.method(for: selector) else {
                preconditionFailure("-[\(FCMExtensionSDKSymbols.helperClass) \(name)] has no implementation, though init found it")
            }
            return (unsafeBitCast(implementation, to: Function.self), selector)
        }
    }
#endif
