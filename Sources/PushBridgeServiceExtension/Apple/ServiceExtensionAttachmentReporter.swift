#if canImport(UserNotifications)
    import UserNotifications

    /// A reporter whose SDK downloads the media itself and hands back attachments (Getui's,
    /// `GeTuiExtSdk.h` line 24): ``PushNotificationServiceExtension`` adds them to the content.
    public protocol ServiceExtensionAttachmentReporter: ServiceExtensionReporter {
        /// The attachments the SDK handed back for the request `identifier`, removed from the reporter.
        func takeAttachments(for identifier: String) -> [UNNotificationAttachment]
    }
#endif
