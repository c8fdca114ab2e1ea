import PushBridge
import PushBridgeGetui
import PushBridgeJPush

/// The provider simulations this build of `pushbridge` offers.
enum ProviderSimulators {
    static let all: [PushProviderKind: any ProviderSimulator] = [
        .apns: SystemSimulator(),
        .jpush: JPushSimulator(),
        .getui: GetuiSimulator(),
    ]
}
