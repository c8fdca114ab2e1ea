import PushBridgeCore

/// What a provider's extension SDK answered when told a notification arrived.
public enum ServiceExtensionReport: Sendable, Equatable {
    /// The SDK finished its report. Getui's SDK also hands back attachments it downloaded
    /// itself and errors it met (`GeTuiExtSdk.h` line 24: "统计APNs到达情况和多媒体推送支持",
    /// delivery statistics and multimedia support); they are counted here.
    case reported(vendorAttachments: Int = 0, vendorErrors: Int = 0)
    /// The report could not be made (the SDK is missing, say).
    case failed(PushError)
}

/// A provider's delivery report from a notification service extension; APNs reports nothing. The
/// JPush and Getui reporters are in their own products (`PushBridgeJPushServiceExtension`,
/// `PushBridgeGetuiServiceExtension`): this module knows no vendor.
///
/// A backend protocol: the session picks the first reporter that ``claims(_:)`` the payload,
/// calls ``report(_:completion:)`` once and waits for the completion only as long as its time
/// budget allows — a reporter that never completes cannot hold the notification back.
///
/// ```swift
/// struct AcmeReporter: ServiceExtensionReporter {
///     var provider: PushProviderID { "acme" }
///     func claims(_ payload: JSONObject) -> Bool { payload["acme_id"] != nil }
///     func report(_ request: ServiceExtensionRequest, completion: @escaping @Sendable (ServiceExtensionReport) -> Void) {
///         completion(.reported())
///     }
/// }
/// ```
public protocol ServiceExtensionReporter: Sendable {
    /// The provider the report goes to, and the one the ledger names.
    var provider: PushProviderID { get }

    /// Whether the notification is this provider's: its message-ID key is in the payload.
    ///
    /// - Parameter payload: The notification's payload.
    /// - Returns: `true` when this reporter should report it.
    func claims(_ payload: JSONObject) -> Bool

    /// Reports the delivery; calls `completion` once when the SDK answers (or never, if the
    /// SDK never does: the session's deadline covers that).
    ///
    /// - Parameters:
    ///   - request: The notification.
    ///   - completion: Called with the outcome, on any thread.
    func report(_ request: ServiceExtensionRequest, completion: @escaping @Sendable (ServiceExtensionReport) -> Void)

    /// The system is about to end the extension (`serviceExtensionTimeWillExpire()`): release
    /// what the SDK holds (Getui's demos call `+destory` there). Called on every reporter.
    func timeWillExpire()
}

extension ServiceExtensionReporter {
    /// Nothing to release.
    public func timeWillExpire() {}
}
