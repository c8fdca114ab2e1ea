import Foundation

/// How much of an exhaustive space a test walks: all of it when the environment sets
/// `PUSHBRIDGE_EXHAUSTIVE=1`, a fixed sample otherwise (``ScenarioWalk/indexes(count:exhaustive:exhaustiveStride:sampleFactor:shard:shards:)``).
///
/// CI walks the scenario spaces whole once, in a release build where they are cheap
/// (`Benchmarks/Sources/ExhaustiveSpaces`, the same ``ScenarioWalk``s), and drives the bounds
/// past their limits a million times with `PUSHBRIDGE_EXHAUSTIVE=1` (`MemoryBoundsTests`); a plain
/// `swift test`, a newcomer's and TSan's, walks the sample, so the default suite stays short.
enum SpaceCoverage {
    /// Whether this run walks the spaces whole (`PUSHBRIDGE_EXHAUSTIVE=1`).
    static var isExhaustive: Bool { ProcessInfo.processInfo.environment["PUSHBRIDGE_EXHAUSTIVE"] == "1" }

    /// How many times a bound is driven past its limit: `exhaustive` when exhaustive, `sampled`
    /// otherwise.
    static func repetitions(exhaustive: Int, sampled: Int) -> Int { isExhaustive ? exhaustive : sampled }
}
