import Crypto
import Foundation
import PushBridgeCore
import PushBridgeFCMServer
import PushBridgeServer
import _CryptoExtras

/// RS256 with swift-crypto: `_RSA.Signing.PrivateKey` from the service account's `private_key`
/// (PEM), its PKCS #1 v1.5 signature over SHA-256 (`.insecurePKCS1v1_5` is swift-crypto's name for
/// that padding, which JWS's RS256 requires: RFC 7518 §3.3).
public struct SwiftCryptoRS256Signer: RS256Signer {
    /// The key's PEM: swift-crypto's key is made when it signs, once per access token.
    private let pem: SecretText

    /// A signer with the service account's `private_key`.
    public init(pemRepresentation: SecretText) throws(RS256SigningError) {
        do {
            _ = try _RSA.Signing.PrivateKey(pemRepresentation: pemRepresentation.revealed)
        } catch {
            throw RS256SigningError("the private key is not an RSA key in PEM: \(type(of: error))")
        }
        pem = pemRepresentation
    }

    /// The PKCS #1 v1.5 signature of `message`'s SHA-256.
    public func sign(_ message: [UInt8]) throws(RS256SigningError) -> [UInt8] {
        do {
            let key = try _RSA.Signing.PrivateKey(pemRepresentation: pem.revealed)
            return [UInt8](try key.signature(for: Crypto.SHA256.hash(data: message), padding: .insecurePKCS1v1_5).rawRepresentation)
        } catch {
            throw RS256SigningError("swift-crypto could not sign: \(type(of: error))")
        }
    }
}

extension FCMSenderDefinition {
    /// FCM's sender definition, signing with swift-crypto.
    public static var swiftCrypto: FCMSenderDefinition {
        FCMSenderDefinition(makeSigner: { account in try SwiftCryptoRS256Signer(pemRepresentation: account.privateKey) })
    }
}
