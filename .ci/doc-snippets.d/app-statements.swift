import Foundation
import UIKit
import UserNotifications
import PushKit
import CallKit
import ActivityKit
import SwiftUI
import PushBridge
import PushBridgeUIKit
import PushBridgeAPNs
import PushBridgeJPush
import PushBridgeGetui
import PushBridgeRouting

// Statements of an app's launch code. The names below are what the documentation's fragments
// take from the app around them.
enum Screen: Sendable { case comment(id: Int), inbox }
@MainActor func show(_ notification: PushNotification) {}
@MainActor func showBanner(_ notification: PushNotification) {}
@MainActor func handleProviderMessage(_ message: PushEvent.Message) {}
@MainActor func navigate(to screen: Screen) {}
/// What the app keeps for its lifetime.
@MainActor final class AppState { var client: PushClient? }

@MainActor
func snippet(
    client: PushClient, configuration: PushConfiguration, configurationData: Data,
    jpushBridge: JPUSHServiceBridge, categories: Set<UNNotificationCategory>,
    privacyPolicyAccepted: Bool, version: IOSVersion, router: PushRouter<Screen>, appState: AppState
) async throws {
// SNIPPET
}
