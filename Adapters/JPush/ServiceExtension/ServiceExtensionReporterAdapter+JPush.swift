#if canImport(UserNotifications) && canImport(ObjectiveC)
    import PushBridgeCore
    import PushBridgeServiceExtension

    extension ServiceExtensionReporterAdapter {
        /// JPush's delivery report, with the app key of the configuration file's `jpush` section
        /// (`appKey`), as the app's.
        ///
        /// ```swift
        /// override var reporterAdapters: [ServiceExtensionReporterAdapter] { [.jpush, .getui] }
        /// ```
        public static var jpush: ServiceExtensionReporterAdapter {
            ServiceExtensionReporterAdapter(id: "jpush") { configuration in
                try JPushServiceExtensionReporter(appKey: configuration.string("appKey", of: "jpush"))
            }
        }
    }
#endif
