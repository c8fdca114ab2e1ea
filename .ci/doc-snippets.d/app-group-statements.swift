import Foundation
import PushBridge
import PushBridgeServiceExtension

// Statements of the app reading its extension's ledger.
func snippet() throws {
// SNIPPET
}
