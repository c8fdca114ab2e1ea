import Foundation

/// How much of an exhaustive space a test walks: all of it when the environment sets
/// `PUSHBRIDGE_EXHAUSTIVE=1`, a fixed sample otherwise.
///
/// CI runs the exhaustive spaces once, in a release build where they are cheap
/// (`.ci/exhaustive`); a plain `swift test`, a newcomer's and TSan's, walks the sample, so the
/// default suite stays short. A sample is every `n`th index with `n` prime to every dimension's
/// size (the spaces' sizes are products of 2, 3 and 7), so that it does not fall into step with
/// a dimension and skip one of its values; the same indexes every run (no randomness).
enum SpaceCoverage {
    /// Whether this run walks the spaces whole (`PUSHBRIDGE_EXHAUSTIVE=1`).
    static var isExhaustive: Bool { ProcessInfo.processInfo.environment["PUSHBRIDGE_EXHAUSTIVE"] == "1" }

    /// The indexes of `0..<count` a run visits: every `exhaustiveStride`th when exhaustive (1: all
    /// of them), every `exhaustiveStride × sampleFactor`th otherwise; shard `shard` of `shards`
    /// takes every `shards`th of those, from its own offset.
    static func indexes(count: Int, exhaustiveStride: Int = 1, sampleFactor: Int, shard: Int = 0, shards: Int = 1) -> StrideTo<Int> {
        let step = isExhaustive ? exhaustiveStride : exhaustiveStride * sampleFactor
        return stride(from: shard * step, to: count, by: step * shards)
    }

    /// How many times a bound is driven past its limit: `exhaustive` when exhaustive, `sampled`
    /// otherwise.
    static func repetitions(exhaustive: Int, sampled: Int) -> Int { isExhaustive ? exhaustive : sampled }
}
