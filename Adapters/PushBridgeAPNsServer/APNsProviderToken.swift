@_spi(ProviderAuthor) import PushBridge
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
    private let state = Locked<(token: String, issuedAt: Double)?>(nil)

    package init(keyID: String, teamID: String, signer: any ES256Signer) {
        self.keyID = keyID
        self.teamID = teamID
        self.signer = signer
    }

    /// The token to send at `now`: the current one while younger than
    /// ``maximumLifetime``, else a new one. `afterExpiry` (APNs answered
    /// `ExpiredProviderToken`) makes a new one only if the current is at least
    /// ``minimumLifetime`` old, so a refused token never causes a storm of new ones.
    package func token(at now: Double, afterExpiry: Bool = false) throws(ES256SigningError) -> String {
        let current = state.withLock { $0 }
        if let current {
            let age = now - current.issuedAt
            let stale = afterExpiry ? age >= Self.minimumLifetime : age >= Self.maximumLifetime || age < 0
            if !stale { return current.token }
        }
        let issuedAt = now.rounded(.down)
        let token = try Self.make(keyID: keyID, teamID: teamID, issuedAt: issuedAt, signer: signer)
        state.withLock { $0 = (token, issuedAt) }
        return token
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
