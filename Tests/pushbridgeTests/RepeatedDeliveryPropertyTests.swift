import AdapterTestSupport
import PushBridge
import PushBridgeModel
import PushBridgeTesting
import Testing

/// Exactly once as a property: over a sample of the scenario space, through every provider,
/// each callback fed what iOS hands it (`DeliveryHandover`), and the same payload delivered three
/// times to one app process, seconds or an hour apart, with the user's action in between: each
/// delivery yields exactly the events `docs/spec/events.md` expects of it, under one identity of its own.
@Suite struct RepeatedDeliveryPropertyTests {
    /// Every 41st scenario of the remote-notification space (about 9,000 of 368,640): every
    /// version, state, action and presentation is drawn, and most callback subsets.
    static func sample() -> [DispatchScenario] {
        var space = ScenarioSpace()
        space.payloads = [.alert, .alertContentAvailable, .silent]
        return space.enumerated().compactMap { index, scenario in index % 41 == 0 ? scenario : nil }
    }

    @Test(arguments: [2.0, 3_600.0])
    func eachDeliveryOfAnIdenticalPayloadYieldsItsOwnEvents(secondsApart: Double) throws {
        let scenarios = Self.sample()
        var failures: [String] = []
        for provider in allSimulators {
            for scenario in scenarios {
                let results = try ScenarioSimulator.runRepeatedly(scenario, times: 3, secondsApart: secondsApart, provider: provider)
                var seen: Set<String> = []
                for (delivery, result) in results.enumerated() {
                    let expected = ExpectedPushEvent.expected(for: scenario, trace: result.trace)
                    let actual = result.events.map(ExpectedPushEvent.init)
                    let ids = Set(result.events.compactMap(\.id))
                    let ownIdentity = ids.count <= 1 && seen.isDisjoint(with: ids)
                    seen.formUnion(ids)
                    if actual != expected || !ownIdentity, failures.count < 10 {
                        failures.append(
                            "\(provider.id) \(scenario.ios) \(scenario.state) \(scenario.implements.map(\.seedLabel).sorted()) "
                                + "\(scenario.notification.payload) \(scenario.user) \(scenario.presentation) delivery \(delivery + 1): "
                                + "expected \(expected), got \(actual) ids \(ids.sorted())")
                    }
                }
            }
        }
        #expect(scenarios.count > 8_000)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
