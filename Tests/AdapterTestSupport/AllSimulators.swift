import ProviderList
import PushBridge
import PushBridgeModel

#if canImport(Testing)  // not in the iOS SDK, where ios-typecheck builds this module's interface
    import Testing
#endif

/// Every provider's simulator (`ProviderList`), as test arguments named by their provider: a test
/// that runs every provider takes `@Test(arguments: allSimulators)` and its results read `apns`,
/// `jpush` or `getui`, not an index into a list copied into the test.
package let allSimulators: [NamedSimulator] = ProviderList.simulators.map(NamedSimulator.init)

/// A provider's simulator that a test's results name by its provider's identifier; it is the
/// simulator it wraps (it forwards ``ProviderSimulator``'s requirements), so a test passes it on
/// as it is.
package struct NamedSimulator: ProviderSimulator {
    /// The simulator named.
    package let simulator: any ProviderSimulator

    /// Names `simulator` by its provider.
    package init(_ simulator: any ProviderSimulator) {
        self.simulator = simulator
    }

    /// The wrapped simulator's definition.
    package var definition: any PushProviderDefinition { simulator.definition }

    /// The wrapped simulator's session for `scenario`.
    package func makeSession(scenario: DispatchScenario) throws(PushError) -> any ProviderSimulationSession {
        try simulator.makeSession(scenario: scenario)
    }

    /// The provider's identifier (`apns`, `jpush`, `getui`).
    package var testDescription: String { simulator.id.rawValue }
}

#if canImport(Testing)
    extension NamedSimulator: CustomTestStringConvertible {}
#endif
