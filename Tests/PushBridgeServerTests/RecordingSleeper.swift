import Foundation
import PushBridge
import PushBridgeServer

/// A sleeper that records each delay asked for and returns at once: the tests check the
/// backoff without waiting for it, and without timing anything.
final class RecordingSleeper: PushSleeper, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Double] = []

    var delays: [Double] { lock.withLock { recorded } }

    func sleep(seconds: Double) async {
        lock.withLock { recorded.append(seconds) }
    }
}

extension PushSenderOptions {
    /// Options for an emulator at `baseURL`: no waiting, jitter fixed at its ceiling, a short
    /// request timeout.
    /// The transport is the one the provider's sender uses by default (kept-alive for APNs,
    /// ``URLSessionTransport/http1Default`` for JPush and Getui), with `timeout`.
    static func emulated(
        _ provider: PushProviderID, at baseURL: String, sleeper: RecordingSleeper, policy: RetryPolicy = .standard, timeout: Double = 10
    )
        -> PushSenderOptions
    {
        let connections = provider == .apns ? URLSessionTransport.ConnectionPolicy.keepAlive : URLSessionTransport.http1Default
        return PushSenderOptions(
            transport: URLSessionTransport(timeout: timeout, policy: connections), retryPolicy: policy, sleeper: sleeper, random: { 0.999_999 },
            baseURLs: [provider: baseURL])
    }
}
