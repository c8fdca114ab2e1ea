import PushBridge

/// The calls of one trace as the rules append them, already as the trace's steps: evaluating a
/// scenario allocates one array (for up to four calls), or none when nothing is called.
struct CallRecorder: Sendable {
    /// The calls so far, in order.
    private(set) var steps: [DispatchStep] = []

    /// Why the user's response reached no delegate, when it did not although iOS delivered it.
    var lostResponse: LostResponse?

    /// What the content extension did with the user's action, when it took it.
    var contentExtension: ContentExtensionRun?

    /// How many calls so far.
    var count: Int { steps.count }

    /// Appends `call`.
    mutating func append(_ call: SystemCall) {
        // A trace holds at most four calls (two on arrival, two for the action): one allocation.
        if steps.capacity == 0 { steps.reserveCapacity(4) }
        steps.append(.call(call))
    }

    /// Whether a call from index `first` on hands the app the notification.
    func anyCarriesNotification(from first: Int) -> Bool {
        steps[first...].contains { step in
            if case .call(let call) = step { call.carriesNotification } else { false }
        }
    }

    /// The calls, without their step wrapper.
    var calls: [SystemCall] {
        steps.compactMap { if case .call(let call) = $0 { call } else { nil } }
    }
}
