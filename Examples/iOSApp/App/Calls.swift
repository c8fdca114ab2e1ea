import CallKit
import Foundation
import PushBridge
import PushBridgePushKit
import PushBridgeUIKit
import PushKit

/// VoIP pushes: PushKit's token to the providers (and the app's server), and every call reported
/// to CallKit before PushKit's handler returns — iOS 13 and later end an app that does not.
///
/// The delegate methods are nonisolated: PushKit calls them on the registry's queue, and a
/// nonisolated method satisfies the protocol whether an SDK declares it isolated or not.
final class Calls: NSObject, PKPushRegistryDelegate, CXProviderDelegate, @unchecked Sendable {
    // @unchecked: every stored property is set once, in init; CallKit's provider and PushKit's
    // registry are used from their own queues, as Apple documents.
    private let client: PushClient
    private let callProvider: CXProvider
    private let registry = PKPushRegistry(queue: .main)

    init(client: PushClient) {
        self.client = client
        let configuration: CXProviderConfiguration
        if #available(iOS 14, *) {
            configuration = CXProviderConfiguration()
        } else {
            configuration = CXProviderConfiguration(localizedName: "Example")
        }
        configuration.supportsVideo = false
        callProvider = CXProvider(configuration: configuration)
        super.init()
        callProvider.setDelegate(self, queue: nil)
    }

    /// Asks PushKit for VoIP pushes (only when the configuration switches `voip` on does the
    /// client forward the token to JPush or Getui).
    func register() {
        registry.delegate = self
        registry.desiredPushTypes = [.voIP]
    }

    // MARK: PKPushRegistryDelegate

    func pushRegistry(_ registry: PKPushRegistry, didUpdate pushCredentials: PKPushCredentials, for type: PKPushType) {
        client.didUpdate(pushCredentials, for: type)
    }

    func pushRegistry(_ registry: PKPushRegistry, didInvalidatePushTokenFor type: PKPushType) {
        client.didInvalidatePushToken(for: type)
    }

    func pushRegistry(
        _ registry: PKPushRegistry, didReceiveIncomingPushWith payload: PKPushPayload, for type: PKPushType, completion: @escaping () -> Void
    ) {
        // The call is reported first; PushKit's completion runs once, after CallKit answered.
        client.handleVoIPPush(payload, for: type, completion: completion) { [self] push, reported in
            let update = CXCallUpdate()
            update.remoteHandle = CXHandle(type: .generic, value: push.payload["caller"]?.stringValue ?? "Unknown")
            callProvider.reportNewIncomingCall(with: UUID(), update: update) { error in reported(error) }
        }
    }

    // MARK: CXProviderDelegate

    func providerDidReset(_ provider: CXProvider) {}
}
