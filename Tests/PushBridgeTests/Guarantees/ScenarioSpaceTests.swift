import PushBridge
import PushBridgeModel
import PushBridgeTesting
import Testing

/// The event guarantees over the whole scenario space: versions × states × every subset of
/// implemented callbacks × payload kinds × user actions × presentation options.
///
/// The walks are ``ScenarioWalk/guarantees(exhaustive:)``'s: sampled here (whole with
/// `PUSHBRIDGE_EXHAUSTIVE=1`); CI walks them whole in a release build
/// (`Benchmarks/Sources/ExhaustiveSpaces`), where they take seconds instead of minutes.
@Suite struct ScenarioSpaceTests {
    /// The default space, one version at a time so the versions run in parallel.
    @Test(arguments: ScenarioSpace().versions)
    func everyScenarioYieldsTheExpectedEvents(version: IOSVersion) throws {
        let walk = ScenarioWalk.defaultSpace(version: version, exhaustive: SpaceCoverage.isExhaustive)
        #expect(walk.space.count == 4 * 128 * 4 * 6 * 4)
        let outcome = try walk.run()
        #expect(outcome.checked == Array(walk.indexes).count)
        #expect(outcome.checked >= walk.space.count / 11)
        #expect(outcome.failures.isEmpty, "\(outcome.failures.joined(separator: "\n"))")
    }

    /// The iOS 13–26 space (device settings, life cycles, service extensions, disputed readings,
    /// text input, clearing a group), in four interleaved shards run in parallel.
    @Test(arguments: 0..<4)
    func theModernSpaceYieldsTheExpectedEvents(shard: Int) throws {
        let walk = ScenarioWalk.modernSpace(shard: shard, exhaustive: SpaceCoverage.isExhaustive)
        #expect(walk.space.count == 4 * 4 * 8 * 7 * 8 * 3 * 6 * 2 * 2 * 2)
        let outcome = try walk.run()
        #expect(outcome.checked > (SpaceCoverage.isExhaustive ? 8_000 : 1_600))
        #expect(outcome.failures.isEmpty, "\(outcome.failures.joined(separator: "\n"))")
    }

    /// Every delegate timing and dismiss setting.
    @Test(arguments: CenterDelegateTiming.allCases)
    func everyDelegateTimingAndDismissSetting(timing: CenterDelegateTiming) throws {
        let walk = ScenarioWalk.delegateTiming(timing, exhaustive: SpaceCoverage.isExhaustive)
        let outcome = try walk.run()
        #expect(outcome.checked == Array(walk.indexes).count)
        #expect(outcome.checked >= walk.space.count / 11)
        #expect(outcome.failures.isEmpty, "\(outcome.failures.joined(separator: "\n"))")
    }

    /// The walks CI runs whole are the ones above, each once: the sampled and the whole runs
    /// cannot cover different spaces.
    @Test func theWholeWalksAreTheTestsWalks() {
        let walks = ScenarioWalk.guarantees(exhaustive: true)
        let versions = ScenarioSpace().versions
        let timings = CenterDelegateTiming.allCases
        #expect(walks.count == versions.count + 4 + timings.count)
        #expect(Set(walks.map(\.description)).count == walks.count)
        for (walk, version) in zip(walks, versions) {
            #expect(walk.space.versions == [version])
            #expect(Array(walk.indexes) == Array(0..<walk.space.count))
        }
        // The four shards of the iOS 13–26 space together are every 29th scenario, each once.
        let shards = walks.dropFirst(versions.count).prefix(4)
        #expect(shards.flatMap { Array($0.indexes) }.sorted() == Array(stride(from: 0, to: ScenarioSpace.modern.count, by: 29)))
        for (walk, timing) in zip(walks.suffix(timings.count), timings) {
            #expect(walk.space.centerDelegates == [timing])
            #expect(Array(walk.indexes) == Array(0..<walk.space.count))
        }
        // A sample is a strict part of the whole walk, from the same space.
        for (sample, whole) in zip(ScenarioWalk.guarantees(exhaustive: false), walks) {
            #expect(sample.description == whole.description)
            #expect(Set(sample.indexes).isStrictSubset(of: Set(whole.indexes)))
        }
    }

    @Test func withoutTheBackgroundModeNothingWakesTheApp() throws {
        let space = ScenarioSpace(
            versions: [IOSVersion(9, 3), IOSVersion(12)], payloads: [.alertContentAvailable, .silent], presentations: [[.alert]])
        for var scenario in space {
            scenario.backgroundModes = []
            let result = try ScenarioSimulator.run(scenario)
            if scenario.state != .foreground {
                #expect(result.trace.arrivalCalls.isEmpty)
            }
            #expect(result.events.map(ExpectedPushEvent.init) == ExpectedPushEvent.expected(for: scenario, trace: result.trace))
        }
    }
}
