import Foundation
import PushBridge
import PushBridgeServiceExtension
import UserNotifications

// What the app's extension has of its own: its decryption (CryptoKit with a key in the keychain
// group it shares with the app, say), and the sender's message intent, made and donated with
// the Intents framework (not in every SDK slice the check uses).
func decrypt(_ sealed: String) throws -> String { sealed }
@available(iOS 15, *)
func donatedMessageIntent(for request: ServiceExtensionRequest) async throws -> (any UNNotificationContentProviding)? { nil }

// Members of a notification service extension's principal class.
final class SnippetService: PushNotificationServiceExtension, @unchecked Sendable {
// SNIPPET
}
