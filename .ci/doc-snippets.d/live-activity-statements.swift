import Foundation
import UIKit
import UserNotifications
import PushKit
import CallKit
import ActivityKit
import SwiftUI
import PushBridge
import PushBridgeUIKit
import PushBridgePushKit
import PushBridgeAPNs
import PushBridgeJPush
import PushBridgeGetui

// Statements of an app that starts a Live Activity (iOS 16.2+).
struct DeliveryAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable { var status: String }
    var orderID: String
}

@available(iOS 17.2, *)
func snippet(client: PushClient, attributes: DeliveryAttributes, content: ActivityContent<DeliveryAttributes.ContentState>) throws {
// SNIPPET
}
