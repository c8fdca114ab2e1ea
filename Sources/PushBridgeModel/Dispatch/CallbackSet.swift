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

    /// The callbacks iOS `version` calls.
    init(existingOn version: IOSVersion) {
        for callback in Self.everyCallback where callback.exists(on: version) { bits |= callback.bit }
    }

    /// Every callback, built once (`allCases` builds a new array at each use).
    private static let everyCallback = SystemCallback.allCases

    /// The callbacks in both sets.
    func intersection(_ other: CallbackSet) -> CallbackSet {
        var both = self
        both.bits &= other.bits
        return both
    }

    /// Whether `callback` is in the set.
    func contains(_ callback: SystemCallback) -> Bool { bits & callback.bit != 0 }
}
