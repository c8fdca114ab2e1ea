import PushBridge
import PushBridgeModel

/// A walk through part of a scenario space: the scenarios at `indexes` of `space`, each run
/// through the model and the real normaliser (PushBridgeModel's `ScenarioSimulator`) and checked against the
/// events the rules expect (``ExpectedPushEvent/expected(for:trace:)``).
///
/// PushBridge's guarantees are checked over the walks ``ScenarioWalk/guarantees(exhaustive:)`` lists: a plain
/// `swift test` walks a sample of each (`ScenarioSpaceTests`), and CI walks them whole in a
/// release build, where they are cheap (`Benchmarks/Sources/ExhaustiveSpaces`). Both read the
/// walks from here, so the sample and the whole walk cannot drift apart.
public struct ScenarioWalk: Sendable, CustomStringConvertible {
    /// What the walk covers, for a log line or a test's name.
    public var description: String
    /// The space walked.
    public var space: ScenarioSpace
    /// The indexes of `space` visited, in order.
    public var indexes: StrideTo<Int>

    /// A walk of `space` at `indexes`, described by `description`.
    public init(_ description: String, space: ScenarioSpace, indexes: StrideTo<Int>) {
        self.description = description
        self.space = space
        self.indexes = indexes
    }

    /// What a walk found: how many scenarios it checked, and the first mismatches (at most 10, to
    /// keep a failure readable), each naming its scenario, the expected and the actual events.
    public struct Outcome: Sendable, Equatable {
        /// The scenarios checked.
        public var checked: Int
        /// The first mismatches, empty when every scenario gave the expected events.
        public var failures: [String]
    }

    /// Runs every scenario of the walk and compares its events with the expected ones: exactly
    /// once, received before opened, all under the scenario's identity (what the app could know
    /// on a device).
    public func run() throws -> Outcome {
        var outcome = Outcome(checked: 0, failures: [])
        for index in indexes {
            let scenario = space.scenario(at: index)
            let result = try ScenarioSimulator.run(scenario)
            let expected = ExpectedPushEvent.expected(for: scenario, trace: result.trace)
            let actual = result.events.map(ExpectedPushEvent.init)
            outcome.checked += 1
            let kinds = result.events.map(\.kind)
            let wellFormed =
                kinds.count <= 2 && kinds.filter { $0 == .received }.count <= 1
                && (kinds.count < 2 || kinds[0] == .received) && Set(result.events.compactMap(\.id)).count <= 1
                && result.namedEvents.allSatisfy { $0.id == scenario.notification.id }
            if actual != expected || !wellFormed, outcome.failures.count < 10 {
                outcome.failures.append(
                    "\(scenario.ios) \(scenario.state) \(scenario.implements.map(\.seedLabel).sorted()) "
                        + "\(scenario.notification.source) \(scenario.user) \(scenario.presentation) \(scenario.settings) \(scenario.lifecycle) "
                        + "\(scenario.serviceExtension) \(scenario.disputed) \(scenario.centerDelegate): expected \(expected), got \(actual)")
            }
        }
        return outcome
    }

    /// The indexes of `0..<count` a walk visits: every `exhaustiveStride`th when `exhaustive` (1:
    /// all of them), every `exhaustiveStride × sampleFactor`th otherwise; shard `shard` of `shards`
    /// takes every `shards`th of those, from its own offset.
    ///
    /// A sample is every `n`th index with `n` prime to every dimension's size (the spaces' sizes
    /// are products of 2, 3 and 7), so that it does not fall into step with a dimension and skip
    /// one of its values; the same indexes every run (no randomness).
    public static func indexes(
        count: Int, exhaustive: Bool, exhaustiveStride: Int = 1, sampleFactor: Int, shard: Int = 0, shards: Int = 1
    ) -> StrideTo<Int> {
        let step = exhaustive ? exhaustiveStride : exhaustiveStride * sampleFactor
        return stride(from: shard * step, to: count, by: step * shards)
    }

    /// The default space for one iOS version: every scenario when `exhaustive`, every 11th
    /// otherwise (11 is prime to every dimension).
    public static func defaultSpace(version: IOSVersion, exhaustive: Bool) -> ScenarioWalk {
        var space = ScenarioSpace()
        space.versions = [version]
        return ScenarioWalk(
            "the default space, iOS \(version)", space: space, indexes: indexes(count: space.count, exhaustive: exhaustive, sampleFactor: 11))
    }

    /// Shard `shard` of 4 of the iOS 13–26 space (``ScenarioSpace/modern``): every 29th scenario
    /// when `exhaustive` (about 36,000 in all), every 29 × 5th otherwise; shard n takes indexes
    /// 29n, 29n + 116, … (sampled: 145n, 145n + 580, …).
    public static func modernSpace(shard: Int, exhaustive: Bool) -> ScenarioWalk {
        let space = ScenarioSpace.modern
        return ScenarioWalk(
            "the iOS 13–26 space, shard \(shard) of 4", space: space,
            indexes: indexes(count: space.count, exhaustive: exhaustive, exhaustiveStride: 29, sampleFactor: 5, shard: shard, shards: 4))
    }

    /// Every dismiss setting with one delegate timing, on iOS 9.3, 10 and 14: every scenario when
    /// `exhaustive`, every 11th otherwise.
    public static func delegateTiming(_ timing: CenterDelegateTiming, exhaustive: Bool) -> ScenarioWalk {
        let space = ScenarioSpace(
            versions: [IOSVersion(9, 3), IOSVersion(10), IOSVersion(14)], presentations: [[], [.alert]],
            centerDelegates: [timing], customDismissActions: [false, true])
        return ScenarioWalk(
            "the center delegate set \(timing), every dismiss setting", space: space,
            indexes: indexes(count: space.count, exhaustive: exhaustive, sampleFactor: 11))
    }

    /// Every walk the event guarantees are checked over: the default space one version at a time,
    /// the iOS 13–26 space in four shards, and every delegate timing; whole when `exhaustive`,
    /// sampled otherwise. Independent of each other, so they can run in parallel.
    public static func guarantees(exhaustive: Bool) -> [ScenarioWalk] {
        ScenarioSpace().versions.map { defaultSpace(version: $0, exhaustive: exhaustive) }
            + (0..<4).map { modernSpace(shard: $0, exhaustive: exhaustive) }
            + CenterDelegateTiming.allCases.map { delegateTiming($0, exhaustive: exhaustive) }
    }
}
