#if canImport(UserNotifications) && canImport(ObjectiveC)
    import PushBridgeCore
    import PushBridgeServiceExtension

    extension ServiceExtensionReporterAdapter {
        /// FCM's delivery metrics, through Firebase's extension helper; the image
        /// (`fcm_options.image`) is the session's to download (``FCMServiceExtensionReporter``).
        /// It needs no app group of its own.
        ///
        /// ```swift
        /// override var reporterAdapters: [ServiceExtensionReporterAdapter] { [.jpush, .fcm] }
        /// ```
        public static var fcm: ServiceExtensionReporterAdapter {
            ServiceExtensionReporterAdapter(id: "fcm") { _ in try FCMServiceExtensionReporter() }
        }
    }
#endif
