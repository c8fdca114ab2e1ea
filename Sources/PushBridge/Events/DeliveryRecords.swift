/// What the normaliser remembers of a delivery it identified by its payload: the paths that
/// carry `userInfo` only (launch options, methods 2 and 3) can be told apart from one another,
/// and tied to the request identifier of methods 4 and 5, only through it.
struct DeliveryRecord: Sendable {
    /// The identity its events carry.
    var deliveryID: String
    /// Method 4 presented it: a later 2 or 3 `active` with the same payload may be its tap.
    var presented = false
    /// The request identifier of methods 4 and 5 tied to it, once one was.
    var boundIdentifier: String?
    /// When a 2 or 3 `active` announced its arrival: the 4 that follows (a `content-available`
    /// alert on iOS 10+) is the same delivery if it comes within the correlation interval.
    var arrivalAnnouncedAt: Double?
}

/// The previous callback the normaliser saw: a call of the same path with an identical payload,
/// right after it and within the correlation interval, is the same delivery handed over twice.
struct PreviousCall: Sendable {
    var fingerprint: UInt64
    var callback: SystemCallback
    var state: ApplicationState
    var time: Double
    var deliveryID: String
}
