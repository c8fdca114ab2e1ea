import ActivityKit
import Foundation
import PushBridge
import PushBridgePushKit
import PushBridgeUIKit

/// A delivery's Live Activity, updated by pushes (`apns-push-type: liveactivity`).
struct DeliveryAttributes: ActivityAttributes {
    /// What a push updates.
    struct ContentState: Codable, Hashable {
        var status: String
    }

    var orderID: String
}

/// Live Activity tokens to the providers (JPush, Getui) or the app's server: each activity's
/// push token while it lives, and the push-to-start token of the attributes type (iOS 17.2+).
final class LiveActivities: Sendable {
    private let client: PushClient

    init(client: PushClient) {
        self.client = client
        if #available(iOS 17.2, *) {
            Task { await client.forwardPushToStartTokens(for: DeliveryAttributes.self) }
        }
    }

    /// Starts an activity for `orderID` that pushes can update, and forwards its tokens.
    @available(iOS 16.2, *)
    func start(orderID: String) throws {
        let content = ActivityContent(state: DeliveryAttributes.ContentState(status: "Preparing"), staleDate: nil)
        let activity = try Activity.request(attributes: DeliveryAttributes(orderID: orderID), content: content, pushType: .token)
        let (client, id) = (client, activity.id)
        Task { await client.forwardPushTokens(ofActivityWithID: id, attributes: DeliveryAttributes.self) }
    }
}
