import Foundation
import Testing
import PushBridge
import PushBridgeModel
import PushBridgeTesting
import PushBridgeAPNsTesting
import PushBridgeJPushTesting
import PushBridgeGetuiTesting

// A test file. `CommentsPush` is the app's own push code (the README's), under test.
enum Screen: Hashable, Sendable { case comment(id: Int), inbox }
final class CommentsPush: PushApp {
    private(set) var screens: [Screen] = []
    private(set) var pushOff: PushError?
    var pushAdapters: [PushAdapter] { [] }
    func presentation(for notification: PushNotification) -> PresentationOptions { [.list] }
}
// SNIPPET
