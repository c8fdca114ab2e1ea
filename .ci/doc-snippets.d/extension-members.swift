import Foundation
import PushBridge
import PushBridgeServiceExtension
import PushBridgeJPushServiceExtension
import PushBridgeGetuiServiceExtension

// Members of a notification service extension's principal class.
final class SnippetService: PushNotificationServiceExtension, @unchecked Sendable {
// SNIPPET
}
