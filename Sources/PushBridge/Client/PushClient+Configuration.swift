import PushBridgeCore
import PushBridgeProviderKit

/// Making a client from a configuration file.
extension PushClient {
    /// A client whose provider the configuration picks among `factories`, with the features it
    /// switches on (`PushClientOptions.features`).
    ///
    /// - Throws: `PushError` when the configuration names a provider with no registered factory.
    @_spi(ProviderAuthor) public convenience init(
        configuration: PushConfiguration, factories: PushProviderFactories, options: PushClientOptions = PushClientOptions(),
        scheduler: any PushScheduler = DispatchScheduler()
    ) throws(PushError) {
        var options = options
        options.features = configuration.features
        self.init(provider: try factories.adapters.provider(for: configuration), options: options, scheduler: scheduler)
    }
}
