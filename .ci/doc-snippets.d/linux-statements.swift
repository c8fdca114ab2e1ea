import Foundation
import Testing
import PushBridge
import PushBridgeModel
import PushBridgeTesting
import PushBridgeJPushTesting
import PushBridgeGetuiTesting

// Statements of a test or a tool; `events` is what a test collected.
func snippet(events: [PushEvent]) async throws {
// SNIPPET
}
