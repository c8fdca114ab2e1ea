extension Array where Element == String {
    /// The positions of these strings in the order of their UTF-8 bytes (JSON's canonical key
    /// order, the same on every platform), equal strings in their order here.
    ///
    /// The runtime sorts strings this one way, in this one place: each other element type or
    /// comparison it sorted by was one more copy of the standard library's sort in an app's binary
    /// (1 to 2.5 KB of arm64 code each, `Benchmarks/linked-sizes --breakdown PushBridge`).
    package func positionsInUTF8Order() -> [Int] {
        indices.sorted { self[$0].utf8.lexicographicallyPrecedes(self[$1].utf8) }
    }

    /// These strings in the order of their UTF-8 bytes (see ``positionsInUTF8Order()``).
    package func sortedByUTF8() -> [String] {
        positionsInUTF8Order().map { self[$0] }
    }
}
