import Foundation
import PushBridge
import PushBridgeAPNsServer
import PushBridgeServer

// Declarations at the top level of a server's file.
// SNIPPET
