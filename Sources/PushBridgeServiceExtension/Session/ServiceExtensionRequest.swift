import PushBridgeCore
import PushBridgeProviderKit

/// One notification a service extension was handed: its request identifier and its payload.
///
/// The platform-independent half of `UNNotificationRequest`: what ``ServiceExtensionSession``
/// needs to find the provider, the rich-media attachment and what to record.
///
/// ```swift
/// let request = ServiceExtensionRequest(identifier: "A1B2", payload: ["aps": ["mutable-content": 1]])
/// ```
public struct ServiceExtensionRequest: Sendable {
    /// The system's identifier of the notification request (`UNNotificationRequest.identifier`).
    public var identifier: String
    /// The notification's payload (`UNNotificationContent.userInfo`), converted at the edge.
    public var payload: JSONObject
    /// The system's own request object, for a reporter that hands it to a vendor SDK
    /// (JPush's and Getui's extension SDKs take the `UNNotificationRequest`), in the runtime's
    /// `PlatformObject`; `nil` in tests.
    public var platformRequest: PlatformObject?

    /// A request named `identifier` carrying `payload`.
    ///
    /// - Parameters:
    ///   - identifier: The request's identifier.
    ///   - payload: The notification's payload.
    ///   - platformRequest: The system's request object, when there is one.
    public init(identifier: String, payload: JSONObject, platformRequest: PlatformObject? = nil) {
        self.identifier = identifier
        self.payload = payload
        self.platformRequest = platformRequest
    }
}
