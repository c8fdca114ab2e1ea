import PushBridge

/// A set of callbacks as bits: what the dispatch model asks of an app's implemented callbacks,
/// without hashing.
struct CallbackSet: Sendable, Hashable {
    private var bits: UInt16 = 0

    /// The empty set.
    init() {}

    /// The callbacks of `callbacks`.
    init(_ callbacks: some Sequence<SystemCallback>) {
        for callback in callbacks { bits |= callback.bit }
    }

    /// The callbacks iOS `version` calls: looked up by major version in a table computed once
    /// from `SystemCallback.exists(on:)` (every callback appears and disappears at an `x.0`
    /// release, so the major version decides), instead of asking every callback on every
    /// evaluation.
    init(existingOn version: IOSVersion) {
        let table = Self.byMajorVersion
        bits = table[min(max(version.major, 0), table.count - 1)]
    }

    /// The set for each major version from 0 to one past the last version any callback's
    /// availability names (the last entry stands for every later version).
    private static let byMajorVersion: [UInt16] = {
        let callbacks = SystemCallback.allCases
        let last = callbacks.flatMap { [$0.introduced.major, $0.removed?.major ?? 0] }.max() ?? 0
        return (0...(last + 1)).map { major in
            callbacks.filter { $0.exists(on: IOSVersion(major)) }.reduce(UInt16(0)) { $0 | $1.bit }
        }
    }()

    /// The callbacks in both sets.
    func intersection(_ other: CallbackSet) -> CallbackSet {
        var both = self
        both.bits &= other.bits
        return both
    }

    /// Whether `callback` is in the set.
    func contains(_ callback: SystemCallback) -> Bool { bits & callback.bit != 0 }
}
