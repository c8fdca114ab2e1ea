import PushBridgeFCMServiceExtension
import PushBridgeGetuiServiceExtension
import PushBridgeJPushServiceExtension
import PushBridgeServiceExtension

/// The notification service extension's principal class (`NSExtensionPrincipalClass` =
/// `$(PRODUCT_MODULE_NAME).NotificationService`): reports delivery to the provider that sent the
/// push, downloads its media and calls the system's content handler exactly once, before the
/// deadline. The provider and the app group come from the same `push.json` as the app's (in the
/// extension's bundle).
final class NotificationService: PushNotificationServiceExtension, @unchecked Sendable {
    // @unchecked, as its superclass: it stores nothing.

    override var reporterAdapters: [ServiceExtensionReporterAdapter] { [.jpush, .getui, .fcm] }

    /// Media named by Firebase's and Airship's keys, and by the app's own `image` key.
    override var options: ServiceExtensionOptions {
        var options = ServiceExtensionOptions()
        options.attachmentKeys.append(.custom("image"))
        return options
    }
}
