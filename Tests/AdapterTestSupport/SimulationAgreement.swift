import PushBridge
import PushBridgeModel
import PushBridgeTesting

/// How a provider's simulation of `scenario` differs from plain APNs' (empty: it agrees): the same
/// events and trace, and the same calls once iOS's are renamed as the provider's SDK hands them
/// over (`renamed`).
package func differencesFromPlainAPNs(
    _ scenario: DispatchScenario, provider: some ProviderSimulator, renamed: (TraceCall) -> String
) throws -> [String] {
    let apns = try ScenarioSimulator.run(scenario, provider: SystemSimulator())
    let simulated = try ScenarioSimulator.run(scenario, provider: provider)
    var differences: [String] = []
    if simulated.namedEvents != apns.namedEvents { differences.append("events \(simulated.namedEvents), not \(apns.namedEvents): \(scenario)") }
    if simulated.trace != apns.trace { differences.append("another trace: \(scenario)") }
    let calls = apns.calls.map { $0.renamed(renamed($0)) }
    if simulated.calls != calls { differences.append("calls \(simulated.calls.map(\.method)), not \(calls.map(\.method)): \(scenario)") }
    return differences
}

extension ScenarioSpace {
    /// The app sets the notification center's delegate late (`timing`) or never: iOS 10 and 14,
    /// the three callbacks a center delegate changes, an alert. Every provider agrees with plain
    /// APNs on each of these too.
    package static func lateOrMissingCenterDelegate(_ timing: CenterDelegateTiming) -> ScenarioSpace {
        ScenarioSpace(
            versions: [IOSVersion(10), IOSVersion(14)], callbacks: [.didReceiveRemoteNotificationFetch, .willPresent, .didReceiveResponse],
            presentations: [[.alert]], centerDelegates: [timing])
    }
}
