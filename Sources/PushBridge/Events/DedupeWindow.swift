/// The last `capacity` keys seen, to recognise a repeat in constant time and bounded memory.
///
/// A ring buffer of keys with a set for lookup: inserting the `capacity + 1`-th key forgets the
/// oldest. Memory is `O(capacity)` however many keys pass.
struct DedupeWindow<Key: Hashable & Sendable>: Sendable {
    let capacity: Int
    private var ring: [Key] = []
    private var next = 0
    private var members: Set<Key> = []

    init(capacity: Int) {
        // Storage grows with use (a normaliser that sees three events allocates for three),
        // never beyond `capacity`.
        self.capacity = max(1, capacity)
    }

    /// Records `key`; returns `false` when it is already in the window.
    mutating func insert(_ key: Key) -> Bool {
        guard members.insert(key).inserted else { return false }
        if ring.count < capacity {
            ring.append(key)
        } else {
            members.remove(ring[next])
            ring[next] = key
            next = (next + 1) % capacity
        }
        return true
    }

    /// Whether `key` is in the window.
    func contains(_ key: Key) -> Bool { members.contains(key) }

    /// How many keys the window holds now.
    var count: Int { members.count }
}
