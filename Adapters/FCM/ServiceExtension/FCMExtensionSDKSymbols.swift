import PushBridgeCore
import PushBridgeServiceExtension

/// The Objective-C names ``FCMServiceExtensionReporter`` binds at run time — FirebaseMessaging's
/// class, the class method that gives its extension helper, and the helper's two methods — each
/// spelled once, here, with the payload keys that mark an FCM notification and its image.
///
/// Compiled on every platform, so that Linux tests hold each name against Firebase's headers
/// (`FIRMessaging+ExtensionHelper.h`, `FIRMessagingExtensionHelper.h`, 12.19.0) and exercise
/// `missing(classExists:responds:)` with fakes.
package enum FCMExtensionSDKSymbols: ExtensionSDKSymbols {
    /// `FIRMessaging` (`FIRMessaging.h` L210).
    package static let className = "FIRMessaging"
    /// `+[FIRMessaging extensionHelper]` (`FIRMessaging+ExtensionHelper.h` L35): the helper.
    package static let extensionHelper = "extensionHelper"
    /// Every class method bound.
    package static let classMethods = [extensionHelper]

    /// `FIRMessagingExtensionHelper` (`FIRMessagingExtensionHelper.h`): the helper's class.
    package static let helperClass = "FIRMessagingExtensionHelper"
    /// `-populateNotificationContent:withContentHandler:` (L39): downloads `fcm_options.image`
    /// and attaches it, then calls the handler with the content.
    package static let populate = "populateNotificationContent:withContentHandler:"
    /// `-exportDeliveryMetricsToBigQueryWithMessageInfo:` (L48): logs the delivery for
    /// Firebase's BigQuery export ("calls this API under `UNNotificationServiceExtension
    /// didReceiveNotificationRequest: withContentHandler:`").
    package static let exportDeliveryMetrics = "exportDeliveryMetricsToBigQueryWithMessageInfo:"
    /// The helper's instance methods bound.
    package static let helperMethods = [populate, exportDeliveryMetrics]

    /// FCM's message ID in an APNs payload, `gcm.message_id`: the same key `FCMDefinition` reads
    /// (an extension does not link the app's adapter).
    package static let messageIDKey = "gcm.message_id"
    /// The object holding the image's URL, `fcm_options` (`{"fcm_options": {"image": "https://…"}}`,
    /// FCM HTTP v1 `ApnsFcmOptions.image`; FirebaseMessaging's `kPayloadOptionsName`).
    package static let optionsKey = "fcm_options"
    /// The image's URL inside it.
    package static let imageKey = "image"

    /// How to add the SDK to the extension target.
    package static let fix =
        "add FirebaseMessaging to the extension target (the Swift package https://github.com/firebase/firebase-ios-sdk, product FirebaseMessaging; or pod 'Firebase/Messaging')"
    /// The SDK the reporter was written against.
    package static let writtenAgainst = "FirebaseMessaging 12.19.0 (FIRMessagingExtensionHelper.h)"

    /// The image URL of an FCM notification, when its payload names one: `fcm_options.image`,
    /// an `https` URL (an `http` one the helper would download too; App Transport Security
    /// refuses it unless the app allows it, an inference from ATS's defaults).
    package static func imageURL(in payload: JSONObject) -> String? {
        guard case .object(let options)? = payload[optionsKey], case .string(let url)? = options[imageKey], !url.isEmpty else { return nil }
        return url
    }
}
