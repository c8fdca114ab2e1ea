import PushBridgeCore
import PushBridgeFCMDefinition
import PushBridgeServer

/// Sends through Firebase Cloud Messaging's HTTP v1 API: one request per registration token
/// (FCM's v1 API addresses one target per message), or one to a topic or condition, with an
/// OAuth 2.0 access token bought with the service account's key and reused until shortly before
/// it expires.
///
/// ```swift
/// let account = try FCMServiceAccount(contentsOf: "service-account.json", field: "serviceAccountPath")
/// let sender = FCMSender(projectID: "my-app-1a2b3", serviceAccount: account)
/// let results = try await sender.send(message, to: .registrationIDs([fcmToken]))
/// ```
///
/// Credentials fail fast: the first access token is bought before anything is sent (no token,
/// nothing sent: the send throws), and a refusal that no other target can escape (the access
/// token refused again after one refresh, the service account not allowed, the APNs credentials
/// in Firebase's console wrong) stops the send; the targets not yet sent are reported with that
/// rejection and no request, never one refusal per target.
public struct FCMSender: AdmittingPushSender, CustomStringConvertible, CustomReflectable {
    /// `.fcm`.
    public var provider: PushProviderID { .fcm }

    private let builder: FCMRequestBuilder
    private let accessToken: FCMAccessToken
    private let options: PushSenderOptions
    private let loop: AttemptLoop

    /// FCM's host, which `options.baseURLs[.fcm]` replaces (an emulator's).
    public static let defaultBaseURL = "https://fcm.googleapis.com"

    /// A sender through the Firebase project `projectID`, authenticating as `serviceAccount`,
    /// signing its assertions with `signer` (by default the system's `openssl`); with
    /// `validateOnly`, FCM checks each message and delivers none (`validate_only: true`).
    public init(
        projectID: String, serviceAccount: FCMServiceAccount, signer: (any RS256Signer)? = nil, validateOnly: Bool = false,
        options: PushSenderOptions = PushSenderOptions()
    ) {
        builder = FCMRequestBuilder(projectID: projectID, baseURL: options.baseURLs[.fcm] ?? Self.defaultBaseURL, validateOnly: validateOnly)
        self.options = options
        let loop = options.attemptLoop(defaultTransport: URLSessionTransport(policy: URLSessionTransport.http1Default))
        self.loop = loop
        accessToken = FCMAccessToken(account: serviceAccount, signer: signer ?? Self.platformSigner(serviceAccount), loop: loop, now: options.now)
    }

    /// The system's `openssl`, or, where there is none, a signer that says to pass one.
    static func platformSigner(_ account: FCMServiceAccount) -> any RS256Signer {
        #if os(Linux) || os(macOS)
            OpenSSLCommandRS256Signer(privateKey: account.privateKey)
        #else
            MissingRS256Signer()
        #endif
    }

    /// The token exchange and one request per addressee; credentials as placeholders, the
    /// Live Activity token (`apns.live_activity_token`) masked.
    public func plan(_ message: PushMessage, to audience: PushAudience) throws(PushError) -> [PlannedPushRequest] {
        let addressees = try FCMRequestBuilder.addressees(audience)
        try Self.checkTokens(addressees)
        try FCMRequestBuilder.checkAudience(message, addressees)
        let body = FCMRequestBuilder.maskingLiveActivityToken(try builder.message(message, now: options.now()))
        let exchange = FCMAccessToken.exchangeRequest(tokenURI: "<service account's token_uri>", assertion: "<RS256-signed JWT>")
        return [PlannedPushRequest(request: exchange, targets: [])]
            + addressees.map { addressee in
                PlannedPushRequest(
                    request: builder.request(body, to: addressee, authorization: "Bearer <access token>").withPlaceholderCredentials(),
                    targets: [addressee.target])
            }
    }

    /// What the app receives: `aps`, the data keys beside it as strings, `gcm.message_id`.
    public func devicePayload(_ message: PushMessage) throws(PushError) -> JSONObject {
        try builder.devicePayload(message)
    }

    /// Buys the access token, then sends to every addressee, at most the options' concurrency at once.
    public func send(_ message: PushMessage, to audience: PushAudience, report: @escaping @Sendable (PushSendResult) -> Void) async throws(PushError)
    {
        try await send(message, to: audience, admitting: { true }, report: report)
    }

    /// Sends to every addressee as ``send(_:to:report:)`` does, awaiting `admit` before each
    /// addressee's request (see ``AdmittingPushSender``): the message is encoded once for all.
    public func send(
        _ message: PushMessage, to audience: PushAudience, admitting admit: @escaping @Sendable () async -> Bool,
        report: @escaping @Sendable (PushSendResult) -> Void
    ) async throws(PushError) {
        let admission = Admission(admit)
        let addressees = try FCMRequestBuilder.addressees(audience)
        try FCMRequestBuilder.checkAudience(message, addressees)
        let sentAt = options.now()
        let body = try builder.message(message, now: sentAt)
        _ = try await accessToken.token()
        let builder = builder
        let accessToken = accessToken
        let loop = loop
        let stopped = Locked<PushRejection?>(nil)
        await forEachConcurrently(addressees, limit: options.maxConcurrentRequests) { addressee in
            guard await admission.next() else { return }
            if let rejection = stopped.withLock({ $0 }) {
                report(PushSendResult(target: addressee.target, outcome: .rejected(rejection), attempts: 0))
                return
            }
            guard addressee.key != "token" || FCMRequestBuilder.isWellFormed(addressee.value) else {
                let rejection = PushRejection(
                    status: 0, code: "INVALID_ARGUMENT", message: "not a registration token (letters, digits, -, _, :): never sent")
                report(PushSendResult(target: addressee.target, outcome: .rejected(rejection), attempts: 0))
                return
            }
            let used = Locked<SecretText?>(nil)
            let results = await loop.run(
                targets: [addressee.target],
                build: { refresh throws(PushError) in
                    let token = try await accessToken.token(replacing: refresh ? used.withLock { $0 } : nil)
                    used.withLock { $0 = token }
                    return builder.request(body, to: addressee, authorization: "Bearer " + token.revealed)
                },
                interpret: FCMResponseReader.verdict)
            for result in results {
                if case .rejected(let rejection) = result.outcome, FCMResponseReader.isCredentialFailure(rejection) {
                    stopped.withLock { $0 = $0 ?? rejection }
                }
                report(result)
            }
        }
    }

    /// Every registration token well formed, for a plan.
    private static func checkTokens(_ addressees: [FCMRequestBuilder.Addressee]) throws(PushError) {
        for (index, addressee) in addressees.enumerated() where addressee.key == "token" && !FCMRequestBuilder.isWellFormed(addressee.value) {
            throw PushError(
                .invalidPayload, field: "audience.registrationIDs[\(index)]",
                "\(addressee.value.masked) is not a registration token (letters, digits, -, _, :)")
        }
    }
}

extension FCMSender {
    /// The sender without its credentials.
    public var description: String { "FCMSender(project: \(builder.projectID)\(builder.validateOnly ? ", validateOnly" : ""))" }

    /// No credentials: the description alone.
    public var customMirror: Mirror { Mirror(self, children: ["sender": description], displayStyle: .struct) }
}

/// Where the system has no `openssl` (iOS, tvOS): a signer that says to pass one.
struct MissingRS256Signer: RS256Signer {
    func sign(_ message: [UInt8]) throws(RS256SigningError) -> [UInt8] {
        throw RS256SigningError(
            "no RS256 signer on this platform: pass FCMSender(signer:) one (swift-crypto's _RSA.Signing, Examples/SwiftCryptoSigner)")
    }
}
