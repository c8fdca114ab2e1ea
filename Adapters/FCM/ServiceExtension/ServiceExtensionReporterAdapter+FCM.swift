#if canImport(UserNotifications) && canImport(ObjectiveC)
    import PushBridgeCore
    import PushBridgeServiceExtension

    extension ServiceExtensionReporterAdapter {
        /// FCM's image (`fcm_options.image`) and delivery metrics, through Firebase's extension
        /// helper; it needs no app group of its own.
        ///
        /// ```swift
        /// override var reporterAdapters: [ServiceExtensionReporterAdapter] { [.jpush, .fcm] }
        /// ```
        public static var fcm: ServiceExtensionReporterAdapter {
            ServiceExtensionReporterAdapter(id: "fcm") { _ in try FCMServiceExtensionReporter() }
        }
    }
#endif
