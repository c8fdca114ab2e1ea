import PushBridgeCore
import PushBridgeProviderKit

/// The last `capacity` keys seen, each with a value, to recognise a repeat (and find what was
/// noted of it) in constant time and bounded memory. ``DedupeWindow`` is the table without values.
///
/// A ring buffer of keys in arrival order, indexed by an open-addressing hash table (linear
/// probing, deletion by backward shift) that stores ring positions. Inserting the
/// `capacity + 1`-th key forgets the oldest. Memory is `O(capacity)` however many keys pass.
///
/// Callers on the event pipeline pass a hash they computed once per event
/// (``insert(_:hash:)``, ``contains(_:hash:)``), so a key is never hashed twice; the table
/// itself only masks it. Such a hash must be well mixed in its low bits, as `hashValue` (seeded
/// SipHash, which also keeps crafted identities from colliding on purpose) is.
struct RecentTable<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// Where each key is: the part that does not depend on the key's type, one copy of its code
    /// for every table however many key types there are.
    private var index: RecentIndex
    /// The keys and their values, by ring position.
    private var keys: [Key] = []
    private var values: [Value] = []

    init(capacity: Int) {
        index = RecentIndex(capacity: capacity)
    }

    /// How many keys the window can hold before it forgets the oldest.
    var capacity: Int { index.capacity }

    /// How many keys the window holds now.
    var count: Int { keys.count }

    /// Whether `key`, whose hash is `hash`, is in the window.
    func contains(_ key: Key, hash: Int) -> Bool {
        position(of: key, hash: hash) != nil
    }

    /// The value noted for `key`, whose hash is `hash`, if the window holds it.
    func value(for key: Key, hash: Int) -> Value? {
        position(of: key, hash: hash).map { values[$0] }
    }

    /// Notes `value` for `key`: in place when the window holds it (its age unchanged), else as
    /// a new key.
    mutating func set(_ value: Value, for key: Key, hash: Int) {
        switch index.probe(hash, matches: { keys[$0] == key }) {
        case .found(let position): values[position] = value
        case .empty(let slot): store(key, value, at: index.insert(hash, into: slot))
        }
    }

    /// Records `key`, whose hash is `hash`, with `value`; returns `false` (and changes nothing)
    /// when it is already in the window.
    mutating func insert(_ key: Key, hash: Int, value: Value) -> Bool {
        guard case .empty(let slot) = index.probe(hash, matches: { keys[$0] == key }) else { return false }
        store(key, value, at: index.insert(hash, into: slot))
        return true
    }

    /// The ring position of `key`, whose hash is `hash`, if the window holds it.
    private func position(of key: Key, hash: Int) -> Int? {
        guard case .found(let position) = index.probe(hash, matches: { keys[$0] == key }) else { return nil }
        return position
    }

    /// Puts `key` and `value` at ring `position`: a new one at the end, or the oldest's, forgotten.
    private mutating func store(_ key: Key, _ value: Value, at position: Int) {
        if position == keys.count {
            keys.append(key)
            values.append(value)
        } else {
            keys[position] = key
            values[position] = value
        }
    }
}

/// The index of a ``RecentTable``: the ring positions of the last `capacity` keys by hash, in an
/// open-addressing table (linear probing, deletion by backward shift). It holds only the hashes;
/// the caller, which holds the keys, says whether the key at a position is the one looked for.
struct RecentIndex: Sendable {
    let capacity: Int

    /// The hash of the key at each ring position, oldest at `next` once the ring is full.
    private var hashes: [Int] = []
    private var next = 0
    /// Ring position + 1 per slot, 0 for an empty slot; a power of two, at least twice the ring.
    private var slots: [Int32] = []

    init(capacity: Int) {
        // Storage grows with use (a normaliser that sees three events allocates for three),
        // never beyond `capacity`.
        self.capacity = max(1, min(capacity, Int(Int32.max / 4)))
    }

    /// What a probe found.
    enum Probe {
        /// The key, at this ring position.
        case found(Int)
        /// Not the key: the empty slot where it would go.
        case empty(Int)
    }

    /// The ring position of the key whose hash is `hash` (`matches` says whether the key at a
    /// ring position is it), or the empty slot where it would go.
    func probe(_ hash: Int, matches: (Int) -> Bool) -> Probe {
        guard !slots.isEmpty else { return .empty(0) }
        let mask = slots.count - 1
        var slot = hash & mask
        while true {
            let position = Int(slots[slot])
            if position == 0 { return .empty(slot) }
            if hashes[position - 1] == hash && matches(position - 1) { return .found(position - 1) }
            slot = (slot + 1) & mask
        }
    }

    /// Records a key absent from the table, whose hash is `hash`, into `slot`, the empty slot its
    /// probe ended on; returns the ring position the key goes to: the end of the ring while it
    /// grows, then the oldest key's, which the table forgets.
    mutating func insert(_ hash: Int, into slot: Int) -> Int {
        if slots.isEmpty {
            slots = Array(repeating: 0, count: 8)
            return insert(hash, into: emptySlot(for: hash))
        }
        if hashes.count < capacity {
            hashes.append(hash)
            slots[slot] = Int32(hashes.count)
            if hashes.count * 2 > slots.count { rehash(slotCount: slots.count * 2) }
            return hashes.count - 1
        }
        let position = next
        removeSlot(pointingTo: position)
        hashes[position] = hash
        // The deletion may have moved entries: find the empty slot again.
        slots[emptySlot(for: hash)] = Int32(position + 1)
        next = (next + 1) % capacity
        return position
    }

    /// The first empty slot of `hash`'s probe run.
    private func emptySlot(for hash: Int) -> Int {
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        return slot
    }

    /// Empties the slot of ring position `position`, shifting later entries of its probe run back.
    private mutating func removeSlot(pointingTo position: Int) {
        let mask = slots.count - 1
        var hole = hashes[position] & mask
        while Int(slots[hole]) != position + 1 { hole = (hole + 1) & mask }
        var slot = hole
        while true {
            slot = (slot + 1) & mask
            let occupant = Int(slots[slot])
            if occupant == 0 { break }
            let home = hashes[occupant - 1] & mask
            // The occupant may move into the hole unless its home lies after the hole.
            if (slot - home) & mask >= (slot - hole) & mask {
                slots[hole] = slots[slot]
                hole = slot
            }
        }
        slots[hole] = 0
    }

    /// Rebuilds the table with `slotCount` slots (the ring is not full yet, so positions are in order).
    private mutating func rehash(slotCount: Int) {
        slots = Array(repeating: 0, count: slotCount)
        for (index, hash) in hashes.enumerated() {
            slots[emptySlot(for: hash)] = Int32(index + 1)
        }
    }
}

/// The last `capacity` keys seen, to recognise a repeat in constant time and bounded memory: a
/// ``RecentTable`` without values.
typealias DedupeWindow<Key: Hashable & Sendable> = RecentTable<Key, Void>

extension RecentTable where Value == Void {
    /// Records `key`; returns `false` when it is already in the window.
    mutating func insert(_ key: Key) -> Bool { insert(key, hash: key.hashValue) }

    /// Whether `key` is in the window.
    func contains(_ key: Key) -> Bool { contains(key, hash: key.hashValue) }

    /// Records `key`, whose hash is `hash`; returns `false` when it is already in the window.
    mutating func insert(_ key: Key, hash: Int) -> Bool { insert(key, hash: hash, value: ()) }
}
