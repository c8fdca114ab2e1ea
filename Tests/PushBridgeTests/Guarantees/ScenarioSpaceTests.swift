import PushBridge
import PushBridgeModel
import PushBridgeTesting
import Testing

/// The event guarantees over the whole scenario space: versions × states × every subset of
/// implemented callbacks × payload kinds × user actions × presentation options.
@Suite struct ScenarioSpaceTests {
    /// Runs every scenario of `space` through the model and the real normaliser and returns the
    /// first mismatches against the expected events (at most 10, to keep failures readable).
    private func mismatches(in space: ScenarioSpace) throws -> (checked: Int, failures: [String]) {
        try mismatches(in: AnySequence(space))
    }

    private func mismatches(in scenarios: AnySequence<DispatchScenario>) throws -> (checked: Int, failures: [String]) {
        var failures: [String] = []
        var checked = 0
        for scenario in scenarios {
            let result = try ScenarioSimulator.run(scenario)
            let expected = ExpectedPushEvent.expected(for: scenario, trace: result.trace)
            let actual = result.events.map(ExpectedPushEvent.init)
            checked += 1
            // Exactly once, received before opened, all under one identity (what the app could
            // know on a device), which the trace shows as the scenario's.
            let kinds = result.events.map(\.kind)
            let wellFormed =
                kinds.count <= 2 && kinds.filter { $0 == .received }.count <= 1
                && (kinds.count < 2 || kinds[0] == .received) && Set(result.events.compactMap(\.id)).count <= 1
                && result.namedEvents.allSatisfy { $0.id == scenario.notification.id }
            if actual != expected || !wellFormed, failures.count < 10 {
                failures.append(
                    "\(scenario.ios) \(scenario.state) \(scenario.implements.map(\.seedLabel).sorted()) "
                        + "\(scenario.notification.source) \(scenario.user) \(scenario.presentation) \(scenario.settings) \(scenario.lifecycle) "
                        + "\(scenario.serviceExtension) \(scenario.disputed) \(scenario.centerDelegate): expected \(expected), got \(actual)")
            }
        }
        return (checked, failures)
    }

    /// The default space, one version at a time so the versions run in parallel: every scenario
    /// when exhaustive (`SpaceCoverage`), every 11th otherwise (11 is prime to every dimension).
    @Test(arguments: ScenarioSpace().versions)
    func everyScenarioYieldsTheExpectedEvents(version: IOSVersion) throws {
        var space = ScenarioSpace()
        space.versions = [version]
        #expect(space.count == 4 * 128 * 4 * 6 * 4)
        let indexes = SpaceCoverage.indexes(count: space.count, sampleFactor: 11)
        let (checked, failures) = try mismatches(in: AnySequence(indexes.lazy.map { space.scenario(at: $0) }))
        #expect(checked == Array(indexes).count)
        #expect(checked >= space.count / 11)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    /// The iOS 13–26 space (device settings, life cycles, service extensions, disputed readings,
    /// text input, clearing a group): every 29th scenario when exhaustive (about 36,000 through
    /// the model and the real normaliser), every 29 × 5th otherwise; in four interleaved shards
    /// run in parallel.
    @Test(arguments: 0..<4)
    func theModernSpaceYieldsTheExpectedEvents(shard: Int) throws {
        let space = ScenarioSpace.modern
        #expect(space.count == 4 * 4 * 8 * 7 * 8 * 3 * 6 * 2 * 2 * 2)
        // Shard n takes indexes 29n, 29n + 116, … (sampled: 145n, 145n + 580, …).
        let indexes = SpaceCoverage.indexes(count: space.count, exhaustiveStride: 29, sampleFactor: 5, shard: shard, shards: 4)
        let sample = indexes.lazy.map { index in space.scenario(at: index) }
        let (checked, failures) = try mismatches(in: AnySequence(sample))
        #expect(checked > (SpaceCoverage.isExhaustive ? 8_000 : 1_600))
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    /// Every delegate timing and dismiss setting: every scenario when exhaustive, every 11th
    /// otherwise.
    @Test(arguments: CenterDelegateTiming.allCases)
    func everyDelegateTimingAndDismissSetting(timing: CenterDelegateTiming) throws {
        let space = ScenarioSpace(
            versions: [IOSVersion(9, 3), IOSVersion(10), IOSVersion(14)], presentations: [[], [.alert]],
            centerDelegates: [timing], customDismissActions: [false, true])
        let indexes = SpaceCoverage.indexes(count: space.count, sampleFactor: 11)
        let (checked, failures) = try mismatches(in: AnySequence(indexes.lazy.map { space.scenario(at: $0) }))
        #expect(checked == Array(indexes).count)
        #expect(checked >= space.count / 11)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
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
