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

// A file of the app.
// SNIPPET
