import ProviderList
import PushBridge
import PushBridgeModel

/// The providers this build of `pushbridge` knows: the package's one list of them
/// (`Adapters/Shared/ProviderList`), each a simulator that carries its provider's definition.
enum ProviderSimulators {
    /// Every provider's simulator, in the order `--provider` lists them.
    static let registered: [any ProviderSimulator] = ProviderList.simulators

    /// The simulators by provider.
    static let all: [PushProviderID: any ProviderSimulator] = Dictionary(
        registered.map { ($0.definition.id, $0) }, uniquingKeysWith: { first, _ in first })

    /// Every provider's definition, in order.
    static let definitions: [any PushProviderDefinition] = registered.map(\.definition)

    /// The providers' names, in order.
    static let names: [String] = definitions.map(\.id.rawValue)

    /// The definition of the provider named `name`.
    static func definition(named name: String) -> (any PushProviderDefinition)? {
        definitions.first { $0.id.rawValue == name }
    }
}
