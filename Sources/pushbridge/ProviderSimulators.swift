import PushBridge
import PushBridgeModel
import PushBridgeGetui
import PushBridgeGetuiTesting
import PushBridgeJPush
import PushBridgeJPushTesting

/// The provider simulations this build of `pushbridge` offers.
enum ProviderSimulators {
    static let all: [PushProviderKind: any ProviderSimulator] = [
        .apns: SystemSimulator(),
        .jpush: JPushSimulator(),
        .getui: GetuiSimulator(),
    ]
}
