@_spi(ProviderAuthor) import PushBridge
import PushBridgeGetui
import PushBridgeJPush
import PushBridgeProviderKit
import PushBridgeTesting
import Testing

/// Building a client from a configuration picks the registered adapter.
@Suite struct ProviderFactoriesTests {
    private var factories: PushProviderFactories {
        var factories = PushProviderFactories()
        for kind in [PushProviderID.jpush, .getui] {
            factories.register(kind) { _ in RecordingProvider(kind) }
        }
        return factories
    }

    private func configuration(_ json: String) throws -> PushConfiguration {
        try PushConfiguration(jsonBytes: Array(json.utf8), providers: [JPushDefinition(), GetuiDefinition()])
    }

    @Test func aSecondRegistrationReplacesTheFirstAndTheOrderIsTheFirstRegistrations() throws {
        var factories = PushProviderFactories()
        factories.register(.getui) { _ in RecordingProvider(.jpush) }
        factories.register(.jpush) { _ in RecordingProvider(.jpush) }
        factories.register(.getui) { _ in RecordingProvider(.getui) }
        #expect(factories.registered == [.getui, .jpush])
        let client = try PushClient(
            configuration: configuration(#"{"provider": "getui", "getui": {"appId": "a", "appKey": "b", "appSecret": "c"}}"#),
            factories: factories, scheduler: ManualScheduler())
        #expect(client.provider.id == .getui)
    }

    /// One registry (issue 44): a factory table is a list of adapters, and the same function
    /// builds the provider from either; the last adapter listed for a provider is the one used,
    /// and a provider no adapter names is an error naming the key.
    @Test func factoriesAreAdaptersAndOneFunctionBuildsTheNamedProvider() throws {
        var factories = PushProviderFactories()
        factories.register(.jpush) { _ in RecordingProvider(.jpush) }
        #expect(factories.adapters.map(\.id) == [.jpush])
        #expect(factories.adapters.allSatisfy { $0.definition == nil })
        let earlier = PushAdapter(id: .jpush, definition: nil) { _ in RecordingProvider(.getui) }
        let jpush = try configuration(#"{"provider": "jpush", "jpush": {"appKey": "5a6e94518f6bd85ba173cf77"}}"#)
        #expect(try ([earlier] + factories.adapters).provider(for: jpush).id == .jpush)
        #expect(try (factories.adapters + [earlier]).provider(for: jpush).id == .getui)
        let getui = try configuration(#"{"provider": "getui", "getui": {"appId": "a", "appKey": "b", "appSecret": "c"}}"#)
        let error = #expect(throws: PushError.self) { try factories.adapters.provider(for: getui) }
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
            factories: factories, scheduler: ManualScheduler())
        #expect(jpush.provider.id == .jpush)
        let getui = try PushClient(
            configuration: configuration(#"{"provider": "getui", "getui": {"appId": "a", "appKey": "b", "appSecret": "c"}}"#),
            factories: factories, scheduler: ManualScheduler())
        #expect(getui.provider.id == .getui)
    }

    @Test func additionalProvidersAreMultiplexed() throws {
        let client = try PushClient(
            configuration: configuration(
                #"{"provider": "getui", "additionalProviders": ["jpush"], "getui": {"appId": "a", "appKey": "b", "appSecret": "c"}, "jpush": {"appKey": "5a6e94518f6bd85ba173cf77"}}"#
            ),
            factories: factories, scheduler: ManualScheduler())
        let multiplex = try #require(client.provider as? MultiplexProvider)
        #expect(multiplex.providers.map(\.id) == [.getui, .jpush])
    }

    @Test func anUnregisteredProviderIsAnError() throws {
        #expect {
            _ = try PushClient(configuration: configuration(#"{"provider": "apns"}"#), factories: factories, scheduler: ManualScheduler())
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
