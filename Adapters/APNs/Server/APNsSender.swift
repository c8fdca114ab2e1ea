import PushBridgeCore
import PushBridgeServer

/// Sends through APNs directly: one HTTP/2 request per device token, with a provider token
/// (ES256 JWT) made once and reused for 50 minutes.
///
/// ```swift
/// let sender = APNsSender(keyID: "ABC123DEFG", teamID: "DEF123GHIJ", topic: "com.example.app",
///                         signer: try CryptoKitES256Signer(pemRepresentation: p8Text))
/// let results = try await sender.send(message, to: .deviceTokens([token]))
/// ```
///
/// Each token's `apns-id` is made before its first attempt and kept on every retry, so the
/// accepted ID is the one the app's events report and a retried request can be recognised.
///
/// Credentials fail fast: the provider token is signed before anything is sent (a key that
/// cannot sign throws), and APNs' first `InvalidProviderToken` (or `ExpiredProviderToken`
/// after one new token, or a server certificate the system does not trust) stops the send: the
/// tokens not yet sent are rejected with that reason and no request. A token refused as invalid
/// is dropped at once, from memory and from the ``APNsProviderTokenCache``.
public struct APNsSender: AdmittingPushSender, CustomStringConvertible, CustomReflectable {
    /// `.apns`.
    public var provider: PushProviderID { .apns }

    private let builder: APNsRequestBuilder
    private let token: APNsProviderToken
    private let options: PushSenderOptions
    private let loop: AttemptLoop

    /// A sender for the app `topic` (its bundle ID), signing with the key `keyID` of team
    /// `teamID`; with a `tokenCache`, the provider token is kept between processes (for a
    /// command run once per message: see ``APNsProviderTokenCache``). `environment` is the APNs
    /// environment of a message that names none (``PushMessage/environment``).
    public init(
        keyID: String, teamID: String, topic: String, signer: any ES256Signer, options: PushSenderOptions = PushSenderOptions(),
        tokenCache: APNsProviderTokenCache? = nil, environment: PushMessage.Environment = .production
    ) {
        builder = APNsRequestBuilder(topic: topic, baseURL: options.baseURLs[.apns], environment: environment)
        token = APNsProviderToken(keyID: keyID, teamID: teamID, signer: signer, cache: tokenCache)
        self.options = options
        loop = options.attemptLoop(defaultTransport: URLSessionTransport(policy: .keepAlive))
    }

    /// One request per device token; the `authorization` header holds a placeholder.
    public func plan(_ message: PushMessage, to audience: PushAudience) throws(PushError) -> [PlannedPushRequest] {
        let tokens = try Self.tokens(audience)
        for (index, token) in tokens.enumerated() where !APNsRequestBuilder.isWellFormed(token) {
            throw PushError(.invalidPayload, field: "audience.deviceTokens[\(index)]", "\(token.masked) is not a device token (expected hex digits)")
        }
        let body = try builder.body(message)
        let now = options.now()
        var planned: [PlannedPushRequest] = []
        for token in tokens {
            let request = try builder.request(
                message, token: token, body: body, apnsID: APNsRequestBuilder.newID(), now: now, authorization: "<provider token>")
            planned.append(PlannedPushRequest(request: request.withPlaceholderCredentials(), targets: [PushTarget(kind: .deviceToken, id: token)]))
        }
        return planned
    }

    /// Sends to every token, at most the options' concurrency at once. A token that is not
    /// hex is rejected without a request (`BadDeviceToken`, status 0).
    public func send(_ message: PushMessage, to audience: PushAudience, report: @escaping @Sendable (PushSendResult) -> Void) async throws(PushError)
    {
        try await send(message, to: audience, admitting: { true }, report: report)
    }

    /// Sends to every token as ``send(_:to:report:)`` does, awaiting `admit` before each
    /// token's request (see ``AdmittingPushSender``): the message's body is encoded once for
    /// all of them, each token's `apns-id` derived as in a send of its own.
    public func send(
        _ message: PushMessage, to audience: PushAudience, admitting admit: @escaping @Sendable () async -> Bool,
        report: @escaping @Sendable (PushSendResult) -> Void
    ) async throws(PushError) {
        let admission = Admission(admit)
        let tokens = try Self.tokens(audience)
        let body = try builder.body(message)
        _ = try builder.headers(message, apnsID: "", now: 0, authorization: "")  // the message's header errors, before anything leaves
        _ = try token.authorization(at: options.now())
        let builder = builder
        let providerToken = token
        let options = options
        let loop = loop
        let stop = SendStop()
        await forEachConcurrently(tokens, limit: options.maxConcurrentRequests) { deviceToken in
            guard await admission.next() else { return }
            let target = PushTarget(kind: .deviceToken, id: deviceToken)
            if let skipped = stop.skipped([target]) {
                skipped.forEach(report)
                return
            }
            guard APNsRequestBuilder.isWellFormed(deviceToken) else {
                report(
                    PushSendResult(
                        target: target, outcome: .rejected(PushRejection(status: 0, code: "BadDeviceToken", message: "not hex: never sent")),
                        attempts: 0))
                return
            }
            // One apns-id and one expiry for every attempt: a retry is the same notification.
            let apnsID = APNsRequestBuilder.id(for: message, token: deviceToken)
            let sentAt = options.now()
            let used = Locked<String?>(nil)
            let results = await loop.run(
                targets: [target],
                build: { refresh throws(PushError) in
                    let jwt = try providerToken.authorization(at: options.now(), afterExpiry: refresh)
                    used.withLock { $0 = jwt }
                    return try builder.request(message, token: deviceToken, body: body, apnsID: apnsID, now: sentAt, authorization: jwt)
                },
                interpret: { APNsResponseReader.verdict($0, sentID: apnsID) })
            for result in results {
                if case .rejected(let rejection) = result.outcome, rejection.code == "InvalidProviderToken", let jwt = used.withLock({ $0 }) {
                    // Refused as invalid: never sent again, here or by the next process.
                    providerToken.discard(jwt)
                }
            }
            stop.note(results)
            results.forEach(report)
        }
    }

    private static func tokens(_ audience: PushAudience) throws(PushError) -> [SecretText] {
        guard case .deviceTokens(let tokens) = audience else {
            throw PushError(
                .unsupported, field: "audience",
                "APNs addresses device tokens only, not \(audience.kind.rawValue)s (aliases, tags and everyone are JPush's and Getui's)")
        }
        guard !tokens.isEmpty else { throw PushError(.invalidPayload, field: "audience", "is empty: expected at least one device token") }
        return tokens
    }
}

extension APNsSender {
    /// The sender without its credentials.
    public var description: String { "APNsSender(topic: \(builder.topic))" }

    /// No credentials: the description alone.
    public var customMirror: Mirror { Mirror(self, children: ["sender": description], displayStyle: .struct) }
}
