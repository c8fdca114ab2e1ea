import PushBridgeGetui
import PushBridgeJPush
import PushBridgeMultiplex
import PushBridgeProviderKit
import PushBridgeTesting
import Testing

@testable import PushBridge

/// Building a client from a configuration picks the listed adapter.
@Suite struct AdapterRegistryTests {
    private var adapters: [PushAdapter] {
        [PushProviderID.jpush, .getui].map { kind in PushAdapter(id: kind, definition: nil) { _ in RecordingProvider(kind) } }
    }

    private func configuration(_ json: String) throws -> PushConfiguration {
        try PushConfiguration(jsonBytes: Array(json.utf8), providers: [JPushDefinition(), GetuiDefinition()])
    }

    /// One registry (issue 44): the list of adapters; the last adapter listed for a provider is
    /// the one used, one function builds the provider the configuration names, and a provider no
    /// adapter names is an error naming the key.
    @Test func theLastAdapterListedForAProviderBuildsIt() throws {
        let getui = try configuration(#"{"provider": "getui", "getui": {"appId": "a", "appKey": "b", "appSecret": "c"}}"#)
        let replaced = [PushAdapter(id: .getui, definition: nil) { _ in RecordingProvider(.jpush) }] + adapters
        let client = try PushClient(configuration: getui, adapters: replaced, scheduler: ManualScheduler())
        #expect(client.provider.id == .getui)
        let earlier = PushAdapter(id: .jpush, definition: nil) { _ in RecordingProvider(.getui) }
        let jpush = try configuration(#"{"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77"}}"#)
        #expect(try ([earlier] + adapters).provider(for: jpush).id == .jpush)
        #expect(try (adapters + [earlier]).provider(for: jpush).id == .getui)
        let error = #expect(throws: PushError.self) { try [earlier].provider(for: getui) }
        #expect(error?.field == "provider")
    }

    @Test func configurationsWithTheSameSettingsAreEqualWhateverTheOrderTheyWereSetIn() throws {
        let jpush = try configuration(#"{"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77"}}"#)
        let getui = try configuration(#"{"provider": "getui", "getui": {"appId": "a", "appKey": "b", "appSecret": "c"}}"#)
        let jpushSettings = try #require(jpush.settings(for: .jpush))
        let getuiSettings = try #require(getui.settings(for: .getui))
        var first = PushConfiguration(provider: .jpush)
        first.setSettings(jpushSettings, for: .jpush)
        first.setSettings(getuiSettings, for: .getui)
        var second = PushConfiguration(provider: .jpush)
        second.setSettings(getuiSettings, for: .getui)
        second.setSettings(jpushSettings, for: .jpush)
        #expect(first == second)
        #expect(first.description == second.description)
        #expect(first.description.range(of: "getui:")!.lowerBound < first.description.range(of: "jpush:")!.lowerBound)
        second.setSettings(nil, for: .getui)
        #expect(first != second)
        #expect(second.settings(for: .getui) == nil)
        #expect(second == PushConfiguration(provider: .jpush, settings: [jpushSettings]))
    }

    @Test func theConfigurationPicksTheAdapter() throws {
        let jpush = try PushClient(
            configuration: configuration(#"{"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77"}}"#),
            adapters: adapters, scheduler: ManualScheduler())
        #expect(jpush.provider.id == .jpush)
        let getui = try PushClient(
            configuration: configuration(#"{"provider": "getui", "getui": {"appId": "a", "appKey": "b", "appSecret": "c"}}"#),
            adapters: adapters, scheduler: ManualScheduler())
        #expect(getui.provider.id == .getui)
    }

    private var twoAtOnce: String {
        #"{"provider": "getui", "additionalProviders": ["jpush"], "getui": {"appId": "a", "appKey": "b", "appSecret": "c"}, "jpush": {"appKey": "5a6e94518f6bd85ba173cf77"}}"#
    }

    @Test func additionalProvidersAreMultiplexed() throws {
        let client = try PushClient(configuration: configuration(twoAtOnce), adapters: adapters + [.multiplex], scheduler: ManualScheduler())
        let multiplex = try #require(client.provider as? MultiplexProvider)
        #expect(multiplex.providers.map(\.id) == [.getui, .jpush])
    }

    /// Two providers at once are opt-in (`PushBridgeMultiplex`): without `.multiplex` listed, the
    /// configuration is an error naming the key and the product, and no provider is built.
    @Test func additionalProvidersWithoutTheMultiplexNameIt() throws {
        let error = #expect(throws: PushError.self) {
            try PushClient(configuration: configuration(twoAtOnce), adapters: adapters, scheduler: ManualScheduler())
        }
        #expect(error?.code == .invalidConfiguration)
        #expect(error?.field == "additionalProviders")
        #expect(error?.description.contains("PushBridgeMultiplex") == true)
        #expect(error?.description.contains(".multiplex") == true)
    }

    /// The multiplex entry is no provider: a file naming it as one is told it is not linked, and
    /// a single provider (one market's) is built without it, as before.
    @Test func theMultiplexEntryBuildsNoProviderOfItsOwn() throws {
        let getui = try configuration(#"{"provider": "getui", "getui": {"appId": "a", "appKey": "b", "appSecret": "c"}}"#)
        let client = try PushClient(configuration: getui, adapters: adapters + [.multiplex], scheduler: ManualScheduler())
        #expect(client.provider.id == .getui)
        #expect(!(client.provider is MultiplexProvider))
        let named = PushConfiguration(provider: PushProviderID(rawValue: "multiplex"))
        let error = #expect(throws: PushError.self) { try [PushAdapter.multiplex].provider(for: named) }
        #expect(error?.field == "provider")
    }

    @Test func anUnregisteredProviderIsAnError() throws {
        #expect {
            _ = try PushClient(configuration: configuration(#"{"provider": "apns"}"#), adapters: adapters, scheduler: ManualScheduler())
        } throws: { error in
            (error as? PushError)?.code == .invalidConfiguration && (error as? PushError)?.field == "provider"
        }
    }

    @Test func requireNamesTheMissingSettings() throws {
        let configuration = PushConfiguration(provider: .jpush)
        #expect {
            _ = try configuration.require(\.jpush, "jpush")
        } throws: { error in
            (error as? PushError)?.field == "jpush"
        }
    }
}
