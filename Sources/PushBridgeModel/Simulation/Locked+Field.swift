import PushBridge

/// How the vendors' mocks read and write their settings, one field of their locked state at a
/// time: here, beside the simulations they serve, where no app links it.
extension Locked {
    /// One field of the state, read or written under the lock (`knobs[\.answer] = .never`): for a
    /// plain read or write, such as a mock's settings. A read-modify-write (`+=`, `append`) takes
    /// the lock twice, so it is not atomic: use ``Locked/withLock(_:)`` for that.
    package subscript<Value>(_ field: WritableKeyPath<State, Value>) -> Value {
        get { withLock { $0[keyPath: field] } }
        set { withLock { $0[keyPath: field] = newValue } }
    }
}
