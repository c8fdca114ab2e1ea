import PushBridge
import PushBridgeModel
import PushBridgeTesting

/// The dispatch model over the whole scenario space of the event-stream tests, and over the
/// space of iOS 13 to 26 (device settings, life cycles, service extensions, disputed readings).
enum DispatchModelBenchmark {
    static func run() {
        measure(ScenarioSpace(), "dispatch model")
        measure(ScenarioSpace.modern, "dispatch model, iOS 13–26 space")
    }

    private static func measure(_ space: ScenarioSpace, _ name: String) {
        let scenarios = Harness.short ? Array(space.prefix(50_000)) : Array(space)
        var calls = 0
        let perScenario = Harness.measure(samples: 5, operations: scenarios.count) {
            for scenario in scenarios { calls &+= DispatchModel.trace(for: scenario).steps.count }
        }
        let perSecond = 1e9 / perScenario
        Harness.report(
            "\(name), \(scenarios.count) scenarios", value: perSecond, unit: "scenarios/s", baseline: nil,
            target: "≥ 5,000,000 scenarios/s", met: perSecond >= 5_000_000)
        if calls == 42 { print("") }  // keep the work observable
    }
}
