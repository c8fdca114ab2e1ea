import PushBridge
import PushBridgeProviderKit
import PushBridgeServiceExtension
import Testing

/// A file that imports the runtime and the service extension together names their shared types
/// without ambiguity (it would not compile otherwise).
@Suite struct EveryProductTogetherTests {
    @Test func thePlatformObjectIsOneType() {
        final class Box {}
        let object = PlatformObject(Box())
        let request = ServiceExtensionRequest(identifier: "n-1", payload: [:], platformRequest: object)
        let scene = SceneConnectionRequest(connectionOptions: object)
        #expect(request.platformRequest?.object === scene.connectionOptions?.object)
    }
}
