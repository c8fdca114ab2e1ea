extension Array where Element == String {
    /// The positions of these strings in the order of their UTF-8 bytes (JSON's canonical key
    /// order, the same on every platform), equal strings in their order here.
    ///
    /// The runtime sorts strings this one way, in this one place: each other element type or
    /// comparison it sorted by was one more copy of the standard library's sort in an app's binary
    /// (1 to 2.5 KB of arm64 code each, `Benchmarks/linked-sizes --breakdown PushBridge`).
    ///
    /// A bottom-up merge sort written out here rather than the standard library's `sorted(by:)`,
    /// whose stable sort is 3.4 KB of arm64 code once specialised; this is a fraction of that.
    package func positionsInUTF8Order() -> [Int] {
        var positions = [Int](indices)
        var merged = positions
        var width = 1
        while width < count {
            var start = 0
            while start < count {
                let middle = Swift.min(start + width, count)
                let end = Swift.min(middle + width, count)
                var left = start
                var right = middle
                for slot in start..<end {
                    // The left run's string first unless the right run's precedes it: stable.
                    if left < middle, right == end || !self[positions[right]].utf8.lexicographicallyPrecedes(self[positions[left]].utf8) {
                        merged[slot] = positions[left]
                        left += 1
                    } else {
                        merged[slot] = positions[right]
                        right += 1
                    }
                }
                start = end
            }
            swap(&positions, &merged)
            width *= 2
        }
        return positions
    }

    /// These strings in the order of their UTF-8 bytes (see ``positionsInUTF8Order()``).
    package func sortedByUTF8() -> [String] {
        positionsInUTF8Order().map { self[$0] }
    }
}
