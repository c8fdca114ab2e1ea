#if canImport(UserNotifications) && canImport(ObjectiveC)
    import PushBridgeCore
    import PushBridgeServiceExtension

    extension ServiceExtensionReporterAdapter {
        /// Getui's delivery report and media, with the configuration file's app group
        /// (`serviceExtension.appGroup`), the one the app's Getui SDK is given.
        ///
        /// ```swift
        /// override var reporterAdapters: [ServiceExtensionReporterAdapter] { [.jpush, .getui] }
        /// ```
        public static var getui: ServiceExtensionReporterAdapter {
            ServiceExtensionReporterAdapter(id: "getui") { configuration in
                try GetuiServiceExtensionReporter(appGroup: configuration.requireAppGroup())
            }
        }
    }
#endif
