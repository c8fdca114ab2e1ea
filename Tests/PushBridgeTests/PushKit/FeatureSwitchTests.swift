import PushBridgeProviderKit
import PushBridgePushKit
import PushBridgeTesting
import Testing

@testable import PushBridge

/// The configuration's switches decide which tokens reach the providers: a token of a feature
/// left off is published for the app's server, forwarded to no provider, and a diagnostic says
/// which key would switch it on.
@Suite struct FeatureSwitchTests {
    typealias RecordingProvider = VoIPAndLiveActivityClientTests.RecordingProvider

    static func client(_ features: PushFeatures?, provider: RecordingProvider) -> (PushClient, Locked<[PushDiagnostic]>) {
        var options = PushClientOptions()
        options.features = features
        let client = PushClient(provider: provider, options: options)
        let diagnostics = Locked([PushDiagnostic]())
        client.setDiagnosticHandler { diagnostic in diagnostics.withLock { $0.append(diagnostic) } }
        return (client, diagnostics)
    }

    @Test func aTokenOfAFeatureLeftOffIsPublishedButNotForwarded() async {
        let provider = RecordingProvider(capabilities: [.voip, .liveActivities, .liveActivityPushToStart])
        let (client, diagnostics) = Self.client(PushFeatures(liveActivities: LiveActivitiesFeature(pushToStart: false)), provider: provider)
        let events = client.pushKitEvents()
        client.didUpdateVoIPToken(VoIPAndLiveActivityClientTests.token)
        client.didUpdatePushToStartToken(VoIPAndLiveActivityClientTests.token, attributesType: "DeliveryAttributes")
        client.didUpdateLiveActivityToken(VoIPAndLiveActivityClientTests.token, activityID: "A1")
        // Only the per-activity token (liveActivities is on) reaches the provider.
        #expect(provider.entries.count == 1)
        #expect(provider.entries.first?.contains("activity") == true)
        #expect(diagnostics.withLock { $0.map(\.code) } == [.featureNotSwitchedOn, .featureNotSwitchedOn])
        #expect(diagnostics.withLock { $0.map(\.message) }.allSatisfy { !$0.contains("deadbeef") })
        #expect(diagnostics.withLock { $0[0].message.contains("voip is not switched on") })
        #expect(diagnostics.withLock { $0[1].message.contains("liveActivities.pushToStart is not switched on") })
        var iterator = events.makeAsyncIterator()
        var forwarded: [[PushProviderID]] = []
        for _ in 0..<3 {
            if case .tokenChanged(let change)? = await iterator.next() { forwarded.append(change.forwardedTo) }
        }
        #expect(forwarded == [[], [], [.apns]])
    }

    @Test func aClientNotBuiltFromAConfigurationForwardsEverything() {
        let provider = RecordingProvider(capabilities: [.voip])
        let (client, diagnostics) = Self.client(nil, provider: provider)
        client.didUpdateVoIPToken(VoIPAndLiveActivityClientTests.token)
        #expect(provider.entries.count == 1)
        #expect(diagnostics.withLock { $0.isEmpty })
    }

    @Test func aClientFromAConfigurationTakesItsFeatures() throws {
        let configuration = try PushConfiguration(jsonBytes: Array(#"{"provider": "apns", "voip": true}"#.utf8))
        let adapter = PushAdapter(id: .apns, definition: nil) { _ in RecordingProvider(capabilities: .voip) }
        let client = try PushClient(configuration: configuration, adapters: [adapter])
        #expect(client.options.features == PushFeatures(voip: true))
    }
}
