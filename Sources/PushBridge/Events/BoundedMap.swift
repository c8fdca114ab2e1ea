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
