import Testing

@testable import PushBridge

/// `DedupeWindow` against a reference model: the last `capacity` distinct keys, oldest first.
///
/// Seeded pseudo-random inserts and lookups, with hashes chosen to defeat the table (one value
/// for every key, values that differ only above the mask, homes at the table's last slot), so
/// that probing, wrap-around at the end of the table, rehashing while the ring grows and
/// backward-shift deletion on eviction all run many times.
@Suite struct DedupeWindowModelTests {
    /// SplitMix64: a tiny deterministic generator, so a failure replays exactly.
    struct SplitMix64 {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        /// A value in `0..<bound` (`bound` > 0; the modulo bias is irrelevant here).
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    }

    /// The reference: the last `capacity` distinct keys in first-insertion order. A repeat
    /// inside the window changes nothing (it does not make the key young again).
    struct Model {
        let capacity: Int
        var keys: [Int] = []
        var members: Set<Int> = []

        mutating func insert(_ key: Int) -> Bool {
            guard !members.contains(key) else { return false }
            keys.append(key)
            members.insert(key)
            if keys.count > capacity { members.remove(keys.removeFirst()) }
            return true
        }

        func contains(_ key: Int) -> Bool { members.contains(key) }
    }

    /// How the test hashes a key for the table.
    enum Hashing: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// `insert(_:)` and `contains(_:)`: the key's own `hashValue`.
        case natural
        /// Every key hashes to 0: one probe run holding every key.
        case allZero
        /// Every key hashes to -1: its home is the table's last slot, so every run wraps around.
        case allMinusOne
        /// The key shifted above any mask the table reaches: every key has home 0.
        case highBitsOnly
        /// The key shifted by 3: one home in an 8-slot table, spread once the table grows.
        case shiftedByThree
        /// Two homes, the last two slots, by parity: interleaved runs across the wrap.
        case lastTwoSlots
        /// The key itself: consecutive homes, so runs merge.
        case identity
        /// The key's complement: negative hashes.
        case negative
        /// Four homes (the key modulo 4) mixed with high bits that make the hashes distinct.
        case fourHomesDistinctHashes

        var testDescription: String { rawValue }

