@_spi(ProviderAuthor) import PushBridge
@_spi(ProviderAuthor) import PushBridgeGetui
@_spi(ProviderAuthor) import PushBridgeJPush
@_spi(ProviderAuthor) import PushBridgeTesting
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
                #"{"provider": "getui", "additionalProviders": ["jpush"], "getui": {"appId": "a", "appKey": "b", "appSecret": "c"}, "jpush": {"appKey": "5a6e94518f6bd85ba173cf77"}}"#),
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
