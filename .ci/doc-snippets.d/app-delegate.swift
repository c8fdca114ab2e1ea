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

// Members of an app delegate that is also a scene delegate.
final class SnippetDelegate: NSObject, UIApplicationDelegate, UIWindowSceneDelegate {
    let client = PushClient(configurationFile: "push.json", adapters: [.apns])
    var privacyPolicyAccepted = true
// SNIPPET
}
