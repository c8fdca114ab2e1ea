import Foundation
import PushBridge
import PushBridgeServiceExtension

// A notification service extension's file.
// SNIPPET
