import Foundation
import PushBridge
import PushBridgeGetuiServiceExtension
import PushBridgeJPushServiceExtension
import PushBridgeServiceExtension

/// The notification service extension's principal class (`NSExtensionPrincipalClass` =
/// `$(PRODUCT_MODULE_NAME).NotificationService`): reports delivery to the provider that sent the
/// push, downloads its media and calls the system's content handler exactly once, before the
/// deadline. The provider comes from the same `push.json` as the app's (in the extension's bundle).
final class NotificationService: PushNotificationServiceExtension, @unchecked Sendable {
    // @unchecked, as its superclass: it stores nothing.

    /// The app group the app and the extension share (`serviceExtension.appGroup`).
    override var appGroupIdentifier: String? { "group.com.example.pushbridge" }

    /// Media named by Firebase's and Airship's keys, and by the app's own `image` key.
    override var options: ServiceExtensionOptions {
        var options = ServiceExtensionOptions()
        options.attachmentKeys.append(.custom("image"))
        return options
    }

    override func makeReporters() throws -> [any ServiceExtensionReporter] {
        guard let file = Bundle.main.url(forResource: "push", withExtension: "json") else { return [] }
        let configuration = try JSONParser.parse(Data(contentsOf: file))
        switch configuration.objectValue?["provider"]?.stringValue {
        case "jpush":
            let appKey = configuration.objectValue?["jpush"]?.objectValue?["appKey"]?.stringValue ?? ""
            return [try JPushServiceExtensionReporter(appKey: appKey)]
        case "getui":
            return [try GetuiServiceExtensionReporter(appGroup: appGroupIdentifier ?? "")]
        default:
            return []  // plain APNs: nothing to report
        }
    }
}
