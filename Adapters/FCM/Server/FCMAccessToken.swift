import PushBridgeCore
import PushBridgeServer

/// FCM's OAuth 2.0 access token, bought with the service account's signed assertion and reused.
///
/// Google, "Using OAuth 2.0 for Server to Server Applications"
/// (https://developers.google.com/identity/protocols/oauth2/service-account), "Preparing to make
/// an authorized API call" (HTTP/REST): the JWT's header is `{"alg": "RS256", "typ": "JWT"}` (with
/// `kid`, the key's `private_key_id`, as Google's client libraries add); its claims `iss` (the
/// service account's email), `scope`, `aud` ("when making an access token request this value is
/// always https://oauth2.googleapis.com/token"; google-auth's `service_account.py` sends that
/// constant whatever the key's `token_uri`, which the comparison with firebase-admin showed),
/// `iat` and `exp` ("a maximum of 1 hour after the issued time"); it is posted to the key's
/// `token_uri`, form-encoded, with
/// `grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer&assertion=<JWT>`, and the answer is
/// `{"access_token", "expires_in", "token_type": "Bearer"}`. The scope is FCM's
/// (https://firebase.google.com/docs/cloud-messaging/auth-server).
///
/// One token is used until ``refreshMargin`` before it expires, then one exchange buys the next,
/// however many sends wait for it. A token FCM refuses (401) is replaced once (``token(replacing:)``).
package actor FCMAccessToken {
    /// FCM's OAuth scope.
    package static let scope = "https://www.googleapis.com/auth/firebase.messaging"
    /// `grant_type` of the exchange (RFC 7523 §2.1).
    package static let grantType = "urn:ietf:params:oauth:grant-type:jwt-bearer"
    /// The assertion's `aud`: Google's token endpoint, always (the page above).
    package static let audience = "https://oauth2.googleapis.com/token"
    /// The assertion's lifetime: Google's most, one hour.
    package static let assertionLifetime = 3600.0
    /// How long before its expiry a token is replaced: 5 minutes (our choice, for clock skew and
    /// a send's length; an inference, Google gives no figure).
    package static let refreshMargin = 300.0

    private let account: FCMServiceAccount
    private let signer: any RS256Signer
    private let loop: AttemptLoop
    private let now: @Sendable () -> Double
    private var current: (token: SecretText, expiresAt: Double)?
    private var pending: Task<Result<SecretText, PushError>, Never>?

    package init(account: FCMServiceAccount, signer: any RS256Signer, loop: AttemptLoop, now: @escaping @Sendable () -> Double) {
        self.account = account
        self.signer = signer
        self.loop = loop
        self.now = now
    }

    /// The token to send with: the current one while it is fresh and is not `stale` (the one FCM
    /// just refused), else a new one, one exchange for every caller waiting.
    ///
    /// - Throws: ``PushError`` naming `server.fcm.serviceAccount` when no token can be had.
    package func token(replacing stale: SecretText? = nil) async throws(PushError) -> SecretText {
        if let current, current.token != stale, now() < current.expiresAt { return current.token }
        if let pending { return try await pending.value.get() }
        let task = Task { await self.exchange() }
        pending = task
        let result = await task.value
        pending = nil
        return try result.get()
    }

    private func exchange() async -> Result<SecretText, PushError> {
        let issuedAt = now().rounded(.down)
        let assertion: String
        do {
            assertion = try Self.assertion(account: account, issuedAt: issuedAt, signer: signer)
        } catch {
            return .failure(
                PushError(
                    .providerFailure, field: "server.fcm.serviceAccount.private_key", "the OAuth assertion could not be signed: \(error.message)"))
        }
        let request = Self.exchangeRequest(tokenURI: account.tokenURI, assertion: assertion)
        let (result, _) = await loop.attempt(build: { _ in request }, interpret: Self.read)
        switch result {
        case .success(.token(let token, let expiresIn)):
            // A token that lives less than twice the margin is used for half its life.
            let margin = min(Self.refreshMargin, expiresIn / 2)
            current = (token, issuedAt + expiresIn - margin)
            return .success(token)
        case .success(.refused(let rejection)), .failure(.rejected(let rejection)), .failure(.failed(let rejection)):
            return .failure(PushError(.providerFailure, field: "server.fcm.serviceAccount", "no access token from \(account.tokenURI): \(rejection)"))
        }
    }

    /// The signed JWT: base64url(header).base64url(claims).base64url(signature).
    package static func assertion(account: FCMServiceAccount, issuedAt: Double, signer: any RS256Signer) throws(RS256SigningError) -> String {
        var header: JSONObject = ["alg": "RS256", "typ": "JWT"]
        if let keyID = account.privateKeyID { header["kid"] = .string(keyID.revealed) }
        let claims: JSONObject = [
            "iss": .string(account.clientEmail.revealed), "scope": .string(scope), "aud": .string(audience),
            "iat": .integer(Int64(issuedAt)), "exp": .integer(Int64(issuedAt + assertionLifetime)),
        ]
        let signingInput = Base64URL.encode(JSONWriter.bytes(from: .object(header))) + "." + Base64URL.encode(JSONWriter.bytes(from: .object(claims)))
        return signingInput + "." + Base64URL.encode(try signer.sign(Array(signingInput.utf8)))
    }

    /// `POST token_uri`, form-encoded (the assertion is base64url: no character needs escaping).
    package static func exchangeRequest(tokenURI: String, assertion: String) -> PushHTTPRequest {
        PushHTTPRequest(
            method: "POST", url: tokenURI, headers: [PushHTTPHeader("content-type", "application/x-www-form-urlencoded")],
            body: Array("grant_type=\(grantType.replacingColons)&assertion=\(assertion)".utf8))
    }

    /// The token endpoint's answer.
    enum Answer: Sendable {
        /// An access token, valid `expiresIn` seconds.
        case token(SecretText, expiresIn: Double)
        /// Refused for good.
        case refused(PushRejection)
    }

    /// What the token endpoint said: a token and its lifetime, or why not (retried when the
    /// endpoint is overloaded or failing).
    static func read(_ response: PushHTTPResponse) -> AttemptStep<Answer> {
        let body = response.jsonBody
        if response.status == 200, let token = body?["access_token"]?.stringValue, !token.isEmpty {
            let seconds = body?["expires_in"]?.integerValue.map(Double.init) ?? body?["expires_in"]?.numberValue ?? 3600
            return .done(.token(SecretText(token), expiresIn: max(1, seconds)))
        }
        // RFC 6749 §5.2: {"error": "invalid_grant", "error_description": …}; no secret in either.
        let code = body?["error"]?.stringValue ?? "HTTP \(response.status)"
        let rejection = PushRejection(status: response.status, code: code, message: body?["error_description"]?.stringValue ?? "")
        if response.status == 429 || response.status >= 500 {
            return .retry(rejection, after: RetryPolicy.seconds(retryAfter: response[header: "retry-after"]))
        }
        return .done(.refused(rejection))
    }
}

extension String {
    /// `:` as `%3A` (the form's one character to escape in `grant_type`).
    fileprivate var replacingColons: String { replacingOccurrences(of: ":", with: "%3A") }
}
