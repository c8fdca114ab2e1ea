import Dispatch
import Foundation
import PushBridgeTesting

// The event guarantees over the whole scenario spaces (ScenarioWalk.guarantees(exhaustive: true)),
// in a release build: the walks `ScenarioSpaceTests` samples in every `swift test`, here whole,
// in seconds where a debug build takes minutes. CI runs it once after its release build:
//
//     swift build -c release --package-path Benchmarks && .build/release/ExhaustiveSpaces
//
// The walks are independent: they run on every core. Exit 1 naming every walk that found a
// mismatch (its first mismatches printed) or checked fewer scenarios than it lists.

/// Each walk's outcome, filled in by the walks from their threads.
final class Outcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var byWalk: [Int: Result<ScenarioWalk.Outcome, any Error>] = [:]

    /// The outcome of walk `index`, nil until it ends.
    subscript(index: Int) -> Result<ScenarioWalk.Outcome, any Error>? {
        get { lock.withLock { byWalk[index] } }
        set { lock.withLock { byWalk[index] = newValue } }
    }
}

let walks = ScenarioWalk.guarantees(exhaustive: true)
let outcomes = Outcomes()
let started = DispatchTime.now()
DispatchQueue.concurrentPerform(iterations: walks.count) { index in
    let outcome = Result { try walks[index].run() }
    outcomes[index] = outcome
}
let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9

var failed = false
var checked = 0
for (index, walk) in walks.enumerated() {
    switch outcomes[index] {
    case .success(let outcome) where outcome.failures.isEmpty && outcome.checked == Array(walk.indexes).count:
        checked += outcome.checked
    case .success(let outcome):
        failed = true
        print("error: \(walk): \(outcome.checked) of \(Array(walk.indexes).count) scenarios checked")
        for failure in outcome.failures { print("  \(failure)") }
    case .failure(let error):
        failed = true
        print("error: \(walk): \(error)")
    case nil:
        failed = true
        print("error: \(walk) did not run")
    }
}
print("\(checked) scenarios in \(walks.count) walks, \(failed ? "FAILED" : "every one as expected") (\(String(format: "%.1f", seconds)) s)")
exit(failed ? 1 : 0)
