import PushBridgeCore
import PushBridgeProviderKit

/// What the normaliser remembers of a delivery it identified by its payload: the paths that
/// carry `userInfo` only (launch options, methods 2 and 3) can be told apart from one another,
/// and tied to the request identifier of methods 4 and 5, only through it.
struct KnownDelivery: Sendable {
    /// The identity its events carry.
    let deliveryID: String
    /// `deliveryID.hashValue`, computed once: the normaliser asks what the delivery told.
    let deliveryHash: Int
    /// Method 4 presented it: a later 2 or 3 `active` with the same payload may be its tap.
    var presented: Bool
    /// Whether a request identifier (of methods 4 and 5) names it: a 4 or 5 with another
    /// identifier is another delivery.
    var hasRequestIdentifier: Bool

    /// A record of the delivery `deliveryID`, whose hash is `deliveryHash` when the caller has
    /// it (a notification's identity computes it once, when it is read).
    init(
        deliveryID: String, deliveryHash: Int? = nil, presented: Bool = false, hasRequestIdentifier: Bool = false
    ) {
        self.deliveryID = deliveryID
        self.deliveryHash = deliveryHash ?? deliveryID.hashValue
        self.presented = presented
        self.hasRequestIdentifier = hasRequestIdentifier
    }
}
