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

// Members of a PushKit delegate with its CallKit provider.
final class SnippetCalls: NSObject, PKPushRegistryDelegate, @unchecked Sendable {
    let client = PushClient(configurationFile: "push.json", adapters: [.apns])
    let callProvider = CXProvider(configuration: CXProviderConfiguration(localizedName: "Example"))
// SNIPPET
}
