import PushBridgeCore

/// One provider's delivery reporter as an extension lists it: the provider's name and how to
/// make its reporter from the configuration file the app shares with the extension.
///
/// The vendors' products offer theirs (`.jpush` in `PushBridgeJPushServiceExtension`, `.getui`
/// in `PushBridgeGetuiServiceExtension`); plain APNs reports nothing and needs none:
///
/// ```swift
/// final class NotificationService: PushNotificationServiceExtension, @unchecked Sendable {
///     override var reporterAdapters: [ServiceExtensionReporterAdapter] { [.jpush, .getui] }
/// }
/// ```
public struct ServiceExtensionReporterAdapter: Sendable {
    /// Makes the reporter from the shared configuration; it throws a `PushError` naming the
    /// key it lacks, or the SDK missing from the extension. (Untyped `throws`: typed-throws
    /// function types need a newer runtime than iOS 13.)
    public typealias MakeReporter = @Sendable (ServiceExtensionConfiguration) throws -> any ServiceExtensionReporter

    /// The provider whose deliveries it reports, as `"provider"` names it.
    public let id: PushProviderID
    /// Makes the reporter.
    public let makeReporter: MakeReporter

    /// An adapter from its parts.
    public init(id: PushProviderID, makeReporter: @escaping MakeReporter) {
        self.id = id
        self.makeReporter = makeReporter
    }
}