        func hash(_ key: Int) -> Int {
            switch self {
            case .natural: key.hashValue
            case .allZero: 0
            case .allMinusOne: -1
            case .highBitsOnly: key << 40
            case .shiftedByThree: key << 3
            case .lastTwoSlots: key % 2 == 0 ? -1 : -2
            case .identity: key
            case .negative: ~key
            case .fourHomesDistinctHashes: (key << 32) | (key & 3)
            }
        }
    }

    static let capacities = [1, 2, 3, 7, 64, 1_024]

    /// Enough operations to fill the window and turn it over several times.
    static func steps(_ capacity: Int) -> Int { max(2_000, capacity * 3) }

    /// The window and the model, driven together.
    struct Run {
        var window: DedupeWindow<Int>
        var model: Model
        let hashing: Hashing

        init(capacity: Int, hashing: Hashing) {
            window = DedupeWindow(capacity: capacity)
            model = Model(capacity: capacity)
            self.hashing = hashing
        }

        mutating func insert(_ key: Int) -> Bool {
            hashing == .natural ? window.insert(key) : window.insert(key, hash: hashing.hash(key))
        }

        func contains(_ key: Int) -> Bool {
            hashing == .natural ? window.contains(key) : window.contains(key, hash: hashing.hash(key))
        }

        /// A key of `ranges` that is in the window but not in the model, or the other way round.
        func disagreement(over ranges: [Range<Int>]) -> Int? {
            for range in ranges {
                if let key = range.first(where: { contains($0) != model.contains($0) }) { return key }
            }
            return nil
        }
    }

    /// Runs `steps` seeded operations on keys drawn from `0..<keyRange` (and a few never seen
    /// before), checking the window against the model after every one.
    static func check(capacity: Int, hashing: Hashing, keyRange: Int, steps: Int, seed: UInt64) {
        var run = Run(capacity: capacity, hashing: hashing)
        var random = SplitMix64(state: seed)
        var fresh = keyRange  // keys never drawn from the range: always new, always evict once full
        // Sweeping every key after every step is what catches an entry lost (or left behind) by
        // a bad shift; for the larger windows, sweep now and then (and at the end) to keep the
        // test quick. The sweep covers the range and the fresh keys recent enough to matter.
        let sweepEvery = capacity <= 7 ? 1 : capacity <= 64 ? 16 : capacity
        for step in 0..<steps {
            let key: Int
            switch random.below(20) {
            case 0..<10: key = random.below(keyRange)  // anything: new, present, or forgotten
            case 10..<14: key = run.model.keys.isEmpty ? 0 : run.model.keys[random.below(run.model.keys.count)]  // present
            case 14..<17: key = run.model.keys.first ?? 0  // the oldest: the next to go
            default:
                key = fresh
                fresh += 1
            }
            var context: String {
                let keys = run.model.keys
                let window = keys.count <= 16 ? "\(keys)" : "\(keys.count) keys from \(keys[0])"
                return "capacity \(capacity), \(hashing.rawValue), range \(keyRange), seed \(seed), step \(step), key \(key); window \(window)"
            }
            if random.below(3) == 0 {
                let found = run.contains(key)
                guard found == run.model.contains(key) else {
                    Issue.record("contains returned \(found) (\(context))")
                    return
                }
            } else {
                let inserted = run.insert(key)
                let expected = run.model.insert(key)
                guard inserted == expected else {
                    Issue.record("insert returned \(inserted), expected \(expected) (\(context))")
                    return
                }
                guard run.contains(key) else {
                    Issue.record("the key just inserted is missing (\(context))")
                    return
                }
            }
            guard run.window.count == run.model.keys.count else {
                Issue.record("count \(run.window.count), expected \(run.model.keys.count) (\(context))")
                return
            }
            let recentFresh = max(keyRange, fresh - 2 * capacity - 4)..<fresh
            if step % sweepEvery == 0 || step == steps - 1, let wrong = run.disagreement(over: [0..<keyRange, recentFresh]) {
                Issue.record("key \(wrong): contains \(run.contains(wrong)), model \(run.model.contains(wrong)) (\(context))")
                return
            }
        }
    }

    @Test(arguments: capacities, Hashing.allCases)
    func theWindowAgreesWithTheModelWhenKeysRepeatOften(capacity: Int, hashing: Hashing) {
        // Few more keys than the window holds: mostly repeats, and forgotten keys coming back.
        Self.check(
            capacity: capacity, hashing: hashing, keyRange: capacity + 3, steps: Self.steps(capacity),
            seed: 0x5EED_0000 &+ UInt64(capacity) &* 31 &+ UInt64(Hashing.allCases.firstIndex(of: hashing) ?? 0))
    }

    @Test(arguments: capacities, Hashing.allCases)
    func theWindowAgreesWithTheModelWhenMostKeysAreNew(capacity: Int, hashing: Hashing) {
        // Many more keys than the window holds: constant eviction, so constant backward shifts.
        Self.check(
            capacity: capacity, hashing: hashing, keyRange: capacity * 3 + 5, steps: Self.steps(capacity),
            seed: 0xD15C_0000 &+ UInt64(capacity) &* 31 &+ UInt64(Hashing.allCases.firstIndex(of: hashing) ?? 0))
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func theWindowAgreesWithTheModelForManySeedsOfASmallCollidingWindow(seed: UInt64) {
        for hashing in [Hashing.allMinusOne, .lastTwoSlots, .fourHomesDistinctHashes] {
            Self.check(capacity: 5, hashing: hashing, keyRange: 9, steps: 2_000, seed: seed)
        }
    }

    @Test func evictingTheHeadOfARunThatWrapsAroundShiftsTheRestBack() {
        // Capacity 3 keeps 8 slots. Every key's home is slot 7, so a, b, c sit in slots 7, 0, 1.
        var window = DedupeWindow<String>(capacity: 3)
        for key in ["a", "b", "c"] { #expect(window.insert(key, hash: -1) == true) }
        // d evicts a from slot 7: b and c must move back across the wrap, or they are lost.
        #expect(window.insert("d", hash: -1) == true)
        #expect(!window.contains("a", hash: -1))
        #expect(["b", "c", "d"].allSatisfy { window.contains($0, hash: -1) })
        #expect(window.insert("b", hash: -1) == false)
        #expect(window.insert("e", hash: -1) == true)  // evicts b, now the head of the run
        #expect(!window.contains("b", hash: -1))
        #expect(["c", "d", "e"].allSatisfy { window.contains($0, hash: -1) })
        #expect(window.count == 3)
    }

    @Test func aKeyBelongingToAnotherHomeIsNotShiftedBeforeIt() {
        // Capacity 3, 8 slots. x's home is 6, y's is 7, z's is 6 (so z sits at 0, after the wrap).
        var window = DedupeWindow<String>(capacity: 3)
        #expect(window.insert("x", hash: 6) == true)
        #expect(window.insert("y", hash: 7) == true)
        #expect(window.insert("z", hash: 6) == true)
        // w evicts x (slot 6): y may not move before its home 7, but z may (and must) fill slot 6.
        #expect(window.insert("w", hash: 0) == true)
        #expect(!window.contains("x", hash: 6))
        #expect(window.contains("y", hash: 7))
        #expect(window.contains("z", hash: 6))
        #expect(window.contains("w", hash: 0))
        #expect(window.insert("y", hash: 7) == false)
        #expect(window.insert("z", hash: 6) == false)
        #expect(window.insert("w", hash: 0) == false)
        #expect(window.count == 3)
    }

    @Test func aValueSetAgainIsReplacedInPlaceAndEvictedWithItsKey() {
        // One home for every key (slot 7), so each lookup walks the run and compares keys.
        var table = RecentTable<String, Int>(capacity: 3)
        for (value, key) in ["a", "b", "c"].enumerated() { table.set(value, for: key, hash: -1) }
        table.set(10, for: "a", hash: -1)  // in place: "a" stays the oldest
        #expect(table.value(for: "a", hash: -1) == 10)
        #expect(table.insert("b", hash: -1, value: 20) == false)  // held: its value unchanged
        table.set(3, for: "d", hash: -1)  // forgets "a", the oldest, with its value
        #expect(table.value(for: "a", hash: -1) == nil)
        #expect(["b", "c", "d"].map { table.value(for: $0, hash: -1) } == [1, 2, 3])
        #expect(table.count == 3)
    }

    @Test(arguments: [UInt64(11), 12, 13])
    func valuesAgreeWithADictionaryOfTheLastKeys(seed: UInt64) {
        // The reference: the last 7 distinct keys in first-insertion order, each with its value.
        var random = SplitMix64(state: seed)
        var table = RecentTable<Int, Int>(capacity: 7)
        var order: [Int] = []
        var values: [Int: Int] = [:]
        for step in 0..<3_000 {
            let key = random.below(20)
            let hash = Hashing.lastTwoSlots.hash(key)
            if random.below(2) == 0 {
                table.set(step, for: key, hash: hash)
                if values[key] == nil {
                    order.append(key)
                    if order.count > 7 { values[order.removeFirst()] = nil }
                }
                values[key] = step
            }
            let probe = random.below(20)
            guard table.value(for: probe, hash: Hashing.lastTwoSlots.hash(probe)) == values[probe] else {
                Issue.record(
                    "step \(step): key \(probe) holds \(String(describing: table.value(for: probe, hash: Hashing.lastTwoSlots.hash(probe)))), expected \(String(describing: values[probe]))"
                )
                return
            }
        }
        #expect(table.count == order.count)
    }
}
