/// A dictionary that keeps at most `capacity` keys: inserting a new key beyond that forgets the
/// key inserted longest ago (updating a key does not renew it). Memory is `O(capacity)`
/// however many keys pass; every operation is O(1) on average.
struct BoundedMap<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    let capacity: Int
    private var values: [Key: Value] = [:]
    /// Keys in insertion order, oldest at `next` once full.
    private var order: [Key] = []
    private var next = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// How many keys it holds.
    var count: Int { values.count }

    subscript(key: Key) -> Value? {
        get { values[key] }
        set {
            guard let newValue else {
                values[key] = nil  // its slot in `order` is reused when its turn comes
                return
            }
            if values.updateValue(newValue, forKey: key) != nil { return }
            if order.count < capacity {
                order.append(key)
            } else {
                let oldest = order[next]
                if oldest != key { values[oldest] = nil }
                order[next] = key
                next = (next + 1) % capacity
            }
        }
    }
}

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
