import Foundation

/// Where each key of a large ``JSONObject`` is: how objects past
/// `JSONObject.indexThreshold` members find a key without searching in order.
///
/// Keys compare as Swift strings (canonical equivalence), so an index may only use a cheaper
/// hash than `String`'s where byte equality is string equality: when every key is ASCII.
/// Such objects (nearly all payloads) get an ``ASCIIKeyTable``; any other object, or one whose
/// table probes too long (hostile keys), a `Dictionary`.
enum JSONKeyIndex: Sendable {
    /// At most `JSONObject.indexThreshold` members: none, keys are searched in order.
    case none
    /// Every key is ASCII.
    case ascii(ASCIIKeyTable)
    /// Some key is not ASCII, or the table degraded.
    case dictionary([String: Int])

    /// The index for these members.
    static func build(_ members: [JSONObject.Member]) -> JSONKeyIndex {
        guard members.count > JSONObject.indexThreshold else { return .none }
        if members.allSatisfy({ ASCIIKeyTable.isASCII($0.key) }), let table = ASCIIKeyTable(members) { return .ascii(table) }
        return .dictionary(dictionary(members))
    }

    static func dictionary(_ members: [JSONObject.Member]) -> [String: Int] {
        var dictionary: [String: Int] = [:]
        dictionary.reserveCapacity(members.count)
        for (position, member) in members.enumerated() { dictionary[member.key] = position }
        return dictionary
    }
}

/// An open-addressing table of positions keyed by a seeded hash of ASCII keys' bytes.
///
/// The seed is random per process and a probe longer than ``maxProbe`` makes insertion fail (the
/// caller then falls back to a `Dictionary`), so chosen keys cannot make lookups quadratic.
struct ASCIIKeyTable: Sendable {
    /// Each slot: a member's position + 1, or 0 when empty. A power of two long, at most half full.
    private var slots: [Int32]
    /// How many positions are in the table.
    private(set) var count = 0

    /// The longest probe insertion accepts.
    static let maxProbe = 32

    /// The per-process seed.
    static let seed: UInt64 = UInt64.random(in: .min ... .max) | 1

    /// An empty table with room for `capacity` keys.
    init(capacity: Int) {
        var size = 16
        while size < 2 * capacity { size <<= 1 }
        slots = Array(repeating: 0, count: size)
    }

    /// A table of these members' (ASCII) keys, or `nil` when a probe grew too long.
    init?(_ members: [JSONObject.Member], capacity: Int = 0) {
        self.init(capacity: max(capacity, members.count))
        for (position, member) in members.enumerated() {
            let hash = Self.hash(member.key)
            guard insert(position, hash: hash) else { return nil }
        }
    }

    /// Whether every byte of `key` is ASCII.
    static func isASCII(_ key: String) -> Bool {
        withUTF8(key) { isASCII($0) }
    }

    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where byte >= 0x80 { return false }
        return true
    }

    static func withUTF8<R>(_ key: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = key.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = key
        return copy.withUTF8(body)
    }

    static func hash(_ key: String) -> UInt64 { withUTF8(key) { hash($0) } }

    /// A seeded hash of the bytes (multiply-fold, eight bytes at a time).
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let seed = Self.seed
        @inline(__always) func mix(_ value: UInt64) -> UInt64 {
            let product = value.multipliedFullWidth(by: 0x9E37_79B9_7F4A_7C15 ^ seed)
            return product.high ^ product.low
        }
        var hash = seed ^ UInt64(bytes.count)
        guard let base = bytes.baseAddress else { return mix(hash) }
        var position = 0
        while position + 8 <= bytes.count {
            hash = mix(hash ^ UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)))
            position += 8
        }
        if position < bytes.count {
            var tail: UInt64 = 0
            for offset in 0..<(bytes.count - position) { tail |= UInt64(base[position + offset]) << (8 * offset) }
            hash = mix(hash ^ tail ^ 0xFF00_0000_0000_0000)
        }
        return mix(hash)
    }

    /// Whether another position fits without passing half full.
    var hasRoom: Bool { 2 * (count + 1) <= slots.count }

    /// Records `position` under `hash`; `false` when the probe is too long (nothing recorded).
    mutating func insert(_ position: Int, hash: UInt64) -> Bool {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        for _ in 0..<Self.maxProbe {
            if slots[slot] == 0 {
                slots[slot] = Int32(position + 1)
                count += 1
                return true
            }
            slot = (slot + 1) & mask
        }
        return false
    }

    /// The first position under `hash` that `matches` accepts.
    func find(hash: UInt64, _ matches: (Int) -> Bool) -> Int? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let position = Int(slots[slot]) - 1
            if matches(position) { return position }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// The position of the key with these (ASCII) bytes among `members`.
    func position(of bytes: UnsafeBufferPointer<UInt8>, hash: UInt64, in members: [JSONObject.Member]) -> Int? {
        find(hash: hash) { position in
            Self.withUTF8(members[position].key) { key in
                key.count == bytes.count && (key.isEmpty || memcmp(key.baseAddress!, bytes.baseAddress!, key.count) == 0)
            }
        }
    }
}
