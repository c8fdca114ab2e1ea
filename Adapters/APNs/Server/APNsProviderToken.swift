import PushBridgeCore
import PushBridgeServer

/// APNs' provider token: a JWT signed with ES256, made once and reused.
///
/// Apple, "Establishing a token-based connection to APNs"
/// (https://developer.apple.com/documentation/usernotifications/establishing-a-token-based-connection-to-apns):
/// the header is `{"alg": "ES256", "kid": <key ID>}`, the claims `{"iss": <team ID>, "iat":
/// <seconds since 1970>}`; "refresh your token no more than once every 20 minutes and no less
/// than once every 60 minutes". More often is refused with `429 TooManyProviderTokenUpdates`; a
/// token older than an hour with `403 ExpiredProviderToken`.
package final class APNsProviderToken: Sendable {
    /// The fewest seconds between two tokens (Apple: 20 minutes).
    package static let minimumLifetime = 20.0 * 60
    /// The most seconds one token is used (Apple: 60 minutes; 10 minutes' margin for clocks).
    package static let maximumLifetime = 50.0 * 60

    private let keyID: String
    private let teamID: String
    private let signer: any ES256Signer
    private let cache: APNsProviderTokenCache?
    private let note: @Sendable (String) -> Void
    private let state = Locked<(token: String, issuedAt: Double)?>(nil)

    /// A token for the key `keyID` of team `teamID`; with a `cache`, one a previous process
    /// stored is reused while young enough, and each new one is stored. The cache's `report`
    /// hears what it could not do (a file others may read, a folder that cannot be written).
    package init(keyID: String, teamID: String, signer: any ES256Signer, cache: APNsProviderTokenCache? = nil) {
        self.keyID = keyID
        self.teamID = teamID
        self.signer = signer
        self.cache = cache
        let silent: @Sendable (String) -> Void = { _ in }
        self.note = cache.map(\.report) ?? silent
    }

    /// The token to send at `now`: the current one while younger than
    /// ``maximumLifetime``, else the cache's if younger, else a new one. `afterExpiry` (APNs
    /// answered `ExpiredProviderToken`) makes a new one only if the current is at least
    /// ``minimumLifetime`` old, so a refused token never causes a storm of new ones.
    ///
    /// Decided and signed under the lock: requests that begin together (a campaign worker's
    /// batches, each a send of its own) share one new token, where each would otherwise sign its
    /// own and APNs refuse all but the first with `429 TooManyProviderTokenUpdates` for 20
    /// minutes.
    package func token(at now: Double, afterExpiry: Bool = false) throws(ES256SigningError) -> String {
        try state.withLock { current in
            Result { () throws(ES256SigningError) in try token(replacing: &current, at: now, afterExpiry: afterExpiry) }
        }.get()
    }

    /// ``token(at:afterExpiry:)`` with the lock held: `current` is the token in use.
    private func token(replacing current: inout (token: String, issuedAt: Double)?, at now: Double, afterExpiry: Bool)
        throws(ES256SigningError) -> String
    {
        if let inUse = current ?? cached(at: now) {
            let age = now - inUse.issuedAt
            let stale = afterExpiry ? age >= Self.minimumLifetime : age >= Self.maximumLifetime || age < 0
            if !stale {
                current = inUse
                return inUse.token
            }
            // Another process may have stored a newer one since.
            if !afterExpiry, let stored = cached(at: now), stored.token != inUse.token {
                current = stored
                return stored.token
            }
        }
        let issuedAt = now.rounded(.down)
        let token = try Self.make(keyID: keyID, teamID: teamID, issuedAt: issuedAt, signer: signer)
        current = (token, issuedAt)
        if let cache, let fingerprint = signer.keyFingerprint {
            do {
                try cache.store(
                    APNsProviderTokenCache.Entry(token: token, keyID: keyID, teamID: teamID, issuedAt: issuedAt, keyFingerprint: fingerprint))
            } catch {
                note("the provider token was not kept for the next run: \(error.message)")
            }
        }
        return token
    }

    /// The cache's token for this key, if it is younger than ``maximumLifetime`` at `now`.
    private func cached(at now: Double) -> (token: String, issuedAt: Double)? {
        guard let cache else { return nil }
        switch cache.lookup(keyID: keyID, teamID: teamID, keyFingerprint: signer.keyFingerprint) {
        case .found(let entry):
            let age = now - entry.issuedAt
            return age >= 0 && age < Self.maximumLifetime ? (entry.token, entry.issuedAt) : nil
        case .none:
            return nil
        case .refused(let why):
            note("the kept provider token is not used: \(why); a new one replaces it")
            return nil
        }
    }

    /// Forgets `token` (APNs refused it as invalid: `InvalidProviderToken`), here and in the
    /// cache, so the next request signs a new one with the key as it is now.
    package func discard(_ token: String) {
        state.withLock { current in
            if current?.token == token { current = nil }
        }
        cache?.remove(token, keyID: keyID, teamID: teamID)
    }

    /// ``token(at:afterExpiry:)``, a signing failure as a ``PushError`` naming the key file.
    package func authorization(at now: Double, afterExpiry: Bool = false) throws(PushError) -> String {
        do {
            return try token(at: now, afterExpiry: afterExpiry)
        } catch {
            throw PushError(.providerFailure, field: "server.apns.privateKeyPath", "the provider token could not be signed: \(error.message)")
        }
    }

    /// A JWT: base64url(header).base64url(claims).base64url(r‖s).
    package static func make(keyID: String, teamID: String, issuedAt: Double, signer: any ES256Signer) throws(ES256SigningError) -> String {
        let header = JSONWriter.bytes(from: ["alg": "ES256", "kid": .string(keyID)])
        let claims = JSONWriter.bytes(from: ["iss": .string(teamID), "iat": .integer(Int64(issuedAt))])
        let signingInput = Base64URL.encode(header) + "." + Base64URL.encode(claims)
        let signature = try signer.sign(Array(signingInput.utf8))
        return signingInput + "." + Base64URL.encode(signature)
    }
}
