import Foundation
import Testing
import PushBridge
import PushBridgeModel
import PushBridgeTesting
import PushBridgeJPushTesting
import PushBridgeGetuiTesting

// A test file. `PushHandling` is the app's own push handling, under test.
enum Screen: Hashable, Sendable { case comment(id: Int), inbox }
final class PushHandling: @unchecked Sendable {
    private(set) var navigations: [Screen] = []
    func launched(with client: PushClient) {}
    func finished() async {}
}
// SNIPPET
