import Foundation
import PushBridge
import PushBridgeProviderKit
import PushBridgePushKit
import Testing

/// VoIP and Live Activities are opt-in (`PushBridgePushKit`): the runtime reaches the module's hub
/// only through `PushClientAttachment`, so what a provider reports before the app used the module
/// waits for it, the client's end still ends its streams, and no module an app links for
/// notifications imports it.
@Suite struct PushKitOptInTests {
    /// A provider that keeps the sink it is handed, to report through it as an SDK would.
    final class SinkKeepingProvider: PushProvider {
        let id = PushProviderID.jpush
        let sink = Locked<PushEventSink?>(nil)
        func attach(to sink: PushEventSink) { self.sink.withLock { $0 = sink } }
        func start(_ request: PushStartRequest) throws(PushError) {}
        func register(_ request: PushRegistrationRequest) throws(PushError) {}
        func didRegisterForRemoteNotifications(_ request: DeviceTokenRequest) {}
    }

    @Test func aTokenFailureReportedBeforeTheAppUsedPushKitWaitsForTheStream() async throws {
        let provider = SinkKeepingProvider()
        let client = PushClient(provider: provider)
        let error = PushError(.providerFailure, field: "liveActivityToken", "result code 1011")
        try #require(provider.sink.withLock { $0 }).tokenForwardingFailed(.pushToStart(attributesType: "Delivery"), provider: .jpush, error: error)
        var events = client.pushKitEvents().makeAsyncIterator()
        let first = await events.next()
        #expect(
            first
                == .tokenForwardingFailed(
                    PushKitEvent.ForwardingFailure(provider: .jpush, kind: .pushToStart(attributesType: "Delivery"), error: error)))
    }

    @Test func theStreamEndsWhenTheClientGoesAway() async throws {
        var client: PushClient? = PushClient(provider: NoOpProvider())
        let events = try #require(client).pushKitEvents()
        client = nil
        var count = 0
        for await _ in events { count += 1 }
        #expect(count == 0, "the stream ended with the client, having published nothing")
    }

    @Test func noModuleAnAppLinksForNotificationsImportsPushBridgePushKit() throws {
        var root = URL(fileURLWithPath: #filePath)
        while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path), root.path != "/" {
            root.deleteLastPathComponent()
        }
        let folders = [
            "Sources/PushBridgeCore", "Sources/PushBridgeProviderKit", "Sources/PushBridge", "Sources/PushBridgeUIKit", "Adapters/APNs/App",
            "Adapters/JPush/App", "Adapters/Getui/App", "Adapters/Shared/AdapterSupport",
        ]
        var importing: [String] = []
        for folder in folders {
            #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(folder).path), "\(folder) exists")
            let files = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let file = files?.nextObject() as? URL {
                guard file.pathExtension == "swift" else { continue }
                let source = try String(contentsOf: file, encoding: .utf8)
                if source.contains(/(?m)^\s*(@\w+(\([^)]*\))?\s+)*import\s+PushBridgePushKit\b/) { importing.append(file.lastPathComponent) }
            }
        }
        #expect(folders.count == 8)
        #expect(importing.isEmpty, "these files make every app link VoIP and Live Activities: \(importing)")
    }
}
