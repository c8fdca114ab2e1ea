import PushBridgeFCMTesting
import PushBridgeGetuiTesting
import PushBridgeJPushTesting
import PushBridgeModel

/// Every provider this package ships, written once: the command's composition root
/// (`pushbridge`'s `ProviderSimulators`) and the tests that run every provider
/// (`AdapterTestSupport`'s `allSimulators`) derive their lists from this one.
///
/// Each provider is its simulator, which carries the provider's definition; plain APNs is iOS's
/// own path (`SystemSimulator`). Adding a provider with an app side is its folder under `Adapters/`
/// (with `App/`) and one element here; a vendor with a server side only would have no
/// simulator and would not be listed.
package enum ProviderList {
    /// Every provider's simulator, in the order the command lists them (`--provider apns|jpush|getui|fcm`).
    package static let simulators: [any ProviderSimulator] = [SystemSimulator(), JPushSimulator(), GetuiSimulator(), FCMSimulator()]
}
