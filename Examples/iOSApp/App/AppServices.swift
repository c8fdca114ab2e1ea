import Foundation
import PushBridge
import PushBridgePushKit

/// The app's own storage of what arrived (a stand-in: an app keeps its own).
enum Inbox {
    static func store(_ notification: PushNotification) { print("stored \(notification.id)") }
    static func markRead(_ notification: PushNotification) { print("read \(notification.id)") }
    static func storeMessage(id: String, from provider: PushProviderID) { print("message \(id) from \(provider)") }
    /// Fetches what a background push announced; whether there was anything new.
    static func refresh(for notification: PushNotification) async -> Bool { true }
}

/// The app's own server (a stand-in: an app calls its own API).
enum Server {
    /// The device's identifier with the provider that uses it (token, registration ID, client ID).
    static func register(_ identifier: String, provider: PushProviderID) async { _ = identifier }
    /// A reply typed in a notification.
    static func sendReply(_ text: String) async { _ = text }
    /// A VoIP or Live Activity token change (masked when printed).
    static func report(_ event: PushKitEvent) async { print("pushKit: \(event)") }
}
