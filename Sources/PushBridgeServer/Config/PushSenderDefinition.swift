import PushBridgeCore

/// How one provider's sender is made from a server's configuration: what each sender product
/// registers (`APNsSenderDefinition`, `JPushSenderDefinition`, `GetuiSenderDefinition`).
public protocol PushSenderDefinition: Sendable {
    /// The provider, as the configuration's `provider` names it.
    var id: PushProviderID { get }
    /// The app's definition, to read the provider's section of the configuration (JPush's
    /// `appKey`, Getui's `appId`) exactly as the app reads it.
    var providerDefinition: any PushProviderDefinition { get }

    /// The sender, from the app's settings for the provider and the provider's key in the
    /// `server` section (`field` is its path, e.g. `server.jpush`, for errors).
    ///
    /// - Throws: `PushConfigurationError` naming each missing or malformed key.
    func makeSender(settings: (any PushProviderSettings)?, server: JSONObject, field: String, options: PushSenderOptions)
        throws(PushConfigurationError)
        -> any PushSender
}

/// How every sender sends: its transport, retries and concurrency.
public struct PushSenderOptions: Sendable {
    /// What carries the requests; `nil`: each sender's default `URLSessionTransport` (kept-alive
    /// HTTP/2 for APNs; ``URLSessionTransport/http1Default`` for JPush and Getui).
    public var transport: (any PushHTTPTransport)?
    /// When to try again.
    public var retryPolicy: RetryPolicy
    /// What waits between retries.
    public var sleeper: any PushSleeper
    /// The most requests in flight at once; 100 by default. Over a network a sender reaches at
    /// most this many ÷ the round trip (100 at 20 ms: 5,000 a second). On loopback
    /// (`Benchmarks/APNsRace`, 2 cores) throughput was flat from 16 to 1,000, while memory grew
    /// (about 35 KiB a request in flight) and above 100 Linux's `URLSession` opened more
    /// connections (6 at 250, 14 at 1,000): of the levels measured (16, 100, 250, 500, 1,000), 100
    /// is the highest that kept one.
    public var maxConcurrentRequests: Int
    /// The clock, in seconds since 1970 (provider tokens' `iat`, Getui's timestamp).
    public var now: @Sendable () -> Double
    /// A number in `0..<1` for the retries' jitter.
    public var random: @Sendable () -> Double
    /// The providers' hosts, replaced (a local emulator's `http://127.0.0.1:8080`), by provider.
    public var baseURLs: [PushProviderID: String]

    /// Options from their parts: `URLSession`, the standard retry policy, 100 requests at once.
    public init(
        transport: (any PushHTTPTransport)? = nil, retryPolicy: RetryPolicy = .standard, sleeper: any PushSleeper = TaskSleeper(),
        maxConcurrentRequests: Int = 100, now: @escaping @Sendable () -> Double = { PushSenderOptions.systemNow() },
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }, baseURLs: [PushProviderID: String] = [:]
    ) {
        self.transport = transport
        self.retryPolicy = retryPolicy
        self.sleeper = sleeper
        self.maxConcurrentRequests = max(1, maxConcurrentRequests)
        self.now = now
        self.random = random
        self.baseURLs = baseURLs
    }

    /// Seconds since 1970 by the system's clock.
    public static func systemNow() -> Double { SystemClock.secondsSince1970() }

    /// The attempt loop these options make, over their transport or else `defaultTransport`.
    package func attemptLoop(defaultTransport: @autoclosure () -> any PushHTTPTransport) -> AttemptLoop {
        AttemptLoop(transport: transport ?? defaultTransport(), policy: retryPolicy, sleeper: sleeper, random: random)
    }
}
