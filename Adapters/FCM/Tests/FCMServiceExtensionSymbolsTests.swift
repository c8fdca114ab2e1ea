import PushBridgeCore
import Testing

@testable import PushBridgeFCMServiceExtension

/// The names the extension reporter binds, and what it reads of a payload, checked on Linux (the
/// reporter itself is Apple-only).
@Suite struct FCMServiceExtensionSymbolsTests {
    @Test("fcm_options.image is the image's URL; anything else is none")
    func imageURL() {
        #expect(FCMExtensionSDKSymbols.imageURL(in: ["fcm_options": ["image": "https://example.com/a.png"]]) == "https://example.com/a.png")
        #expect(FCMExtensionSDKSymbols.imageURL(in: ["fcm_options": ["image": ""]]) == nil)
        #expect(FCMExtensionSDKSymbols.imageURL(in: ["fcm_options": ["image": 3]]) == nil)
        #expect(FCMExtensionSDKSymbols.imageURL(in: ["fcm_options": "https://example.com/a.png"]) == nil)
        #expect(FCMExtensionSDKSymbols.imageURL(in: ["aps": ["alert": "x"]]) == nil)
    }

    @Test("the message ID key is FCM's own, the one the app's definition reads")
    func messageIDKey() {
        #expect(FCMExtensionSDKSymbols.messageIDKey == "gcm.message_id")
    }

    @Test("a missing FirebaseMessaging names the fix; a missing helper method names the version")
    func missing() throws {
        let absent = try #require(FCMExtensionSDKSymbols.missing(classExists: { _ in false }, responds: { _, _ in true }))
        #expect(absent.field == "sdk")
        #expect(absent.message.contains("FIRMessaging is not in the extension"))
        #expect(absent.message.contains("product FirebaseMessaging"))
        let old = try #require(FCMExtensionSDKSymbols.missing(classExists: { _ in true }, responds: { _, _ in false }))
        #expect(old.message.contains("+extensionHelper"))
        #expect(FCMExtensionSDKSymbols.missing(classExists: { _ in true }, responds: { _, _ in true }) == nil)
    }

    @Test("every helper selector has the arity of the header's declaration")
    func selectors() {
        #expect(
            FCMExtensionSDKSymbols.helperMethods == [
                "populateNotificationContent:withContentHandler:", "exportDeliveryMetricsToBigQueryWithMessageInfo:",
            ])
        #expect(FCMExtensionSDKSymbols.classMethods == ["extensionHelper"])
    }
}
