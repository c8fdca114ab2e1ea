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
    let capacity: Int

    private struct Entry: Sendable {
        var key: Key
        var hash: Int
        var value: Value
    }

    /// The keys, oldest at `next` once the ring is full.
    private var ring: [Entry] = []
    private var next = 0
    /// Ring position + 1 per slot, 0 for an empty slot; a power of two, at least twice the ring.
    private var slots: [Int32] = []

    init(capacity: Int) {
        // Storage grows with use (a normaliser that sees three events allocates for three),
        // never beyond `capacity`.
        self.capacity = max(1, min(capacity, Int(Int32.max / 4)))
    }

    /// How many keys the window holds now.
    var count: Int { ring.count }

    /// Whether `key`, whose hash is `hash`, is in the window.
    func contains(_ key: Key, hash: Int) -> Bool {
        guard !slots.isEmpty else { return false }
        if case .found = probe(key, hash: hash) { return true }
        return false
    }

    /// The value noted for `key`, whose hash is `hash`, if the window holds it.
    func value(for key: Key, hash: Int) -> Value? {
        guard !slots.isEmpty, case .found(let slot) = probe(key, hash: hash) else { return nil }
        return ring[Int(slots[slot]) - 1].value
    }

    /// Notes `value` for `key`: in place when the window holds it (its age unchanged), else as
    /// a new key.
    mutating func set(_ value: Value, for key: Key, hash: Int) {
        if slots.isEmpty { slots = Array(repeating: 0, count: 8) }
        switch probe(key, hash: hash) {
        case .found(let slot): ring[Int(slots[slot]) - 1].value = value
        case .empty(let slot): insert(key, hash: hash, value: value, into: slot)
        }
    }

    /// Records `key`, whose hash is `hash`, with `value`; returns `false` (and changes nothing)
    /// when it is already in the window.
    mutating func insert(_ key: Key, hash: Int, value: Value) -> Bool {
        if slots.isEmpty { slots = Array(repeating: 0, count: 8) }
        guard case .empty(let slot) = probe(key, hash: hash) else { return false }
        insert(key, hash: hash, value: value, into: slot)
        return true
    }

    /// Records a key absent from the window into `slot`, the empty slot its probe ended on.
    private mutating func insert(_ key: Key, hash: Int, value: Value, into slot: Int) {
        var slot = slot
        if ring.count < capacity {
            ring.append(Entry(key: key, hash: hash, value: value))
            slots[slot] = Int32(ring.count)
            if ring.count * 2 > slots.count { rehash(slotCount: slots.count * 2) }
        } else {
            removeSlot(pointingTo: next)
            // The deletion may have moved entries: find the empty slot again.
            if case .empty(let again) = probe(key, hash: hash) { slot = again }
            ring[next] = Entry(key: key, hash: hash, value: value)
            slots[slot] = Int32(next + 1)
            next = (next + 1) % capacity
        }
    }

    private enum Probe {
        case found(Int)
        case empty(Int)
    }

    /// The slot holding `key`, or the empty slot where it would go.
    private func probe(_ key: Key, hash: Int) -> Probe {
        let mask = slots.count - 1
        var slot = hash & mask
        while true {
            let position = Int(slots[slot])
            if position == 0 { return .empty(slot) }
            let entry = ring[position - 1]
            if entry.hash == hash && entry.key == key { return .found(slot) }
            slot = (slot + 1) & mask
        }
    }

    /// Empties the slot of ring position `position`, shifting later entries of its probe run back.
    private mutating func removeSlot(pointingTo position: Int) {
        let mask = slots.count - 1
        var hole = ring[position].hash & mask
        while Int(slots[hole]) != position + 1 { hole = (hole + 1) & mask }
        var slot = hole
        while true {
            slot = (slot + 1) & mask
            let occupant = Int(slots[slot])
            if occupant == 0 { break }
            let home = ring[occupant - 1].hash & mask
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
        let mask = slotCount - 1
        for (index, entry) in ring.enumerated() {
            var slot = entry.hash & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
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
